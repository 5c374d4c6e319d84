// The allow-list sanitiser for city-service page content: known XSS vectors leave nothing that
// can run script or hide text, and the markup editors are meant to use survives intact.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeContent } from "~/server/infra/sanitize.server";

const ALLOWED_TAGS = new Set("h2 h3 h4 p ul ol li strong em b i a blockquote br img table thead tbody tr th td".split(" "));
const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(["href", "rel", "target"]),
  img: new Set(["src", "alt", "width", "height", "loading"]),
  th: new Set(["scope", "colspan", "rowspan"]),
  td: new Set(["colspan", "rowspan"]),
};

function decodeEntities(value: string) {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * Every `<` in the output must open or close an allowed element whose attributes are allowed and
 * whose URLs use a safe scheme. Text never contains a raw `<`: the sanitiser escapes it.
 */
function assertSafe(output: string, label: string) {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:="[^"]*")?)*)\s*(\/?)>/y;
  for (let i = output.indexOf("<"); i !== -1; i = output.indexOf("<", i + 1)) {
    tag.lastIndex = i;
    const m = tag.exec(output);
    expect(m, `${label}: a '<' that does not start a well-formed tag in ${output}`).not.toBeNull();
    const [, , name, attrs] = m!;
    expect(ALLOWED_TAGS.has(name.toLowerCase()), `${label}: <${name}> in ${output}`).toBe(true);
    for (const a of attrs.matchAll(/\s+([^\s=]+)(?:="([^"]*)")?/g)) {
      const attr = a[1].toLowerCase();
      expect(ALLOWED_ATTRIBUTES[name]?.has(attr) ?? false, `${label}: attribute ${attr} on <${name}> in ${output}`).toBe(true);
      expect(attr.startsWith("on"), `${label}: event handler in ${output}`).toBe(false);
      if (attr === "href" || attr === "src") {
        const url = decodeEntities(a[2] ?? "")
          // eslint-disable-next-line no-control-regex
          .replace(/[\u0000-\u0020\u007f-\u009f]/g, "")
          .toLowerCase();
        expect(url, `${label}: unsafe URL in ${output}`).not.toMatch(/^(javascript|data|vbscript|file|blob):/);
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
        if (scheme) expect(attr === "src" ? ["http", "https"] : ["http", "https", "mailto", "tel"]).toContain(scheme);
        expect(url.startsWith("//"), `${label}: protocol-relative URL`).toBe(false);
      }
    }
  }
  expect(output).not.toMatch(
    /<\s*(script|style|iframe|object|embed|svg|math|form|input|meta|base|link|template|textarea|xmp|noscript|body|details|video|source)\b/i,
  );
}

