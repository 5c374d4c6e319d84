// The text of a little safe HTML (a rendered post), for structured data and descriptions.
import { unescapeHtml } from "./escape";

export function textOfHtml(html: string): string {
  // Inline marks go without a trace ("<em>ice</em>?" is "ice?"); blocks and breaks leave a space.
  const tagless = html.replace(/<\/?(?:strong|em|a|code|b|i)\b[^>]*>/g, "").replace(/<[^>]*>/g, " ");
  return unescapeHtml(tagless).replace(/\s+/g, " ").trim();
}
