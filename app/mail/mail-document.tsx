// Every mail the site sends is one React component, rendered once to HTML; its plain-text part is
// that HTML as text (html-to-text), so both parts always say the same. The HTML is a whole
// document: its character set first (or mail programs guess, and "Zoë" comes out garbled), the
// language, and the subject as its title, which "view in browser" and screen readers show.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { convert } from "html-to-text";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const BODY_STYLE = { fontFamily: "sans-serif", fontSize: "16px", lineHeight: 1.5, color: "#1f2933" } as const;
const HEADING_STYLE = { fontSize: "20px", lineHeight: 1.3 } as const;
const SMALL_STYLE = { fontSize: "14px" } as const;
// React writes void elements as `<meta ... />`; in HTML the slash means nothing, and the Nu HTML
// Checker notes each one. Attribute values never hold a raw ">" (React escapes it).
const VOID_SLASH = /<(meta|hr|br|img)\b([^>]*?)\/>/g;

function MailDocument({ subject, children }: { subject: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={BODY_STYLE}>
        <main>
          <h1 style={HEADING_STYLE}>{subject}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

/** The small print under a mail's words, after a rule. */
export function MailFooter({ children }: { children: ReactNode }) {
  return (
    <footer style={SMALL_STYLE}>
      <hr />
      {children}
    </footer>
  );
}

/** A link the reader can see whole: its address is its text (reset and confirmation links). */
export function PlainLink({ href }: { href: string }) {
  return <a href={href}>{href}</a>;
}

/** The plain-text part of a mail: what its HTML says, links written out after their words. */
export function mailText(html: string): string {
  const text = convert(html, {
    wordwrap: false,
    baseElements: { selectors: ["main"] },
    selectors: [
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false, leadingLineBreaks: 2 } },
      { selector: "hr", options: { length: 2 } },
      { selector: "ul", options: { itemPrefix: "- " } },
      // A quote stays with the lines around it (a notification's item: what happened, the quote, the link).
      { selector: "blockquote", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ],
  });
  return text.replace(/[ \t]+$/gm, "");
}

export function renderMail(subject: string, body: ReactNode): RenderedMail {
  const html = `<!doctype html>${renderToStaticMarkup(<MailDocument subject={subject}>{body}</MailDocument>)}`.replace(VOID_SLASH, "<$1$2>");
  return { subject, html, text: mailText(html) };
}
