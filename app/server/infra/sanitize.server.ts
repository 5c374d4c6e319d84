// Untrusted HTML (city-service page content written by admins or imported from CSV) passes
// through an allow-list before it is stored and again before it is rendered. Anything not on the
// list is dropped: scripts, styles, frames, plug-ins, forms, SVG/MathML, event handlers, class and
// style attributes (nothing can hide text), and URLs other than http(s), mailto, tel and relative.
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = "h2 h3 h4 p ul ol li strong em b i a blockquote br img table thead tbody tr th td".split(" ");

/** Elements whose text content is dropped along with the element. */
const DROP_WITH_CONTENT = "script style textarea option select xmp noscript noembed noframes iframe object embed template title svg math head plaintext".split(
  " ",
);

const DIMENSION = /^\d{1,4}$/;
const SPAN = /^\d{1,3}$/;

function isExternal(href: string) {
  return /^https?:\/\//i.test(href.trim());
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // Headings keep their text and their place in the outline: the page itself owns the h1.
    h1: sanitizeHtml.simpleTransform("h2", {}, false),
    h5: sanitizeHtml.simpleTransform("h4", {}, false),
    h6: sanitizeHtml.simpleTransform("h4", {}, false),
    // Attributes are rebuilt from scratch, so only the ones named here can survive.
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.href !== undefined) {
        out.href = attribs.href;
        if (isExternal(attribs.href)) {
          out.rel = "noopener noreferrer";
          out.target = "_blank";
        }
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { alt: attribs.alt ?? "", loading: "lazy" };
      if (attribs.src !== undefined) out.src = attribs.src;
      if (attribs.width && DIMENSION.test(attribs.width)) out.width = attribs.width;
      if (attribs.height && DIMENSION.test(attribs.height)) out.height = attribs.height;
      return { tagName, attribs: out };
    },
    th: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.scope && ["row", "col", "rowgroup", "colgroup"].includes(attribs.scope)) out.scope = attribs.scope;
      if (attribs.colspan && SPAN.test(attribs.colspan)) out.colspan = attribs.colspan;
      if (attribs.rowspan && SPAN.test(attribs.rowspan)) out.rowspan = attribs.rowspan;
      return { tagName, attribs: out };
    },
    td: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.colspan && SPAN.test(attribs.colspan)) out.colspan = attribs.colspan;
      if (attribs.rowspan && SPAN.test(attribs.rowspan)) out.rowspan = attribs.rowspan;
      return { tagName, attribs: out };
    },
  },
  // An image whose source was removed (a data: or javascript: URL) is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Returns the allowed subset of `html`, safe to render as raw HTML. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when nothing visible would remain after sanitising (only unsafe markup or whitespace). */
export function isEffectivelyEmpty(sanitized: string) {
  return (
    sanitized
      .replace(/<br\s*\/?>/gi, "")
      .replace(/<(?!img\b)[^>]*>/gi, "")
      .replace(/&nbsp;/g, " ")
      .trim() === ""
  );
}
