// Follows every internal link a visitor can reach from the home page and fails on any link that
// leads to an error page or a page without a title. Also checks every URL the sitemap advertises.
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

const MAX_PAGES = 300;

interface Problem {
  url: string;
  status: number;
  from: string;
}

const decodeAttr = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** The href of every <a> in the page, except those marked as downloads. */
function anchorHrefs(html: string): string[] {
  const hrefs: string[] = [];
  for (const tag of html.match(/<a\b[^>]*>/gi) ?? []) {
    if (/\sdownload(\s|=|>|\/)/i.test(tag)) continue;
    const m = tag.match(/\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/i);
    if (m) hrefs.push(decodeAttr(m[1] ?? m[2]));
  }
  return hrefs;
}

function shouldFollow(url: URL, origin: string) {
  if (url.origin !== origin) return false;
  if (!/^https?:$/.test(url.protocol)) return false;
  if (url.pathname.startsWith("/api/")) return false;
  if (url.pathname === "/auth/sign-out") return false;
  return true;
}

async function crawl(request: APIRequestContext, start: string) {
  const origin = new URL(start).origin;
  const queue: { url: string; from: string }[] = [{ url: new URL("/", start).toString(), from: "(start)" }];
  const seen = new Set(queue.map((q) => q.url));
  const broken: Problem[] = [];
  const untitled: string[] = [];
  let visited = 0;
  while (queue.length && visited < MAX_PAGES) {
    const { url, from } = queue.shift()!;
    visited++;
    const response = await request.get(url, { headers: { Accept: "text/html" }, failOnStatusCode: false });
    if (response.status() >= 400) {
      broken.push({ url, status: response.status(), from });
      continue;
    }
    if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
    const html = await response.text();
    const title = html.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1]?.trim();
    if (!title) untitled.push(url);
    for (const href of anchorHrefs(html)) {
      if (/^(mailto|tel|javascript):/i.test(href) || href.startsWith("#")) continue;
      const next = new URL(href, response.url());
      next.hash = "";
      if (!shouldFollow(next, origin)) continue;
      const key = next.toString();
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ url: key, from: url });
    }
  }
  return { visited, broken, untitled, discovered: seen.size };
}

test.describe("crawl", () => {
  test("no internal link from the home page leads to an error, and every page has a title", async ({ request, baseURL }) => {
    test.setTimeout(240_000);
    const result = await crawl(request, baseURL!);
    test.info().annotations.push({ type: "crawl", description: `${result.visited} pages visited, ${result.discovered} discovered` });
    console.log(`crawl: ${result.visited} pages visited, ${result.discovered} discovered`);
    // The site has at least the shell's pages, the ten guides and the forum and blog behind it.
    expect(result.visited).toBeGreaterThan(5);
    expect(result.broken, `broken links (of ${result.visited} pages visited)`).toEqual([]);
    expect(result.untitled, "pages without a <title>").toEqual([]);
  });

  test("every URL in the sitemap answers 200 with a title", async ({ request, baseURL }) => {
    test.setTimeout(240_000);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeAttr(m[1]));
    expect(urls.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const loc of urls.slice(0, MAX_PAGES)) {
      // SITE_URL is this server in the browser tests; keep the path and ask this server.
      const u = new URL(loc);
      const response = await request.get(new URL(u.pathname + u.search, baseURL).toString(), { failOnStatusCode: false });
      const html = await response.text();
      if (response.status() !== 200) problems.push(`${u.pathname} answered ${response.status()}`);
      else if (!html.match(/<title[^>]*>\s*[^<\s][^<]*<\/title>/i)) problems.push(`${u.pathname} has no title`);
    }
    expect(problems).toEqual([]);
  });
});
