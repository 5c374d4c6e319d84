// Site search over guides, published stories and visible questions, from the query a visitor
// types to the page they read.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, forumQuestions } from "../../db/schema";
import SearchPage, { loader } from "~/routes/site/search";
import type { Db } from "~/server/infra/db.server";
import { allGuides, indexGuides } from "~/server/guides/guide-pages.server";
import { searchSite, type SearchOutcome } from "~/server/site/search.server";
import { seedDemoContent } from "~/server/seed.server";
import type { Runtime } from "~/server/runtime.server";
import { createRateLimiter } from "~/server/infra/rate-limit.server";
import { contextFor, createTestRuntime, getRequest, settle, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  await seedDemoContent(rt.db);
  await indexGuides(rt.db);
});
afterAll(() => rt.close());

interface LoaderData {
  q: string;
  outcome: SearchOutcome | null;
  limited: string | null;
  maxLength: number;
}

async function load(path: string, runtime: Runtime = rt): Promise<{ data: LoaderData; html: string }> {
  const data = (await loader({ request: getRequest(path), context: contextFor(runtime), params: {} } as never)) as LoaderData;
  const Stub = createRoutesStub([{ id: "search", path: "/search", Component: SearchPage as never, loader: () => data }]);
  const html = renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { search: data } } }));
  return { data, html };
}

const q = (query: string, page?: number) => `/search?${new URLSearchParams({ q: query, ...(page ? { page: String(page) } : {}) })}`;

function results(outcome: SearchOutcome | null) {
  if (!outcome || outcome.status !== "results") return [];
  return outcome.results;
}

/** A database that fails the test if anything touches it. */
const untouchable = new Proxy({} as Db, {
  get(_target, prop) {
    throw new Error(`the database was used (${String(prop)})`);
  },
});

