// What search engines and feed readers fetch: /sitemap.xml, /robots.txt and /rss.xml.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, cities, cityServicePages, forumQuestions, forumTopics, services } from "../../db/schema";
import { GUIDE_SLUGS } from "../../app/routes";
import { loader as robotsLoader } from "~/routes/site/robots";
import { loader as rssLoader } from "~/routes/site/rss";
import { loader as sitemapLoader } from "~/routes/site/sitemap";
import { renderSitemap, sitemapEntries } from "~/server/site/sitemap.server";
import { seedDemoContent } from "~/server/seed.server";
import { contextFor, createTestRuntime, getRequest, type TestRuntime } from "../helpers/runtime";

const SITE_URL = "https://ra.capsiva.test";

// ------------------------------------------------------------------ a strict little XML reader

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

function decode(s: string) {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (named[e]) return named[e];
    return String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });
}

function checkText(s: string, where: string) {
  for (let i = s.indexOf("&"); i !== -1; i = s.indexOf("&", i + 1)) {
    if (!ENTITY.test(s.slice(i))) throw new Error(`bare & in ${where}: ${s.slice(i, i + 20)}`);
  }
  // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(s)) throw new Error(`control character in ${where}`);
}

/** Parses well-formed XML (no DTD, comments or CDATA, which our documents never use); throws otherwise. */
function parseXml(xml: string): XmlElement {
  let rest = xml.replace(/^<\?xml [^?]*\?>\s*/, "");
  const root: XmlElement = { name: "#document", attrs: {}, children: [], text: "" };
  const stack = [root];
  while (rest.length) {
    const lt = rest.indexOf("<");
    const text = lt === -1 ? rest : rest.slice(0, lt);
    if (text) {
      if (stack.length === 1 && text.trim()) throw new Error(`text outside the root element: ${text.slice(0, 20)}`);
      checkText(text, "text");
      if (text.includes(">")) throw new Error("raw > in text");
      stack[stack.length - 1].text += decode(text);
    }
    if (lt === -1) break;
    rest = rest.slice(lt);
    const close = rest.match(/^<\/([A-Za-z_][\w.:-]*)\s*>/);
    if (close) {
      const open = stack.pop()!;
      if (open.name !== close[1]) throw new Error(`</${close[1]}> closes <${open.name}>`);
      rest = rest.slice(close[0].length);
      continue;
    }
    const tag = rest.match(/^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/);
    if (!tag) throw new Error(`malformed markup at: ${rest.slice(0, 40)}`);
    const attrs: Record<string, string> = {};
    for (const m of tag[2].matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (m[1] in attrs) throw new Error(`duplicate attribute ${m[1]}`);
      const value = m[2] ?? m[3];
      checkText(value, `attribute ${m[1]}`);
      attrs[m[1]] = decode(value);
    }
    const el: XmlElement = { name: tag[1], attrs, children: [], text: "" };
    if (stack.length === 1 && root.children.length) throw new Error("more than one root element");
    stack[stack.length - 1].children.push(el);
    if (!tag[3]) stack.push(el);
    rest = rest.slice(tag[0].length);
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  if (root.children.length !== 1) throw new Error("no root element");
  return root.children[0];
}

const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);
const childText = (el: XmlElement, name: string) => child(el, name)?.text;

describe("the XML reader used by these tests", () => {
  it("rejects what is not well-formed", () => {
    expect(() => parseXml("<a><b></a></b>")).toThrow();
    expect(() => parseXml("<a>fish & chips</a>")).toThrow();
    expect(() => parseXml("<a>x</a><b/>")).toThrow();
    expect(() => parseXml("<a href=x/>")).toThrow();
    expect(() => parseXml("<a>")).toThrow();
    expect(parseXml('<a b="1 &amp; 2"><c>&lt;ok&gt;</c></a>').children[0].text).toBe("<ok>");
  });
});

// ------------------------------------------------------------------ the documents

let rt: TestRuntime;
let hiddenQuestionId: number;
beforeAll(async () => {
  rt = await createTestRuntime({ SITE_URL });
  await seedDemoContent(rt.db);
  const [q] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.title, "Seronegative and feeling doubted"));
  hiddenQuestionId = q.id;
  await rt.db.update(forumQuestions).set({ hiddenAt: new Date() }).where(eq(forumQuestions.id, q.id));
  await rt.db.insert(blogPosts).values({
    title: `Fish & chips <without> the "grease"`,
    slug: "fish-&-chips",
    content: "A story whose slug and title need escaping.",
    published: true,
  });
});
afterAll(() => rt.close());

async function fetchSitemap(path = "/sitemap.xml") {
  const response = (await sitemapLoader({ request: getRequest(path), context: contextFor(rt), params: {} } as never)) as Response;
  return { response, body: await response.text() };
}

function locs(doc: XmlElement) {
  return doc.children.filter((u) => u.name === "url").map((u) => ({ loc: childText(u, "loc")!, lastmod: childText(u, "lastmod") }));
}

