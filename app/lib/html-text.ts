// The text of a little safe HTML (a rendered post), for structured data and descriptions.
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" };

export function textOfHtml(html: string): string {
  // Inline marks go without a trace ("<em>ice</em>?" is "ice?"); blocks and breaks leave a space.
  return html
    .replace(/<\/?(?:strong|em|a|code|b|i)\b[^>]*>/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e])
    .replace(/\s+/g, " ")
    .trim();
}
