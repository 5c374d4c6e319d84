import { describe, expect, it } from "vitest";
import { postHtml, postPlainText } from "./post-markdown.server";

const REL = 'rel="ugc nofollow noopener noreferrer"';

describe("members' posts as safe Markdown", () => {
  it("renders the subset: paragraphs, line breaks, bold, italic, lists and links", () => {
    const html = postHtml(
      "Warm **wax** helps, *mostly*.\nSecond line.\n\n- gloves\n- a jar opener\n\n1. soak\n2. stretch\n\n[Arthritis Foundation](https://www.arthritis.org/)",
    );
    expect(html).toContain("<p>Warm <strong>wax</strong> helps, <em>mostly</em>.<br />\nSecond line.</p>");
    expect(html).toContain("<ul>\n<li>gloves</li>\n<li>a jar opener</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>soak</li>\n<li>stretch</li>\n</ol>");
    expect(html).toContain(`<a href="https://www.arthritis.org/" ${REL}>Arthritis Foundation</a>`);
  });

  it("shows typed HTML as text: no script, no image, no handler ever becomes an element", () => {
    const html = postHtml(`<script>alert("x")</script> <img src=x onerror="alert(1)"> <a href="https://e.test" onclick="x()">hi</a>`);
    expect(html).not.toMatch(/<(script|img)\b/);
    // No element carries a handler; the typed anchor is text (its bare address alone is linked).
    expect(html).not.toMatch(/<[a-z]+\b[^>]*\son\w+=/i);
    expect(html).toContain("&lt;a href=");
    expect(html).toContain(`&lt;script&gt;alert("x")&lt;/script&gt;`);
    expect(html).toContain(`&lt;img src=x onerror="alert(1)"&gt;`);
  });

  it("drops links to anything but http(s) and mail, keeping their text", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "vbscript:x", "file:///etc/passwd"]) {
      const html = postHtml(`[click me](${href})`);
      expect(html, href).not.toContain("<a ");
      expect(html, href).toContain("click me");
    }
    expect(postHtml("[mail](mailto:help@example.com)")).toContain(`<a href="mailto:help@example.com" ${REL}>mail</a>`);
  });

  it("makes a bare 300-character address one link with the rel attribute", () => {
    const address = `https://example.com/${"a".repeat(280)}`;
    expect(address.length).toBeGreaterThanOrEqual(300);
    const html = postHtml(`See ${address} for more.`);
    expect(html).toBe(`<p>See <a href="${address}" ${REL}>${address}</a> for more.</p>\n`);
  });

  it("leaves out what is not in the subset: headings, quotes, images, raw blocks", () => {
    const html = postHtml("# Big\n\n> quoted\n\n![pic](https://e.test/p.png)\n\n---");
    expect(html).not.toMatch(/<(h\d|blockquote|img|hr)\b/);
    expect(html).toContain("# Big");
  });

  it("gives excerpts the words without the marks", () => {
    expect(postPlainText("**Heat** or *ice*?\n\n- mornings: heat\n- [link](https://e.test) & more")).toBe("Heat or ice? mornings: heat link & more");
    expect(postPlainText("<script>x</script>")).toBe("<script>x</script>");
  });
});
