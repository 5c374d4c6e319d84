import { describe, expect, it } from "vitest";
import { escapeHtml, escapeRssTitle, escapeXml, unescapeHtml } from "./escape";

describe("escape", () => {
  it("escapes the five characters that matter in HTML text and attribute values", () => {
    expect(escapeHtml(`O'Hare <Heights> & "Co"`)).toBe("O&#39;Hare &lt;Heights&gt; &amp; &quot;Co&quot;");
  });

  it("drops what XML 1.0 forbids before escaping", () => {
    expect(escapeXml("a\u0001b\uFFFE & <c>")).toBe("ab &amp; &lt;c&gt;");
  });

  it("writes an RSS title's &, < and > as hexadecimal references", () => {
    expect(escapeRssTitle(`Tips & <tricks> "here"`)).toBe(`Tips &#x26; &#x3C;tricks&#x3E; "here"`);
  });

  it("decodes what escapeHtml writes, once", () => {
    const text = `O'Hare <Heights> & "Co" &amp;`;
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
  });
});
