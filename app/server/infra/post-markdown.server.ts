// What members write (forum posts, stories) and editors' blog posts are stored exactly as typed
// and shown with a small, safe part of Markdown: paragraphs, line breaks, bold, italic, lists and
// links. markdown-it renders it with raw HTML off (a typed <script> shows as text), bare web
// addresses become links, and the result then passes an allow-list (sanitize-html) that also gives
// every link rel="ugc nofollow noopener noreferrer": whatever the parser lets through, nothing
// else reaches a page.
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { textOfHtml } from "~/lib/html-text";

// One parser for the process; only the rules of the subset are on.
const md = new MarkdownIt("zero", { html: false, breaks: true, linkify: true, typographer: false }).enable([
  "paragraph",
  "newline",
  "emphasis",
  "list",
  "link",
  "linkify",
  "escape",
  "entity",
  "backticks",
]);

const LINK_REL = "ugc nofollow noopener noreferrer";

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "ul", "ol", "li", "a", "code"],
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: { href: attribs.href ?? "", rel: LINK_REL } }) },
  // A link whose address was dropped (another scheme) keeps its text, not an empty anchor.
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
};

/** A post's text as safe HTML for a page. */
export function postHtml(text: string): string {
  return sanitizeHtml(md.render(text), ALLOWED);
}

/** A post's text without its Markdown marks, on one line: for excerpts and descriptions. */
export function postPlainText(text: string): string {
  return textOfHtml(md.render(text));
}
