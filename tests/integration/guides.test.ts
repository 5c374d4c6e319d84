// The ten guides as a visitor and a search engine see them: the route's loader and meta, and
// the page the route renders (server-side, parsed back into a document).
import * as DomUtils from "domutils";
import type { Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, type MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDE_SLUGS } from "../../app/routes";
import GuidePage, { loader, meta } from "~/routes/guides/guide";
import { GUIDE_DISCLAIMER } from "~/server/guides/guide-copy.server";
import { publicConfig } from "~/server/infra/env.server";
import { contextFor, createTestRuntime, getRequest, settle, type TestRuntime } from "../helpers/runtime";

const SITE_URL = "https://ra.capsiva.test";
const STORE_URL = "https://store.capsiva.test";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ SITE_URL, STORE_URL });
});
afterAll(() => rt.close());

type LoaderData = Awaited<ReturnType<typeof loader>>;

interface RenderedGuide {
  data: LoaderData;
  tags: MetaDescriptor[];
  doc: ReturnType<typeof parseDocument>;
  jsonLd: Record<string, unknown>[];
}

async function renderGuide(slug: string): Promise<RenderedGuide> {
  const request = getRequest(`/blog/${slug}`);
  const data = await loader({ request, context: contextFor(rt), params: {} } as never);
  const matches = [
    { id: "root", loaderData: { config: publicConfig(rt.env) } },
    { id: `guide-${slug}`, loaderData: data },
  ];
  const tags = meta({ loaderData: data, matches, location: new URL(request.url), params: {} } as never) as MetaDescriptor[];
  // JSON-LD goes into the page as JSON text; parse it back the way a crawler would.
  const jsonLd = tags
    .filter((t) => "script:ld+json" in t)
    .map((t) => JSON.parse(JSON.stringify((t as { "script:ld+json": unknown })["script:ld+json"])) as Record<string, unknown>);
  const html = renderToString(createElement(MemoryRouter, { initialEntries: [`/blog/${slug}`] }, createElement(GuidePage, { loaderData: data } as never)));
  return { data, tags, doc: parseDocument(html), jsonLd };
}

const all = (doc: RenderedGuide["doc"], test: (el: Element) => boolean) => DomUtils.findAll(test, doc.children);
const byTag = (doc: RenderedGuide["doc"], ...names: string[]) => all(doc, (el) => names.includes(el.name));
const text = (el: Element) => DomUtils.textContent(el).replace(/\s+/g, " ").trim();
const attr = (el: Element, name: string) => el.attribs[name];
const metaContent = (tags: MetaDescriptor[], key: "name" | "property", value: string) =>
  (tags.find((t) => (t as Record<string, string>)[key] === value) as { content?: string } | undefined)?.content;

