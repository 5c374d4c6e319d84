// Forum topics over real HTTP, through the readers' page store and members' pages as in production:
// the starting list, asking with or without a topic, who may change a question's topic, admins
// managing the list, and the JSON API's topics. The forum's filter, orders and topic pages are
// in topics-lists.test.ts.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forumQuestions, forumTopics } from "../../db/schema";
import { createTopic } from "~/server/forum/topics.server";
import {
  admin,
  app,
  askIn,
  askWith,
  asker,
  moderator,
  other,
  page,
  questionByTitle,
  rowOf,
  startTopicsApp,
  STARTING_TOPICS,
  tag,
  tokenFor,
  topicId,
  UNKNOWN_TOPIC,
  type Member,
} from "../helpers/topics";

startTopicsApp();

describe("the list of topics", () => {
  it("exists on a fresh database: the nine topics in order, each with a slug and a description", async () => {
    const topics = await app.runtime.db.select().from(forumTopics).orderBy(forumTopics.position, forumTopics.id);
    expect(topics.slice(0, 9).map((t) => t.name)).toEqual(STARTING_TOPICS);
    for (const t of topics) {
      expect(t.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(t.description.length, t.name).toBeGreaterThan(40);
    }
    expect(topics.find((t) => t.name === "Capsaicin and topical relief")?.slug).toBe("capsaicin-and-topical-relief");
  });
});

describe("asking", () => {
  it("offers an optional Topic select, 'No topic' by default, with every topic", async () => {
    const { html } = await page("/forum?ask=1", asker.cookie);
    expect(html).toMatch(/<label[^>]*for="ask-inline-topic"[^>]*>Topic<\/label>/);
    const select = /<select[^>]*id="ask-inline-topic"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    expect(select).toMatch(/<option value="" selected="">No topic<\/option>/);
    for (const name of STARTING_TOPICS) expect(select).toContain(`>${name}</option>`);
  });

  it("with a topic: stored with it, shown on the question page and in the list as a link to the topic's page", async () => {
    const title = `Sore knuckles when typing ${tag()}`;
    const id = await askIn(asker.cookie, title, "hands-and-fingers");
    const [row] = await questionByTitle(title);
    expect(row.topicId).toBe(await topicId("hands-and-fingers"));
    const question = await page(`/forum/${id}`);
    expect(question.html).toMatch(/Topic: <a[^>]*href="\/forum\/topics\/hands-and-fingers"[^>]*>Hands and fingers<\/a>/);
    const list = await page("/forum");
    expect(rowOf(list.html, title)).toMatch(
      /<a[^>]*href="\/forum\/topics\/hands-and-fingers"[^>]*><span class="sr-only">Topic: <\/span>Hands and fingers<\/a>/,
    );
  });

  it("without a topic: stored with none, and no topic shows", async () => {
    const title = `A question about nothing in particular ${tag()}`;
    const id = await askIn(asker.cookie, title, null);
    const [row] = await questionByTitle(title);
    expect(row.topicId).toBeNull();
    expect((await page(`/forum/${id}`)).html).not.toContain("Topic: <a");
    expect(rowOf((await page("/forum")).html, title)).not.toContain("/forum/topics/");
  });

  it("refuses an unknown topic with a clear message and stores nothing", async () => {
    for (const topic of ["999999", "abc", "-1", "1.5"]) {
      const title = `Refused topic ${topic} ${tag()}`;
      const res = await askWith(asker.cookie, title, { topic });
      expect(res.status, topic).toBe(400);
      expect(await res.text()).toContain(UNKNOWN_TOPIC);
      expect(await questionByTitle(title)).toEqual([]);
    }
  });
});

describe("changing a question's topic", () => {
  it("lets the asker and moderators change it, refuses anyone else, and shows the change at once", async () => {
    const title = `Which topic is this ${tag()}`;
    const id = await askIn(asker.cookie, title, "diet");
    const topicOf = async () => (await app.runtime.db.select({ t: forumQuestions.topicId }).from(forumQuestions).where(eq(forumQuestions.id, id)))[0].t;
    const set = (m: Member, topic: string) => app.postForm(`/forum/${id}`, m.cookie, { intent: "set-topic", topic });

    // The control is there for the asker and moderators, not for other members or readers.
    expect((await page(`/forum/${id}`, asker.cookie)).html).toContain("Change topic");
    expect((await page(`/forum/${id}`, moderator.cookie)).html).toContain("Change topic");
    expect((await page(`/forum/${id}`, other.cookie)).html).not.toContain("Change topic");
    expect((await page(`/forum/${id}`)).html).not.toContain("Change topic");

    // A reader's stored copy of the page, before the change.
    expect((await page(`/forum/${id}`)).html).toContain("/forum/topics/diet");
    expect((await set(asker, String(await topicId("morning-stiffness")))).status).toBe(302);
    expect(await topicOf()).toBe(await topicId("morning-stiffness"));
    const after = await page(`/forum/${id}`);
    expect(after.html).toMatch(/href="\/forum\/topics\/morning-stiffness"[^>]*>Morning stiffness</);
    expect(rowOf((await page("/forum")).html, title)).toContain("/forum/topics/morning-stiffness");

    const refused = await set(other, String(await topicId("diagnosis")));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only the person who asked, or a moderator, can change the topic.");
    expect(await topicOf()).toBe(await topicId("morning-stiffness"));

    const unknown = await set(asker, "999999");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(UNKNOWN_TOPIC);
    expect(await topicOf()).toBe(await topicId("morning-stiffness"));

    expect((await set(moderator, String(await topicId("diagnosis")))).status).toBe(302);
    expect(await topicOf()).toBe(await topicId("diagnosis"));
    // The asker may also take the topic away.
    expect((await set(asker, "")).status).toBe(302);
    expect(await topicOf()).toBeNull();
    expect((await page(`/forum/${id}`)).html).not.toContain("Topic: <a");
    // Visitors are asked to sign in; nothing changes.
    const visitor = await app.fetch(`/forum/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ intent: "set-topic", topic: String(await topicId("diet")) }).toString(),
    });
    expect(visitor.status).toBe(401);
    expect(await topicOf()).toBeNull();
  });
});

describe("admins manage the list", () => {
  const act = (m: Member, fields: Record<string, string>) => app.postForm("/admin/topics", m.cookie, fields);

  it("is theirs alone", async () => {
    expect((await page("/admin/topics", admin.cookie)).status).toBe(200);
    for (const m of [other, moderator]) {
      expect((await page("/admin/topics", m.cookie)).status).toBe(403);
      const refused = await act(m, { intent: "create", name: "Not allowed", slug: "not-allowed" });
      expect(refused.status).toBe(403);
    }
    expect(await app.runtime.db.select().from(forumTopics).where(eq(forumTopics.slug, "not-allowed"))).toEqual([]);
    expect((await page("/admin", admin.cookie)).html).toContain('href="/admin/topics"');
  });

  it("adds a topic at the end, with a slug made from its name when none is given", async () => {
    const name = `Sleep and rest ${tag()}`;
    const res = await act(admin, { intent: "create", name, slug: "", description: "Sleep, rest and pacing." });
    expect(res.status).toBe(302);
    const [topic] = await app.runtime.db.select().from(forumTopics).where(eq(forumTopics.name, name));
    expect(topic.slug).toBe(name.toLowerCase().replace(/ /g, "-"));
    const order = (await app.runtime.db.select().from(forumTopics).orderBy(forumTopics.position, forumTopics.id)).map((t) => t.id);
    expect(order.at(-1)).toBe(topic.id);
    const topicPage = await page(`/forum/topics/${topic.slug}`);
    expect(topicPage.html).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
  });

  it("refuses bad fields with a message each, and changes nothing", async () => {
    const before = await app.runtime.db.select().from(forumTopics).orderBy(forumTopics.id);
    const cases: [Record<string, string>, string][] = [
      [{ name: "   ", slug: "" }, "Name is required"],
      [{ name: "n".repeat(61), slug: "" }, "Name must be at most 60 characters"],
      [{ name: "Fine name", slug: "Bad Slug!" }, "Use lowercase letters, digits and single hyphens only"],
      [{ name: "Fine name", slug: "s".repeat(61) }, "Slug must be at most 60 characters"],
      [{ name: "Fine name", slug: "diet" }, "That slug is already used by another topic"],
      [{ name: "Diet" }, "That slug is already used by another topic"],
      [{ name: "!!!" }, "Enter a slug: the name has no letters or digits to make one from"],
      [{ name: "Fine name", description: "d".repeat(301) }, "Description must be at most 300 characters"],
    ];
    for (const [fields, message] of cases) {
      const res = await act(admin, { intent: "create", slug: "", description: "", ...fields });
      expect(res.status, message).toBe(400);
      expect(await res.text(), message).toContain(message);
    }
    const diet = before.find((t) => t.slug === "diet")!;
    const taken = await act(admin, { intent: "update", id: String(diet.id), name: "Diet", slug: "diagnosis", description: diet.description });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("That slug is already used by another topic");
    expect((await act(admin, { intent: "update", id: "999999", name: "Gone", slug: "gone" })).status).toBe(404);
    expect(await app.runtime.db.select().from(forumTopics).orderBy(forumTopics.id)).toEqual(before);
  });

  it("renames a topic and its description, shown at once on every page", async () => {
    const topic = await createTopic(app.runtime, { name: `Before rename ${tag()}`, slug: "", description: "Old words." });
    const title = `Filed before the rename ${tag()}`;
    const id = await askIn(asker.cookie, title, topic.slug);
    // Readers' stored copies, and a member's page, from before the change.
    for (const path of ["/forum", `/forum/${id}`, `/forum/topics/${topic.slug}`]) {
      expect((await page(path)).html).toContain(topic.name);
      expect((await page(path, other.cookie)).html).toContain(topic.name);
    }
    const name = `After rename ${tag()}`;
    const res = await act(admin, { intent: "update", id: String(topic.id), name, slug: `${topic.slug}-renamed`, description: "New words." });
    expect(res.status).toBe(302);
    for (const path of ["/forum", `/forum/${id}`, `/forum/topics/${topic.slug}-renamed`, "/forum/topics"]) {
      for (const cookie of [undefined, other.cookie]) {
        const after = await page(path, cookie);
        expect(after.status, path).toBe(200);
        expect(after.html, path).toContain(name);
        expect(after.html, path).not.toContain(topic.name);
      }
    }
    expect((await page(`/forum/topics/${topic.slug}-renamed`)).html).toContain("New words.");
    expect((await page(`/forum/topics/${topic.slug}`)).status).toBe(404);
  });

  it("moves a topic up and down the list", async () => {
    const names = async () => (await app.runtime.db.select().from(forumTopics).orderBy(forumTopics.position, forumTopics.id)).map((t) => t.name);
    const diet = await topicId("diet");
    expect((await act(admin, { intent: "move-up", id: String(diet) })).status).toBe(302);
    const moved = await names();
    expect(moved.indexOf("Diet")).toBe(moved.indexOf("Capsaicin and topical relief") - 1);
    // The forum's links follow the new order at once.
    const links = (await page("/forum")).html;
    expect(links.indexOf('href="/forum/topics/diet"')).toBeLessThan(links.indexOf('href="/forum/topics/capsaicin-and-topical-relief"'));
    expect((await act(admin, { intent: "move-down", id: String(diet) })).status).toBe(302);
    expect((await names()).slice(0, 9)).toEqual(STARTING_TOPICS);
    // The first one cannot go further up: nothing changes.
    expect((await act(admin, { intent: "move-up", id: String(await topicId("hands-and-fingers")) })).status).toBe(302);
    expect((await names()).slice(0, 9)).toEqual(STARTING_TOPICS);
  });

  it("deletes a topic: its questions stay, without a topic", async () => {
    const topic = await createTopic(app.runtime, { name: `To be deleted ${tag()}`, slug: "", description: "" });
    const title = `Kept after its topic goes ${tag()}`;
    const id = await askIn(asker.cookie, title, topic.slug);
    expect((await page(`/forum/${id}`)).html).toContain(topic.name);
    expect((await act(admin, { intent: "delete", id: String(topic.id) })).status).toBe(302);
    expect(await app.runtime.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id))).toEqual([]);
    const [row] = await questionByTitle(title);
    expect(row.topicId).toBeNull();
    const question = await page(`/forum/${id}`);
    expect(question.status).toBe(200);
    expect(question.html).not.toContain(topic.name);
    expect((await page(`/forum/topics/${topic.slug}`)).status).toBe(404);
    expect((await act(admin, { intent: "delete", id: String(topic.id) })).status).toBe(404);
  });
});

describe("the JSON API", () => {
  interface ApiTopic {
    slug: string;
    name: string;
    description: string;
    questionCount: number;
  }
  interface ApiQuestion {
    id: number;
    title: string;
    topic: { slug: string; name: string } | null;
  }
  const get = async <T>(path: string) => {
    const res = await app.fetch(`/api/v1${path}`);
    return { status: res.status, body: (await res.json()) as T };
  };

  it("GET /topics lists every topic in order with its description and question count", async () => {
    // More questions in one topic than a page of a list holds: the count is not a page's.
    const diet = await topicId("diet");
    await app.runtime.db
      .insert(forumQuestions)
      .values(Array.from({ length: 21 }, (_, i) => ({ title: `Counted question ${tag()} ${i}`, content: "Counted.", authorId: asker.id, topicId: diet })));
    const { status, body } = await get<{ topics: ApiTopic[] }>("/topics");
    expect(status).toBe(200);
    expect(body.topics.slice(0, 9).map((t) => t.name)).toEqual(STARTING_TOPICS);
    // Each count is the topic's visible questions (earlier tests filed some under several topics).
    const counted = await app.runtime.db
      .select({ slug: forumTopics.slug, n: sql<number>`count(${forumQuestions.id})::int` })
      .from(forumTopics)
      .leftJoin(forumQuestions, and(eq(forumQuestions.topicId, forumTopics.id), sql`${forumQuestions.hiddenAt} is null`))
      .groupBy(forumTopics.slug);
    expect(Object.fromEntries(body.topics.map((t) => [t.slug, t.questionCount]))).toEqual(Object.fromEntries(counted.map((c) => [c.slug, c.n])));
    expect(body.topics.some((t) => t.questionCount > 20)).toBe(true);
    expect(body.topics.find((t) => t.slug === "diagnosis")!.description).toMatch(/diagnosed/);
  });

  it("GET /topics/{topicSlug} has the topic and its questions in the order asked for; unknown is 404", async () => {
    const t = tag();
    const topic = await createTopic(app.runtime, { name: `Api topic ${t}`, slug: "", description: "For the API." });
    const first = await askIn(asker.cookie, `Api first ${t}`, topic.slug);
    await askIn(asker.cookie, `Api second ${t}`, topic.slug);
    await app.answer(other.cookie, first, `Api answer ${t}`);
    const newest = await get<{ topic: ApiTopic; questions: ApiQuestion[]; total: number; sort: string }>(`/topics/${topic.slug}`);
    expect(newest.status).toBe(200);
    expect(newest.body.topic).toEqual({ slug: topic.slug, name: topic.name, description: "For the API." });
    expect(newest.body.questions.map((q) => q.title)).toEqual([`Api second ${t}`, `Api first ${t}`]);
    expect(newest.body.questions[0].topic).toEqual({ slug: topic.slug, name: topic.name });
    expect(newest.body.total).toBe(2);
    const active = await get<{ questions: ApiQuestion[]; sort: string }>(`/topics/${topic.slug}?sort=active`);
    expect(active.body.sort).toBe("active");
    expect(active.body.questions.map((q) => q.title)).toEqual([`Api first ${t}`, `Api second ${t}`]);
    const unanswered = await get<{ questions: ApiQuestion[]; total: number }>(`/topics/${topic.slug}?sort=unanswered`);
    expect(unanswered.body.questions.map((q) => q.title)).toEqual([`Api second ${t}`]);
    expect(unanswered.body.total).toBe(1);

    const list = await get<{ questions: ApiQuestion[] }>(`/questions?topic=${topic.slug}&sort=active`);
    expect(list.status).toBe(200);
    expect(list.body.questions.map((q) => q.title)).toEqual([`Api first ${t}`, `Api second ${t}`]);
    const one = await get<ApiQuestion>(`/questions/${first}`);
    expect(one.body.topic).toEqual({ slug: topic.slug, name: topic.name });

    expect((await get(`/topics/no-such-topic`)).status).toBe(404);
    expect((await get(`/questions?topic=no-such-topic`)).body).toEqual({ message: "Topic not found", code: "not_found" });
    const badSort = await get<{ code: string; errors: Record<string, string> }>(`/questions?sort=popular`);
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors).toEqual({ sort: "sort must be newest, unanswered or active" });
    const badTopic = await get<{ code: string; errors: Record<string, string> }>(`/questions?topic=Not%20A%20Slug`);
    expect(badTopic.status).toBe(400);
    expect(badTopic.body.code).toBe("validation_failed");
    expect((await get(`/topics/${topic.slug}?sort=oldest`)).status).toBe(400);
  });

  it("POST /questions files the question under topicSlug, and refuses an unknown one storing nothing", async () => {
    const token = await tokenFor(asker);
    const post = (body: unknown) =>
      app.fetch("/api/v1/questions", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const title = `Posted with a topic ${tag()}`;
    const res = await post({ title, content: "Through the API.", topicSlug: "diet" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await get<ApiQuestion>(`/questions/${id}`)).body.topic).toEqual({ slug: "diet", name: "Diet" });

    const none = `Posted without a topic ${tag()}`;
    expect((await post({ title: none, content: "No topic.", topicSlug: null })).status).toBe(201);
    expect((await questionByTitle(none))[0].topicId).toBeNull();

    for (const topicSlug of ["no-such-topic", 42, "Diet"]) {
      const refused = `Refused through the API ${tag()}`;
      const bad = await post({ title: refused, content: "Unknown topic.", topicSlug });
      expect(bad.status, String(topicSlug)).toBe(400);
      expect(await bad.json()).toEqual({ message: "Please check the highlighted fields.", code: "validation_failed", errors: { topicSlug: UNKNOWN_TOPIC } });
      expect(await questionByTitle(refused)).toEqual([]);
    }
  });
});
