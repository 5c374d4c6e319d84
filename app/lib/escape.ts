// The one place where text becomes markup by hand: HTML written as strings (city pages, mails,
// guide links), the sitemap and the feed, and back again for plain text. React escapes what it
// renders itself; these are for the strings no component renders.

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML element content or a quoted attribute value (either quote). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);
}

// Characters XML 1.0 does not allow at all (control characters, lone surrogates, U+FFFE/F).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for XML element content and attribute values, dropping the characters XML forbids. */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(INVALID_XML, ""));
}

// An RSS title is plain text. The RSS Best Practices Profile's hexadecimal references for "&",
// "<" and ">" are what most feed readers show as those characters.
const RSS_TITLE_REFERENCES: Record<string, string> = { "&": "&#x26;", "<": "&#x3C;", ">": "&#x3E;" };

/** Text for an RSS item's title. */
export function escapeRssTitle(text: string): string {
  return text.replace(INVALID_XML, "").replace(/[&<>]/g, (c) => RSS_TITLE_REFERENCES[c]);
}

const DECODED: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" };

/** The text behind the entities our own renderers write (escapeHtml's, markdown-it's, React's). */
export function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => DECODED[e]);
}