describe.each(GUIDE_SLUGS)("guide %s", (slug) => {
  let g: RenderedGuide;
  beforeAll(async () => {
    g = await renderGuide(slug);
  });

  it("sets title, description, keywords and exactly one canonical link under SITE_URL", () => {
    const guide = g.data.guide;
    const title = g.tags.find((t) => "title" in t) as { title: string };
    expect(title.title.startsWith(guide.title)).toBe(true);
    expect(metaContent(g.tags, "name", "description")).toBe(guide.description);
    expect(metaContent(g.tags, "name", "keywords")).toBe(guide.keywords.join(", "));
    expect(guide.keywords.length).toBeGreaterThan(2);
    const canonicals = g.tags.filter((t) => (t as { rel?: string }).rel === "canonical");
    expect(canonicals).toHaveLength(1);
    expect((canonicals[0] as { href: string }).href).toBe(`${SITE_URL}/blog/${slug}`);
    expect(metaContent(g.tags, "property", "og:type")).toBe("article");
    expect(metaContent(g.tags, "property", "article:published_time")).toBe(guide.datePublished);
    expect(metaContent(g.tags, "property", "article:modified_time")).toBe(guide.dateModified);
    expect(metaContent(g.tags, "name", "robots")).toBe("index, follow");
  });

  it("has Article and BreadcrumbList structured data that match the visible page", () => {
    const article = g.jsonLd.find((b) => b["@type"] === "Article")!;
    expect(article).toBeDefined();
    const [h1] = byTag(g.doc, "h1");
    expect(article.headline).toBe(text(h1));
    const lead = all(g.doc, (el) => el.name === "p" && el.parent?.type === "tag" && (el.parent as Element).name === "header")[0];
    expect(article.description).toBe(text(lead));
    const hero = byTag(g.doc, "img").find((img) => attr(img, "fetchpriority") === "high")!;
    // The 1200 x 630 PNG the build renders from the hero first (search engines take raster images), then the drawing.
    const heroUrl = new URL(attr(hero, "src"), SITE_URL).toString();
    expect(article.image).toEqual([
      { "@type": "ImageObject", url: heroUrl.replace(/\/guides\/(.+)\.svg$/, "/share/guides/$1.png"), width: 1200, height: 630 },
      heroUrl,
    ]);
    const time = byTag(g.doc, "time")[0];
    expect(article.dateModified).toBe(attr(time, "datetime"));
    expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const role of ["author", "publisher"] as const) {
      const org = article[role] as { "@type": string; name: string; logo: { url: string } };
      expect(org["@type"]).toBe("Organization");
      expect(org.name).toBe("Capsiva");
      expect(org.logo.url.startsWith(SITE_URL)).toBe(true);
    }
    const crumbs = g.jsonLd.find((b) => b["@type"] === "BreadcrumbList")!;
    const items = (crumbs.itemListElement as { name: string; item: string }[]).map((i) => [i.name, i.item]);
    const nav = all(g.doc, (el) => el.name === "nav" && attr(el, "aria-label") === "Breadcrumb")[0];
    const visible = DomUtils.findAll((el) => el.name === "li", nav.children).map(text);
    expect(items.map(([name]) => name)).toEqual(visible);
    expect(items).toEqual([
      ["Home", `${SITE_URL}/`],
      ["Blog", `${SITE_URL}/blog`],
      [g.data.guide.title, `${SITE_URL}/blog/${slug}`],
    ]);
  });

  it("opens every outbound link in a new tab without giving the other site access to this one", () => {
    const outbound = byTag(g.doc, "a").filter((a) => /^https?:/.test(attr(a, "href") ?? ""));
    expect(outbound.length).toBeGreaterThan(0); // at least the store link
    for (const a of outbound) {
      expect(attr(a, "target"), attr(a, "href")).toBe("_blank");
      const rel = (attr(a, "rel") ?? "").split(/\s+/);
      expect(rel).toContain("noopener");
      expect(rel).toContain("noreferrer");
      expect(text(a)).toContain("(opens in a new tab)");
    }
  });

  it("labels the promotion and links it to the store", () => {
    const cta = all(g.doc, (el) => el.name === "section" && "data-guide-cta" in el.attribs)[0];
    expect(text(cta)).toContain("From Capsiva, the makers of this site");
    expect(text(cta)).toMatch(/not a replacement for care from your rheumatologist/);
    const store = DomUtils.findAll((el) => el.name === "a", cta.children)[0];
    expect(attr(store, "href")).toBe(STORE_URL);
    expect(text(store)).toBe("Visit the Capsiva store (opens in a new tab)");
  });

  it("gives every image alt text and dimensions, and does not lazy-load the hero", () => {
    const images = byTag(g.doc, "img");
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) {
      expect((attr(img, "alt") ?? "").trim().length, attr(img, "src")).toBeGreaterThan(4);
      expect(Number(attr(img, "width"))).toBeGreaterThan(0);
      expect(Number(attr(img, "height"))).toBeGreaterThan(0);
    }
    const hero = images[0];
    expect(attr(hero, "src")).toBe(g.data.guide.hero.src);
    expect(attr(hero, "fetchpriority")).toBe("high");
    expect(attr(hero, "loading")).toBeUndefined();
  });

  it("carries the disclaimer in a note", () => {
    const note = all(g.doc, (el) => el.name === "aside" && attr(el, "role") === "note")[0];
    expect(note).toBeDefined();
    expect(text(note)).toContain(GUIDE_DISCLAIMER);
  });

  it("keeps headings in order: one h1, then h2 and h3 without skipping a level", () => {
    const levels = byTag(g.doc, "h1", "h2", "h3", "h4", "h5", "h6").map((h) => Number(h.name[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1);
  });

  it("shows the contact section exactly when the guide asks for it, with working phone and email links", () => {
    const heading = byTag(g.doc, "h2").find((h) => text(h) === "Contact us");
    if (!g.data.guide.contact) {
      expect(heading).toBeUndefined();
      return;
    }
    expect(heading).toBeDefined();
    const section = heading!.parent as Element;
    const links = DomUtils.findAll((el) => el.name === "a", section.children);
    const tel = links.find((a) => attr(a, "href")?.startsWith("tel:"))!;
    expect(attr(tel, "href")).toBe("tel:+18002277482");
    expect(text(tel)).toBe("1-800-CAPSIVA");
    const mail = links.find((a) => attr(a, "href")?.startsWith("mailto:"))!;
    expect(attr(mail, "href")).toBe(`mailto:${rt.env.SUPPORT_EMAIL}`);
    expect(text(section)).toContain(rt.env.POSTAL_ADDRESS);
  });

  it("links to the nine other guides", () => {
    const nav = all(g.doc, (el) => el.name === "nav" && attr(el, "aria-labelledby") === "more-guides-heading")[0];
    const hrefs = DomUtils.findAll((el) => el.name === "a", nav.children).map((a) => attr(a, "href"));
    expect(new Set(hrefs)).toEqual(new Set(GUIDE_SLUGS.filter((s) => s !== slug).map((s) => `/blog/${s}`)));
  });
});

