// What crawlers and feed readers read in a page's head, over real HTTP: the RSS feed announced on
// every public page, and structured data built from what the page shows (QAPage with the asker's
// "Helped me most" answer and helpful counts, guides' and stories' share images, the site's logo).
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
  return [...head(page).matchAll(/<link\b([^>]*)>/g)].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
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
