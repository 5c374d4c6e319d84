// Forum topics in the lists over real HTTP, through the readers' page store and members' pages as
// in production: the forum's topic filter and its three orders, and topic pages.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { forumQuestions, forumTopics } from "../../db/schema";
import { createTopic } from "~/server/forum/topics.server";
import { app, askIn, asker, other, page, rowTitles, startTopicsApp, STARTING_TOPICS, tag } from "../helpers/topics";

startTopicsApp();

describe("the forum's topic filter and orders", () => {
  let slug: string;
  const titles = { older: "", middle: "", newer: "" };

  beforeAll(async () => {
    const topic = await createTopic(app.runtime, { name: `Ordering ${tag()}`, slug: "", description: "Questions for the ordering test." });
    slug = topic.slug;
    const t = tag();
    titles.older = `Oldest ordering question ${t}`;
    titles.middle = `Middle ordering question ${t}`;
    titles.newer = `Newest ordering question ${t}`;
    const older = await askIn(asker.cookie, titles.older, slug);
    const middle = await askIn(asker.cookie, titles.middle, slug);
    await askIn(asker.cookie, titles.newer, slug);
    // A question elsewhere, asked last, that no filtered list shows.
    await askIn(asker.cookie, `Elsewhere ${t}`, "diet");
    // The middle one is answered first, the oldest one last: the most recently active.
    await app.answer(other.cookie, middle, `An answer to the middle one ${t}`);
    await app.answer(other.cookie, older, `An answer to the oldest one ${t}`);
  });

  it("newest (the default): newest first, only the topic's questions", async () => {
    for (const path of [`/forum?topic=${slug}`, `/forum/topics/${slug}`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(rowTitles(html), path).toEqual([titles.newer, titles.middle, titles.older]);
    }
  });

  it("sends what the form adds for the defaults (no topic, newest) to the list's one address", async () => {
    const cases: [string, string][] = [
      [`/forum?topic=${slug}&sort=newest`, `/forum?topic=${slug}`],
      ["/forum?topic=&sort=unanswered", "/forum?sort=unanswered"],
      ["/forum?topic=&sort=newest&page=2", "/forum?page=2"],
      [`/forum/topics/${slug}?sort=newest`, `/forum/topics/${slug}`],
    ];
    for (const [from, to] of cases) {
      const res = await app.fetch(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });

  it("unanswered: only those without a visible answer, newest first", async () => {
    for (const path of [`/forum?topic=${slug}&sort=unanswered`, `/forum/topics/${slug}?sort=unanswered`]) {
      const { html } = await page(path, other.cookie);
      expect(rowTitles(html), path).toEqual([titles.newer]);
      expect(html).toContain('aria-label="Unanswered questions, newest first"');
    }
    // Over the whole forum, every row shown has no answer, newest first.
    const all = await app.runtime.db
      .select({ title: forumQuestions.title })
      .from(forumQuestions)
      .where(and(sql`${forumQuestions.hiddenAt} is null`, eq(forumQuestions.answerCount, 0)))
      .orderBy(sql`${forumQuestions.createdAt} desc, ${forumQuestions.id} desc`)
      .limit(20);
    expect(rowTitles((await page("/forum?sort=unanswered")).html)).toEqual(all.map((r) => r.title));
  });

  it("active: the most recent answer (or the question itself while unanswered) first", async () => {
    for (const path of [`/forum?topic=${slug}&sort=active`, `/forum/topics/${slug}?sort=active`]) {
      const { html } = await page(path, asker.cookie);
      expect(rowTitles(html), path).toEqual([titles.older, titles.middle, titles.newer]);
      expect(html).toContain('aria-label="Questions, most recently active first"');
    }
    // Over the whole forum, the question just answered comes first.
    expect(rowTitles((await page("/forum?sort=active")).html)[0]).toBe(titles.older);
  });

  it("keeps the topic and the order across pages", async () => {
    const topic = await createTopic(app.runtime, { name: `Paging ${tag()}`, slug: "", description: "" });
    const base = Date.now() - 30 * 24 * 3600_000;
    await app.runtime.db.insert(forumQuestions).values(
      Array.from({ length: 23 }, (_, i) => ({
        title: `Paged question ${String(i).padStart(2, "0")}`,
        content: "Paged.",
        authorId: asker.id,
        topicId: topic.id,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await app.runtime.changes.record([`topic:${topic.id}`, "forum"]);
    const first = await page(`/forum?topic=${topic.slug}&sort=unanswered`);
    expect(rowTitles(first.html)).toHaveLength(20);
    expect(rowTitles(first.html)[0]).toBe("Paged question 22");
    expect(first.html).toContain(`href="/forum?topic=${topic.slug}&amp;sort=unanswered&amp;page=2"`);
    const second = await page(`/forum?topic=${topic.slug}&sort=unanswered&page=2`);
    expect(rowTitles(second.html)).toEqual(["Paged question 02", "Paged question 01", "Paged question 00"]);
    const onTopicPage = await page(`/forum/topics/${topic.slug}?page=2`);
    expect(rowTitles(onTopicPage.html)).toEqual(["Paged question 02", "Paged question 01", "Paged question 00"]);
    expect(onTopicPage.html).toContain(`href="/forum/topics/${topic.slug}"`);
    expect((await page(`/forum/topics/${topic.slug}?page=3`)).status).toBe(404);
    expect((await page(`/forum?topic=${topic.slug}&page=3`)).status).toBe(404);
  });

  it("stores the lists of the three orders and known topics, and renders anything else as asked", async () => {
    for (const path of [`/forum?sort=active`, `/forum?topic=${slug}&sort=unanswered`, `/forum/topics/${slug}?sort=active`, `/forum?topic=${slug}&page=1`]) {
      await page(path);
      expect((await page(path)).cache, path).toBe("HIT");
    }
    // An unknown order shows the default one, and is never stored.
    for (const path of ["/forum?sort=popular", `/forum/topics/${slug}?sort=oldest`, "/forum?sort=ACTIVE"]) {
      const first = await page(path);
      expect(first.status, path).toBe(200);
      const again = await page(path);
      expect(again.cache, path).toBe("MISS");
    }
    expect(rowTitles((await page(`/forum/topics/${slug}?sort=popular`)).html)).toEqual([titles.newer, titles.middle, titles.older]);
  });

  it("answers an unknown topic with 404", async () => {
    for (const path of [
      "/forum?topic=no-such-topic",
      "/forum?topic=Bad%20Topic!",
      "/forum/topics/no-such-topic",
      "/forum/topics/Bad-Topic",
      "/forum/topics/no-such-topic?sort=active",
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
  });

  it("offers the topic and order as labelled controls of a plain GET form, and links to every topic's page", async () => {
    const { html } = await page(`/forum?topic=${slug}&sort=active`);
    const form = /<form(?=[^>]*action="\/forum")(?=[^>]*method="get")[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
    expect(form).toMatch(/<label[^>]*for="list-topic"[^>]*>Questions in<\/label>/);
    expect(form).toMatch(/<label[^>]*for="list-sort"[^>]*>Sort by<\/label>/);
    expect(form).toMatch(new RegExp(`<option value="${slug}" selected="">`));
    expect(form).toMatch(/<option value="active" selected="">Recently active<\/option>/);
    expect(form).toMatch(/<button[^>]*type="submit"[^>]*>Show questions<\/button>/);
    for (const s of ["hands-and-fingers", "diet", "diagnosis", slug]) expect(html).toContain(`href="/forum/topics/${s}"`);
    expect(html).toContain('href="/forum/topics"');
  });
});

describe("topic pages", () => {
  it("have the topic's name as their heading, its description, its questions, a canonical address and a meta description", async () => {
    const title = `Warm water for stiff mornings ${tag()}`;
    await askIn(asker.cookie, title, "morning-stiffness");
    const [topic] = await app.runtime.db.select().from(forumTopics).where(eq(forumTopics.slug, "morning-stiffness"));
    const { status, html } = await page("/forum/topics/morning-stiffness");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Morning stiffness<\/h1>/);
    expect(html).toContain(topic.description);
    expect(rowTitles(html)).toContain(title);
    expect(html).toContain(`<link rel="canonical" href="${app.url}/forum/topics/morning-stiffness"/>`);
    expect(html).toContain(`<meta name="description" content="${topic.description}"/>`);
    // Another order or page points search engines at the topic's own address.
    expect((await page("/forum/topics/morning-stiffness?sort=active")).html).toContain(
      `<link rel="canonical" href="${app.url}/forum/topics/morning-stiffness"/>`,
    );
    expect((await page("/forum?topic=morning-stiffness")).html).toContain(`<link rel="canonical" href="${app.url}/forum/topics/morning-stiffness"/>`);
  });

  it("are listed on /forum/topics, each with its description", async () => {
    const { status, html } = await page("/forum/topics");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Forum topics<\/h1>/);
    for (const name of STARTING_TOPICS) expect(html).toContain(`>${name}</a>`);
  });

  it("are in the sitemap, as is the list of topics", async () => {
    const xml = await (await app.fetch("/sitemap.xml")).text();
    const topics = await app.runtime.db.select().from(forumTopics);
    expect(xml).toContain(`<loc>${app.url}/forum/topics</loc>`);
    for (const t of topics) expect(xml).toContain(`<loc>${app.url}/forum/topics/${t.slug}</loc>`);
  });
});