describe("the FAQ guide", () => {
  let g: RenderedGuide;
  beforeAll(async () => {
    g = await renderGuide("rheumatoid-arthritis-pain-relief-faq");
  });

  const visibleFaq = () =>
    all(g.doc, (el) => el.name === "details" && attr(el, "name") === "guide-faq").map((d) => {
      const summary = DomUtils.findAll((el) => el.name === "summary", d.children)[0];
      const answer = (d.children as Element[]).filter((c) => c.type === "tag" && c.name !== "summary");
      return { q: text(summary), a: answer.map(text).join(" ").trim(), open: "open" in d.attribs };
    });

  it("shows ten collapsible questions in one group, all closed at first", () => {
    const faq = visibleFaq();
    expect(faq).toHaveLength(10);
    expect(faq.every((f) => !f.open)).toBe(true);
    const topics = [
      /best arthritis cream for hands/i,
      /how does capsaicin work/i,
      /beginning signs/i,
      /long-term pain medication/i,
      /apply/i,
      /ankle/i,
      /side effects/i,
      /how long/i,
      /other medications/i,
      /lifestyle/i,
    ];
    topics.forEach((topic, i) => expect(faq[i].q).toMatch(topic));
  });

  it("has a FAQPage whose four questions and answers are the first four on the page", () => {
    const faqPage = g.jsonLd.find((b) => b["@type"] === "FAQPage")!;
    expect(faqPage).toBeDefined();
    const entities = faqPage.mainEntity as { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
    expect(entities).toHaveLength(4);
    const visible = visibleFaq().slice(0, 4);
    entities.forEach((e, i) => {
      expect(e["@type"]).toBe("Question");
      expect(e.name).toBe(visible[i].q);
      expect(e.acceptedAnswer["@type"]).toBe("Answer");
      expect(e.acceptedAnswer.text).toBe(visible[i].a);
    });
  });

  it("is the only guide with a FAQPage", async () => {
    for (const slug of GUIDE_SLUGS.filter((s) => s !== "rheumatoid-arthritis-pain-relief-faq")) {
      const other = await renderGuide(slug);
      expect(
        other.jsonLd.some((b) => b["@type"] === "FAQPage"),
        slug,
      ).toBe(false);
    }
  });
});

describe("the hand-cream guide", () => {
  let g: RenderedGuide;
  beforeAll(async () => {
    g = await renderGuide("arthritis-hand-cream-guide");
  });

  it("has its twelve sections, in order", () => {
    const h2 = byTag(g.doc, "h2").map(text);
    const sections = [
      /^Introduction/,
      /Seronegative vs seropositive/i,
      /^Early signs/,
      /^How capsaicin works/,
      /medication/i,
      /^Application tips/,
      /^Ankle pain/,
      /^Homeopathic/,
      /^Lifestyle/,
      /^When to seek care/,
      /future/i,
      /^Conclusion/,
    ];
    let from = 0;
    for (const section of sections) {
      const at = h2.findIndex((h, i) => i >= from && section.test(h));
      expect(at, `section ${section} after index ${from} in ${JSON.stringify(h2)}`).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
  });

  it("lists the early signs as a list", () => {
    const heading = byTag(g.doc, "h2").find((h) => /^Early signs/.test(text(h)))!;
    let next = heading.next;
    while (next && !(next.type === "tag" && ["ul", "ol", "h2"].includes((next as Element).name))) next = next.next;
    expect((next as Element).name).toBe("ul");
    expect(DomUtils.findAll((el) => el.name === "li", (next as Element).children).length).toBeGreaterThanOrEqual(4);
  });

  it("has a five-question FAQ and no FAQPage data", () => {
    expect(all(g.doc, (el) => el.name === "details" && attr(el, "name") === "guide-faq")).toHaveLength(5);
    expect(g.jsonLd.some((b) => b["@type"] === "FAQPage")).toBe(false);
  });
});

describe("the resource guide", () => {
  it("dates its Article 2025-01-24 and names Capsiva as author and publisher, with an image", async () => {
    const g = await renderGuide("comprehensive-rheumatoid-arthritis-resource");
    const article = g.jsonLd.find((b) => b["@type"] === "Article")!;
    expect(article.datePublished).toBe("2025-01-24");
    expect(article.dateModified).toBe("2025-01-24");
    expect((article.author as { name: string }).name).toBe("Capsiva");
    expect((article.publisher as { name: string; logo: { url: string } }).logo.url).toMatch(/^https:\/\/ra\.capsiva\.test\//);
    expect(article.image).toEqual([
      { "@type": "ImageObject", url: `${SITE_URL}/share/guides/resource-hub.png`, width: 1200, height: 630 },
      `${SITE_URL}/guides/resource-hub.svg`,
    ]);
    const time = byTag(g.doc, "time")[0];
    expect(attr(time, "datetime")).toBe("2025-01-24");
    expect(text(time)).toBe("January 24, 2025");
  });
});

describe("unknown guides", () => {
  it("answer 404", async () => {
    const result = await settle(() => loader({ request: getRequest("/blog/not-a-guide"), context: contextFor(rt), params: {} } as never));
    expect(result.status).toBe(404);
  });
});