describe("/sitemap.xml", () => {
  it("is well-formed XML served as application/xml with a five-minute public cache", async () => {
    const { response, body } = await fetchSitemap();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const doc = parseXml(body);
    expect(doc.name).toBe("urlset");
    expect(doc.attrs.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  });

  it("lists every public page exactly once, as absolute URLs under SITE_URL", async () => {
    const urls = locs(parseXml((await fetchSitemap()).body)).map((u) => u.loc);
    expect(urls.length).toBe(new Set(urls).size);
    for (const url of urls) expect(url.startsWith(`${SITE_URL}/`), url).toBe(true);

    const posts = await rt.db.select().from(blogPosts).where(eq(blogPosts.published, true));
    const questions = (await rt.db.select().from(forumQuestions)).filter((q) => !q.hiddenAt);
    const topics = await rt.db.select().from(forumTopics);
    const activeCities = (await rt.db.select().from(cities)).filter((c) => c.isActive);
    const activeServices = (await rt.db.select().from(services)).filter((s) => s.isActive);
    const expected = [
      "/",
      "/blog",
      "/forum",
      "/about",
      "/privacy",
      "/terms",
      "/contact",
      "/help-now",
      ...GUIDE_SLUGS.map((s) => `/blog/${s}`),
      ...posts.map((p) => `/article/${encodeURIComponent(p.slug)}`),
      "/forum/topics",
      ...topics.map((t) => `/forum/topics/${t.slug}`),
      ...questions.map((q) => `/forum/${q.id}`),
      ...activeCities.flatMap((c) => activeServices.map((s) => `/${c.slug}/${s.slug}`)),
    ].map((p) => `${SITE_URL}${p}`);
    expect(new Set(urls)).toEqual(new Set(expected));
    // The seed has 13 active cities and 3 active services.
    expect(urls.filter((u) => /^https:\/\/[^/]+\/[a-z-]+\/(arthritis-pain-relief|rheumatoid-arthritis-support|hand-pain-relief)$/.test(u))).toHaveLength(39);
  });

  it("leaves out unpublished posts, hidden questions and inactive cities and services", async () => {
    const body = (await fetchSitemap()).body;
    expect(body).not.toContain("notes-on-travelling-with-ra");
    expect(body).not.toContain("cooking-with-one-good-hand");
    expect(body).toContain("/article/how-i-learned-to-pace-my-mornings<");
    expect(body).not.toContain(`/forum/${hiddenQuestionId}<`);
    expect(body).not.toContain("/boston/");
    expect(body).not.toContain("/joint-pain-clinic<");
    expect(body).toContain("/new-york/arthritis-pain-relief<");
  });

  it("escapes what needs escaping", async () => {
    const body = (await fetchSitemap()).body;
    expect(body).toContain(`<loc>${SITE_URL}/article/fish-%26-chips</loc>`);
    const urls = locs(parseXml(body)).map((u) => u.loc);
    expect(urls).toContain(`${SITE_URL}/article/fish-%26-chips`);
  });

  it("gives lastmod from the post, the guide and the city page record", async () => {
    const entries = locs(parseXml((await fetchSitemap()).body));
    const at = (path: string) => entries.find((e) => e.loc === `${SITE_URL}${path}`)!;
    const [post] = await rt.db.select().from(blogPosts).where(eq(blogPosts.slug, "gardening-again-with-raised-beds"));
    expect(at("/article/gardening-again-with-raised-beds").lastmod).toBe(post.updatedAt.toISOString());
    expect(new Date(at("/blog/comprehensive-rheumatoid-arthritis-resource").lastmod!).toISOString().slice(0, 10)).toBe("2025-01-24");
    const [page] = await rt.db
      .select({ updatedAt: cityServicePages.updatedAt })
      .from(cityServicePages)
      .innerJoin(cities, eq(cities.id, cityServicePages.cityId))
      .innerJoin(services, eq(services.id, cityServicePages.serviceId))
      .where(eq(cities.slug, "new-york"));
    expect(at("/new-york/arthritis-pain-relief").lastmod).toBe(page.updatedAt.toISOString());
    expect(at("/chicago/hand-pain-relief").lastmod).toBeUndefined();
  });

  it("splits into a sitemap index when there are more URLs than one file may hold", async () => {
    const entries = await sitemapEntries(rt.db);
    const index = parseXml(renderSitemap(SITE_URL, entries, { maxUrls: 20 })!);
    expect(index.name).toBe("sitemapindex");
    const parts = index.children.map((s) => childText(s, "loc")!);
    expect(parts).toHaveLength(Math.ceil(entries.length / 20));
    const seen: string[] = [];
    parts.forEach((loc, i) => {
      expect(loc).toBe(`${SITE_URL}/sitemap.xml?part=${i + 1}`);
      seen.push(...locs(parseXml(renderSitemap(SITE_URL, entries, { maxUrls: 20, part: i + 1 })!)).map((u) => u.loc));
    });
    expect(seen).toEqual(entries.map((e) => `${SITE_URL}${e.path}`));
    expect(renderSitemap(SITE_URL, entries, { maxUrls: 20, part: parts.length + 1 })).toBeNull();
    expect((await fetchSitemap("/sitemap.xml?part=7")).response.status).toBe(404);
  });
});

describe("/robots.txt", () => {
  it("allows the public site, keeps crawlers out of private areas and names the sitemap", async () => {
    const response = (await robotsLoader({ request: getRequest("/robots.txt"), context: contextFor(rt), params: {} } as never)) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const lines = (await response.text()).split("\n").map((l) => l.trim());
    for (const line of [
      "User-agent: *",
      "Allow: /",
      "Disallow: /account",
      "Disallow: /admin",
      "Disallow: /auth/",
      "Disallow: /api/",
      `Sitemap: ${SITE_URL}/sitemap.xml`,
    ]) {
      expect(lines).toContain(line);
    }
    // The sign-in and join page itself is public (it says index, follow and names its canonical
    // URL): no rule may match /auth, only the account flows under /auth/.
    const disallowed = lines.filter((l) => l.startsWith("Disallow:")).map((l) => l.slice("Disallow:".length).trim());
    expect(disallowed.filter((prefix) => "/auth".startsWith(prefix))).toEqual([]);
    for (const flow of ["/auth/forgot", "/auth/reset", "/auth/two-factor", "/auth/sign-out"]) {
      expect(disallowed.some((prefix) => flow.startsWith(prefix))).toBe(true);
    }
  });
});

describe("/rss.xml", () => {
  async function fetchRss() {
    const response = (await rssLoader({ request: getRequest("/rss.xml"), context: contextFor(rt), params: {} } as never)) as Response;
    const doc = parseXml(await response.text());
    const channel = child(doc, "channel")!;
    return { response, doc, channel, items: channel.children.filter((c) => c.name === "item") };
  }

  it("is RSS 2.0 with the newest published stories, escaped", async () => {
    const { response, doc, channel, items } = await fetchRss();
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(response.headers.get("Content-Type")).toMatch(/xml/);
    expect(doc.name).toBe("rss");
    expect(doc.attrs.version).toBe("2.0");
    expect(childText(channel, "link")).toBe(`${SITE_URL}/blog`);
    const titles = items.map((i) => childText(i, "title"));
    expect(titles).toContain(`Fish & chips <without> the "grease"`);
    expect(titles).not.toContain("Draft: notes on travelling with RA");
    const fish = items.find((i) => childText(i, "title")!.startsWith("Fish"))!;
    expect(childText(fish, "link")).toBe(`${SITE_URL}/article/fish-%26-chips`);
    expect(childText(fish, "guid")).toBe(`${SITE_URL}/article/fish-%26-chips`);
    expect(Number.isNaN(Date.parse(childText(fish, "pubDate")!))).toBe(false);
  });

  it("uses the excerpt, or the content cut at a word boundary within 160 characters with an ellipsis, as the description", async () => {
    const { items } = await fetchRss();
    const byTitle = (t: string) => items.find((i) => childText(i, "title") === t)!;
    expect(childText(byTitle("How I learned to pace my mornings"), "description")).toBe(
      "Morning stiffness used to decide my whole day. Here is the routine that gave me some of my mornings back.",
    );
    const [garden] = await rt.db.select().from(blogPosts).where(eq(blogPosts.slug, "gardening-again-with-raised-beds"));
    const description = childText(byTitle("Gardening again with raised beds"), "description")!;
    const content = garden.content.replace(/\s+/g, " ");
    expect(content.length).toBeGreaterThan(160);
    // A cut description says so, and never ends mid-word: what precedes the ellipsis is whole words.
    expect(description.endsWith("…")).toBe(true);
    const kept = description.slice(0, -1);
    expect(kept.length).toBeLessThanOrEqual(160);
    expect(kept.length).toBeGreaterThan(100);
    expect(content.startsWith(kept)).toBe(true);
    expect(content.slice(kept.length)).toMatch(/^[,;:.\-–—]*\s/u);
    expect(kept).not.toMatch(/[\s,;:]$/);
  });

  it("keeps a short story whole, without an ellipsis", async () => {
    await rt.db
      .insert(blogPosts)
      .values({ title: "A short note", slug: "a-short-note", content: "Warm water helps my hands.", published: true, publishedAt: new Date() });
    await rt.changes.record(["blog"]);
    const { items } = await fetchRss();
    expect(
      childText(
        items.find((i) => childText(i, "title") === "A short note")!,
        "description",
      ),
    ).toBe("Warm water helps my hands.");
  });

  it("holds the 50 newest, newest first", async () => {
    const base = Date.now() + 60_000;
    await rt.db.insert(blogPosts).values(
      Array.from({ length: 55 }, (_, i) => ({
        title: `Feed story ${i + 1}`,
        slug: `feed-story-${i + 1}`,
        content: "Short.",
        published: true,
        createdAt: new Date(base + i * 1000),
        publishedAt: new Date(base + i * 1000),
      })),
    );
    await rt.changes.record(["blog"]);
    const { items } = await fetchRss();
    expect(items).toHaveLength(50);
    expect(items.map((i) => childText(i, "title"))).toEqual(Array.from({ length: 50 }, (_, i) => `Feed story ${55 - i}`));
  });
});