const VECTORS: [string, string][] = [
  ["script tag", `<script>alert(1)</script>`],
  ["upper-case script with src", `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`],
  ["mixed-case script", `<ScRiPt>alert(1)</sCrIpT>`],
  ["typed script", `<script type="text/javascript">alert(document.cookie)</script>`],
  ["split script", `<scr<script>ipt>alert(1)</scr</script>ipt>`],
  ["doubled brackets", `<<script>script>alert(1)//<</script>/script>`],
  ["script with a slash attribute", `<script/xss src="x.js"></script>`],
  ["unclosed script", `<p>text<script>alert(1)`],
  ["img onerror", `<img src=x onerror=alert(1)>`],
  ["img javascript src", `<IMG SRC="javascript:alert('XSS');">`],
  ["img tab-split scheme", `<img src="jav&#x09;ascript:alert(1)">`],
  ["img eval of src", `<img src=x:alert(alt) onerror=eval(src) alt=0>`],
  ["img data src", `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="x">`],
  ["unclosed img", `<img src=x onerror=alert(1)`],
  ["svg onload", `<svg onload=alert(1)>`],
  ["script in svg", `<svg><script>alert(1)</script></svg>`],
  ["svg animate href", `<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>`],
  ["javascript href", `<a href="javascript:alert(1)">x</a>`],
  ["mixed-case javascript href", `<a href="JaVaScRiPt:alert(1)">x</a>`],
  ["decimal-entity javascript href", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`],
  ["hex-entity javascript href", `<a href="&#x6A;avascript&colon;alert(1)">x</a>`],
  ["zero-padded entity colon", `<a href="javascript&#0000058alert(1)">x</a>`],
  ["leading space javascript href", `<a href="  javascript:alert(1)">x</a>`],
  ["newline inside scheme", `<a href="java\nscript:alert(1)">x</a>`],
  ["control character before scheme", `<a href="&#14;javascript:alert(1)">x</a>`],
  ["data href", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`],
  ["vbscript href", `<a href="vbscript:msgbox(1)">x</a>`],
  ["protocol-relative href", `<a href="//evil.example/phish">x</a>`],
  ["iframe javascript", `<iframe src="javascript:alert(1)"></iframe>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["object", `<object data="javascript:alert(1)"></object>`],
  ["embed", `<embed src="javascript:alert(1)">`],
  ["style element with url", `<style>body{background:url("javascript:alert(1)")}</style>`],
  ["style expression", `<p style="width: expression(alert(1))">x</p>`],
  ["style url", `<div style="background-image: url(javascript:alert(1))">x</div>`],
  ["style attribute hiding text", `<p style="display:none">hidden text</p>`],
  ["class hiding text", `<p class="sr-only hidden">hidden text</p>`],
  ["hidden attribute", `<p hidden>hidden text</p>`],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["form action", `<form action="javascript:alert(1)"><input type="submit" value="Go"></form>`],
  ["button formaction", `<button formaction="javascript:alert(1)">x</button>`],
  ["base href", `<base href="javascript:alert(1)//">`],
  ["link stylesheet", `<link rel=stylesheet href="javascript:alert(1)">`],
  ["onclick on an allowed tag", `<p onclick="alert(1)">x</p>`],
  ["onmouseover on a link", `<a href="/ok" onmouseover="alert(1)">x</a>`],
  ["autofocus onfocus", `<h2 onfocus=alert(1) autofocus tabindex=0>x</h2>`],
  ["details ontoggle", `<details open ontoggle=alert(1)>`],
  ["body onload", `<body onload=alert(1)>`],
  ["video source onerror", `<video><source onerror=alert(1)></video>`],
  ["template", `<template><script>alert(1)</script></template>`],
  ["xmp", `<xmp><img src=x onerror=alert(1)></xmp>`],
  ["textarea", `<textarea><img src=x onerror=alert(1)></textarea>`],
  ["noscript mutation", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`],
  ["math mutation", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`],
  ["comment", `<!--<img src=x onerror=alert(1)>-->`],
  ["cdata", `<![CDATA[<script>alert(1)</script>]]>`],
  ["isindex", `<isindex type=image src=1 onerror=alert(1)>`],
  ["table background", `<table background="javascript:alert(1)"><tr><td onclick="x()">1</td></tr></table>`],
  ["quote breaking attribute", `<img alt='"><script>alert(1)</script>' src="https://ok.example/a.png">`],
  ["null byte in tag", `<scri\u0000pt>alert(1)</scri\u0000pt>`],
];

describe("known XSS vectors", () => {
  it("covers at least 30 vectors", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30);
  });

  for (const [label, input] of VECTORS) {
    it(`neutralises: ${label}`, () => {
      const output = sanitizeContent(input);
      assertSafe(output, label);
      expect(output).not.toMatch(/<script|javascript:|vbscript:|data:text/i);
      // Sanitising twice changes nothing more.
      expect(sanitizeContent(output)).toBe(output);
    });
  }

  it("the safety check itself rejects every vector before sanitising", () => {
    for (const [label, input] of VECTORS) expect(() => assertSafe(input, label), label).toThrow();
  });

  it("keeps the text of a paragraph whose style or class tried to hide it", () => {
    expect(sanitizeContent(`<p style="display:none">hidden text</p>`)).toBe("<p>hidden text</p>");
    expect(sanitizeContent(`<p class="sr-only">hidden text</p>`)).toBe("<p>hidden text</p>");
  });

  it("holds for random mixtures of dangerous fragments", () => {
    const fragments = [
      ...VECTORS.map(([, v]) => v),
      "<",
      ">",
      '"',
      "'",
      "=",
      "<a ",
      "<img ",
      "<p ",
      " href=",
      " src=",
      " onerror=",
      "javascript:",
      "&#",
      "x",
      "</",
      "<!--",
      "-->",
      "/>",
      " ",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 12 }), (parts) => {
        const output = sanitizeContent(parts.join(""));
        // Text may say "javascript:" (escaped, inert); no tag or URL may carry it.
        assertSafe(output, parts.join(""));
        expect(output).not.toMatch(/<script/i);
        assertSafe(sanitizeContent(output), parts.join(""));
      }),
      { numRuns: 400 },
    );
  });
});

describe("allowed markup", () => {
  it("survives intact", () => {
    const html =
      "<h2>Living with RA</h2><h3>Mornings</h3><h4>Tips</h4>" +
      "<p>Text with <strong>strong</strong>, <em>em</em>, <b>b</b> and <i>i</i>.<br />A new line.</p>" +
      "<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>" +
      "<blockquote>It gets easier.</blockquote>" +
      '<table><thead><tr><th scope="col">Day</th><th scope="col">Minutes</th></tr></thead><tbody><tr><td>Mon</td><td colspan="2">30</td></tr></tbody></table>' +
      '<p><a href="/forum">Ask the community</a>, <a href="#tips">jump</a>, <a href="mailto:support@capsiva.example">email</a> or <a href="tel:+18002277482">call</a>.</p>';
    expect(sanitizeContent(html)).toBe(html);
  });

  it("opens external links in a new tab without giving the other page a handle on this one", () => {
    expect(sanitizeContent('<a href="https://www.arthritis.org" target="_self" rel="opener">Arthritis Foundation</a>')).toBe(
      '<a href="https://www.arthritis.org" rel="noopener noreferrer" target="_blank">Arthritis Foundation</a>',
    );
    expect(sanitizeContent('<a href="/blog" target="_blank">Blog</a>')).toBe('<a href="/blog">Blog</a>');
  });

  it("keeps images with http(s) or relative sources, lazily loaded, and drops the rest", () => {
    expect(sanitizeContent('<img src="https://cdn.example/hands.png" alt="Hands" width="640" height="480" class="x">')).toBe(
      '<img alt="Hands" loading="lazy" src="https://cdn.example/hands.png" width="640" height="480" />',
    );
    expect(sanitizeContent('<img src="/images/a.png" alt="A">')).toBe('<img alt="A" loading="lazy" src="/images/a.png" />');
    expect(sanitizeContent('<p>x<img src="data:image/png;base64,AAAA" alt="d"></p>')).toBe("<p>x</p>");
    expect(sanitizeContent('<img src="https://a.example/b.png" width="100%" alt="">')).toBe('<img alt="" loading="lazy" src="https://a.example/b.png" />');
  });

  it("turns other heading levels into allowed ones and keeps the text of unknown wrappers", () => {
    expect(sanitizeContent("<h1>Top</h1><h5>Small</h5><div><span>Inner</span></div>")).toBe("<h2>Top</h2><h4>Small</h4>Inner");
  });
});
