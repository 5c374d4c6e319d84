// What crawlers and feed readers read in a page's head, over real HTTP: the RSS feed announced on
// every public page, and structured data built from what the page shows (QAPage with the asker's
// "Helped me most" answer and helpful counts, guides' and stories' share images, the site's logo).
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-LD read back as loose objects */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  await app.runtime.db.insert(blogPosts).values({
    title: "Knitting with stiff fingers",
    slug: "knitting-with-stiff-fingers",
    content: "I went back to knitting with thicker needles. It took a few weeks.",
    published: true,
    publishedAt: new Date(),
  });
});
afterAll(() => app.close());

async function html(path: string) {
  const res = await app.fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

const head = (page: string) => page.slice(0, page.indexOf("</head>"));

/** Every <link> in the head as its attributes. */
function links(page: string) {
  return [...head(page).matchAll(/<link\b([^>]*)>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
}

/** Every JSON-LD block of the page, parsed. */
function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
}

describe("the RSS feed is announced", () => {
  it.each(["/", "/blog", "/forum", "/forum/topics", "/blog/capsaicin-arthritis-guide", "/article/knitting-with-stiff-fingers", "/about"])(
    "in the head of %s",
    async (path) => {
      const feeds = links(await html(path)).filter((l) => l.rel === "alternate" && l.type === "application/rss+xml");
      expect(feeds).toHaveLength(1);
      expect(feeds[0].href).toBe(`${app.url}/rss.xml`);
      expect(feeds[0].title).toBeTruthy();
    },
  );
});

describe("structured data", () => {
  const byType = (page: string, type: string) => jsonLd(page).find((b) => b["@type"] === type) as Record<string, any> | undefined;

  it("QAPage: the answer that helped the asker most is accepted, helpful marks are upvotes, dates are datePublished", async () => {
    const asker = await app.member({ displayName: "Sam Asks" });
    const first = await app.member({ displayName: "Tia Answers" });
    const second = await app.member({ displayName: "Uma Answers" });
    const reader = await app.member({ displayName: "Vic Reads" });
    const question = await app.ask(asker.cookie, "Paraffin wax baths for hands?");
    const a1 = await app.answer(first.cookie, question, "They soften my knuckles for an hour.");
    const a2 = await app.answer(second.cookie, question, "Warm rice bags work as well for me.");
    for (const m of [reader, asker]) await app.postForm(`/forum/${question}`, m.cookie, { intent: "helpful", answerId: String(a2) });
    await app.postForm(`/forum/${question}`, reader.cookie, { intent: "helpful", answerId: String(a1) });
    await app.postForm(`/forum/${question}`, asker.cookie, { intent: "helped-most", answerId: String(a2) });

    const q = byType(await html(`/forum/${question}`), "QAPage")!.mainEntity;
    expect(q.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(q).not.toHaveProperty("dateCreated");
    expect(q.answerCount).toBe(2);
    expect(q.acceptedAnswer).toMatchObject({
      "@type": "Answer",
      text: "Warm rice bags work as well for me.",
      upvoteCount: 2,
      url: `${app.url}/forum/${question}#answer-${a2}`,
      author: { "@type": "Person", name: "Uma Answers" },
    });
    expect(q.acceptedAnswer.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The accepted answer is not offered again as a suggestion.
    expect(q.suggestedAnswer).toHaveLength(1);
    expect(q.suggestedAnswer[0]).toMatchObject({ text: "They soften my knuckles for an hour.", upvoteCount: 1 });
    expect(q.suggestedAnswer[0]).not.toHaveProperty("dateCreated");
  });

  it("QAPage without a chosen answer has only suggested answers, each with its upvotes", async () => {
    const asker = await app.member({ displayName: "Wes Asks" });
    const question = await app.ask(asker.cookie, "Jar openers that really work?");
    await app.answer((await app.member()).cookie, question, "A rubber mat under the lid.");
    const q = byType(await html(`/forum/${question}`), "QAPage")!.mainEntity;
    expect(q).not.toHaveProperty("acceptedAnswer");
    expect(q.suggestedAnswer).toEqual([expect.objectContaining({ text: "A rubber mat under the lid.", upvoteCount: 0 })]);
  });

  it("a guide's image lists its 1200 x 630 PNG share image first, then the drawing", async () => {
    const article = byType(await html("/blog/capsaicin-arthritis-guide"), "Article")!;
    expect(article.image[0]).toEqual({ "@type": "ImageObject", url: `${app.url}/share/guides/capsaicin-hands.png`, width: 1200, height: 630 });
    expect(article.image).toContain(`${app.url}/guides/capsaicin-hands.svg`);
  });

  it("a story has the site's share image, and the organisation's logo is a PNG", async () => {
    const article = byType(await html("/article/knitting-with-stiff-fingers"), "Article")!;
    expect(article.image).toEqual([{ "@type": "ImageObject", url: `${app.url}/share/og-image.png`, width: 1200, height: 630 }]);
    expect(article.publisher.logo.url).toBe(`${app.url}/share/logo.png`);
    const org = byType(await html("/"), "Organization")!;
    expect(org.logo).toMatchObject({ "@type": "ImageObject", url: `${app.url}/share/logo.png`, width: 512, height: 512 });
  });
});