describe("what search finds", () => {
  it("finds a guide by a word that appears only in its body", async () => {
    const guide = allGuides().get("early-arthritis-detection-guide")!;
    // The precondition that makes this test meaningful: "photos" is in this guide's body only.
    expect(guide.text).toMatch(/\bphotos\b/i);
    expect(`${guide.title} ${guide.description}`).not.toMatch(/photo/i);
    for (const other of allGuides().values()) {
      if (other.slug !== guide.slug) expect(`${other.title} ${other.description} ${other.text}`).not.toMatch(/\bphoto/i);
    }

    const { data, html } = await load(q("photos"));
    const found = results(data.outcome);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: "guide", title: guide.title, href: "/blog/early-arthritis-detection-guide" });
    expect(found[0].snippet.some((p) => p.mark && /^photos$/i.test(p.text))).toBe(true);
    expect(html).toContain('href="/blog/early-arthritis-detection-guide"');
    expect(html).toMatch(/<mark[^>]*>photos<\/mark>/i);
    expect(html).toContain(">Guide<");
  });

  it("finds a published story and not an unpublished one", async () => {
    const published = results((await load(q("raised beds"))).data.outcome);
    expect(published.map((r) => r.href)).toContain("/article/gardening-again-with-raised-beds");
    expect(published.find((r) => r.href === "/article/gardening-again-with-raised-beds")!.type).toBe("post");

    const draft = "/article/notes-on-travelling-with-ra";
    const before = await load(q("airports travelling"));
    expect(results(before.data.outcome).map((r) => r.href)).not.toContain(draft);
    expect(before.html).toContain("No results for “airports travelling”");

    // Once an editor publishes it, the same search finds it (so the query can see drafts' words).
    // Changed here as an editor's publishing would, naming what it changed.
    await rt.db.update(blogPosts).set({ published: true }).where(eq(blogPosts.slug, "notes-on-travelling-with-ra"));
    await rt.changes.record(["blog"]);
    try {
      const after = await load(q("airports travelling"));
      expect(results(after.data.outcome).map((r) => r.href)).toContain(draft);
      expect(after.html).toContain(">Story<");
    } finally {
      await rt.db.update(blogPosts).set({ published: false }).where(eq(blogPosts.slug, "notes-on-travelling-with-ra"));
    }
  });

  it("finds a visible question and not a hidden one", async () => {
    const [question] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.title, "Tips for opening jars?"));
    const href = `/forum/${question.id}`;
    const visible = await load(q("jars gadgets"));
    expect(results(visible.data.outcome).map((r) => r.href)).toContain(href);
    expect(visible.html).toContain(">Question<");

    await rt.db.update(forumQuestions).set({ hiddenAt: new Date() }).where(eq(forumQuestions.id, question.id));
    await rt.changes.record([`question:${question.id}`, "forum"]);
    try {
      const hidden = await load(q("jars gadgets"));
      expect(results(hidden.data.outcome).map((r) => r.href)).not.toContain(href);
    } finally {
      await rt.db.update(forumQuestions).set({ hiddenAt: null }).where(eq(forumQuestions.id, question.id));
    }
  });

  it("shows a story's Markdown as its page does, without the marks", async () => {
    await rt.db.insert(blogPosts).values({
      title: "A story in Markdown",
      slug: "markdown-snippet",
      content: "My **quetzalwarmth** routine, as [the hand guide](https://example.com/hands) says:\n\n- warm water\n- `slow` stretches",
      published: true,
    });
    const [hit] = results((await load(q("quetzalwarmth"))).data.outcome);
    const snippet = hit.snippet.map((p) => p.text).join("");
    expect(snippet).toContain("the hand guide");
    expect(snippet).toContain("warm water");
    expect(snippet).not.toMatch(/\*\*|\]\(|https:|`|(^|\s)- /);
    expect(hit.snippet.filter((p) => p.mark).map((p) => p.text)).toEqual(["quetzalwarmth"]);
  });

  it("leaves no bracket behind when a snippet ends inside a link's text", async () => {
    const filler = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    await rt.db.insert(blogPosts).values({
      title: "A story with a long link",
      slug: "long-link-snippet",
      content: `My vorpalglow routine ${filler} then [the long guide about warm water and slow careful stretches for stiff hands](https://example.com/hands) helped.`,
      published: true,
    });
    const [hit] = results((await load(q("vorpalglow"))).data.outcome);
    const snippet = hit.snippet.map((p) => p.text).join("");
    expect(snippet).toContain("then the long");
    expect(snippet).not.toContain("helped");
    expect(snippet).not.toMatch(/[[\]]|https:/);
  });

  it("shows markup from a story's content as text, never as markup", async () => {
    await rt.db.insert(blogPosts).values({
      title: "A story with odd characters",
      slug: "odd-characters",
      content: `Before <script>alert("owned")</script> my zanzibarflare routine, I tried <img src=x onerror=alert(1)> & "quotes" \u0001 too.`,
      published: true,
    });
    const { data, html } = await load(q("zanzibarflare"));
    const [hit] = results(data.outcome);
    const snippet = hit.snippet.map((p) => p.text).join("");
    expect(snippet).toContain(`<script>alert("owned")</script>`);
    expect(snippet).toContain("<img src=x onerror=alert(1)>");
    // eslint-disable-next-line no-control-regex -- no marker characters may leak into the text
    expect(snippet).not.toMatch(/[\u0000-\u0008]/);
    expect(hit.snippet.filter((p) => p.mark).map((p) => p.text)).toEqual(["zanzibarflare"]);
    // In the page: escaped text, a <mark>, and no element made from the story's content.
    expect(html).toContain("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toMatch(/<mark[^>]*>zanzibarflare<\/mark>/);
  });

  it("pages through results 20 at a time with plain links", async () => {
    await rt.db.insert(blogPosts).values(
      Array.from({ length: 23 }, (_, i) => ({
        title: `Quokkamorning note ${i + 1}`,
        slug: `quokkamorning-${i + 1}`,
        content: "A short note about a quokkamorning routine.",
        published: true,
      })),
    );
    const first = await load(q("quokkamorning"));
    const firstOutcome = first.data.outcome as Extract<SearchOutcome, { status: "results" }>;
    expect(firstOutcome.total).toBe(23);
    expect(firstOutcome.results).toHaveLength(20);
    expect(first.html).toContain('href="/search?q=quokkamorning&amp;page=2"');
    expect(first.html).toContain("23 results for “quokkamorning”, page 1 of 2");

    const second = await load(q("quokkamorning", 2));
    const secondOutcome = second.data.outcome as Extract<SearchOutcome, { status: "results" }>;
    expect(secondOutcome.results).toHaveLength(3);
    expect(second.html).toContain('href="/search?q=quokkamorning"');
    const all = [...firstOutcome.results, ...secondOutcome.results].map((r) => r.href);
    expect(new Set(all).size).toBe(23);

    const beyond = await load(q("quokkamorning", 9));
    expect(beyond.data.outcome?.status).toBe("past-end");
    expect(beyond.html).toContain('href="/search?q=quokkamorning"');
  });

  it("ranks a title match above a passing mention", async () => {
    await rt.db.insert(blogPosts).values([
      { title: "Mentions wombatglove once", slug: "wombat-mention", content: "Long story about many things. Also a wombatglove.", published: true },
      { title: "Wombatglove: my wombatglove review", slug: "wombat-title", content: "The wombatglove keeps my wombatglove hands warm.", published: true },
    ]);
    const found = results((await load(q("wombatglove"))).data.outcome);
    expect(found.map((r) => r.href)).toEqual(["/article/wombat-title", "/article/wombat-mention"]);
  });
});

describe("queries that are never run", () => {
  it("an empty query shows a friendly prompt", async () => {
    expect(await searchSite(untouchable, "")).toEqual({ status: "empty" });
    expect(await searchSite(untouchable, "   ")).toEqual({ status: "empty" });
    const { html } = await load("/search", { ...rt, db: untouchable } as Runtime);
    expect(html).toContain("What would you like to find?");
    expect(html).not.toContain("No results");
  });

  it("a query over 200 characters asks for a shorter search", async () => {
    const long = "a".repeat(201);
    expect(await searchSite(untouchable, long)).toEqual({ status: "too-long", max: 200 });
    const { html } = await load(q(long), { ...rt, db: untouchable } as Runtime);
    expect(html).toContain("Please use a shorter search (at most 200 characters).");
    // Exactly 200 is allowed (and does run).
    expect((await searchSite(rt.db, "b".repeat(200))).status).toBe("no-results");
  });

  it("a punctuation-only query says there are no results and suggests the blog and forum", async () => {
    expect(await searchSite(untouchable, "?!… --- ;")).toEqual({ status: "no-results", query: "?!… --- ;" });
    const { html } = await load(q("?!<>"), { ...rt, db: untouchable } as Runtime);
    expect(html).toContain("No results for “?!&lt;&gt;”");
    expect(html).toContain('href="/blog"');
    expect(html).toContain('href="/forum"');
  });

  it("keeps the query in a labelled search field", async () => {
    const { html } = await load(q("morning stiffness"));
    expect(html).toMatch(/<label[^>]*for="search-q"[^>]*>Search guides, stories and questions<\/label>/);
    expect(html).toMatch(/<input[^>]*id="search-q"[^>]*value="morning stiffness"/);
  });
});

describe("rate limit", () => {
  it("slows down a client that searches too often, without blocking prompts", async () => {
    const limited = { ...rt, limiter: createRateLimiter({ enabled: true }) } as Runtime;
    const run = (path: string) =>
      settle(() => loader({ request: getRequest(path, { "x-forwarded-for": "203.0.113.9" }), context: contextFor(limited), params: {} } as never));
    for (let i = 0; i < 60; i++) expect((await run(q(`stiffness ${i}`))).status).toBe(200);
    const blocked = await run(q("stiffness again"));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((blocked.data as LoaderData).limited).toBe("Too many searches in a short time. Please wait a moment.");
    // An empty search runs no query, so it is never limited.
    expect((await run("/search")).status).toBe(200);
  });
});
