// Every kind of write names what it changed, and nothing else: after each command of the forum,
// the blog, the places and the accounts, done as members and admins do it (forms over HTTP), every
// page that shows the change shows it to the next reader, and every page kind it did not touch is
// still answered from the readers' store. A write that forgot a tag fails here.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, cities, cityServicePages, forumAnswers, forumQuestions, forumTopics, services } from "../../db/schema";
import { seedDemoContent } from "~/server/seed.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let site: HttpApp;
let asker: Awaited<ReturnType<HttpApp["member"]>>;
let helper: Awaited<ReturnType<HttpApp["member"]>>;
let admin: Awaited<ReturnType<HttpApp["member"]>>;
const ids = { question: 0, other: 0, topic: "", otherTopic: "", topicId: 0, city: "", service: "", cityId: 0, serviceId: 0 };

beforeAll(async () => {
  site = await startHttpApp({ RATE_LIMITS: "false" });
  await seedDemoContent(site.runtime.db);
  [asker, helper, admin] = await Promise.all([site.member({ displayName: "Asha" }), site.member({ displayName: "Hal" }), site.member({ role: "admin" })]);
  const topics = await site.runtime.db.select().from(forumTopics).orderBy(forumTopics.position);
  ids.topic = topics[0].slug;
  ids.topicId = topics[0].id;
  ids.otherTopic = topics[1].slug;
  const res = await site.postForm("/forum", asker.cookie, {
    title: "Warm water before breakfast?",
    content: "Does it loosen your fingers?",
    topic: String(ids.topicId),
  });
  expect(res.status).toBe(302);
  const [q] = await site.runtime.db.select({ id: forumQuestions.id }).from(forumQuestions).where(eq(forumQuestions.title, "Warm water before breakfast?"));
  ids.question = q.id;
  const [other] = await site.runtime.db
    .select({ id: forumQuestions.id })
    .from(forumQuestions)
    .where(eq(forumQuestions.title, "Seronegative and feeling doubted"));
  ids.other = other.id;
  const [city] = await site.runtime.db.select().from(cities).where(eq(cities.isActive, true)).limit(2);
  const [service] = await site.runtime.db.select().from(services).where(eq(services.isActive, true)).limit(1);
  Object.assign(ids, { city: city.slug, service: service.slug, cityId: city.id, serviceId: service.id });
});
afterAll(() => site.close());

const ARTICLE = "/article/how-i-learned-to-pace-my-mornings";
const GUIDE = "/blog/capsaicin-arthritis-guide";
const page = {
  home: () => "/",
  forum: () => "/forum",
  question: () => `/forum/${ids.question}`,
  other: () => `/forum/${ids.other}`,
  topic: () => `/forum/topics/${ids.topic}`,
  otherTopic: () => `/forum/topics/${ids.otherTopic}`,
  blog: () => "/blog",
  article: () => ARTICLE,
  guide: () => GUIDE,
  about: () => "/about",
  city: () => `/${ids.city}/${ids.service}`,
};
type Kind = keyof typeof page;

/** Every page kind stored, as readers left it. */
async function storeAll() {
  for (const kind of Object.keys(page) as Kind[]) {
    await site.fetch(page[kind]());
    expect((await site.fetch(page[kind]())).headers.get("x-cache"), kind).toBe("HIT");
  }
}

/** After a write: what the pages it changed now show, and the pages it did not touch still stored. */
async function expectAfter(write: string, shows: [Kind, string, boolean?][], untouched: Kind[]) {
  for (const kind of untouched) expect((await site.fetch(page[kind]())).headers.get("x-cache"), `${kind} after ${write}`).toBe("HIT");
  for (const [kind, text, present = true] of shows) {
    const html = await (await site.fetch(page[kind]())).text();
    expect(html.includes(text), `${kind} shows "${text}" after ${write}`).toBe(present);
  }
}

const form = (path: string, who: { cookie: string }, fields: Record<string, string>) => site.postForm(path, who.cookie, fields);
const ok = async (res: Promise<Response>) => expect((await res).status).toBeLessThan(400);

describe("each write changes exactly the pages that show it", () => {
  it("an answer", async () => {
    await storeAll();
    await ok(site.postForm(page.question(), helper.cookie, { intent: "answer", content: "Mittens warmed on the radiator." }));
    await expectAfter(
      "an answer",
      [
        ["question", "Mittens warmed on the radiator."],
        ["forum", "Mittens warmed on the radiator."],
        ["topic", "Mittens warmed on the radiator."],
      ],
      ["guide", "about", "article", "blog", "city", "other", "otherTopic"],
    );
  });

  it("editing a question", async () => {
    await storeAll();
    await ok(
      site.postForm(page.question(), asker.cookie, { intent: "edit-question", title: "Warm water before breakfast, or after?", content: "Which helps more?" }),
    );
    await expectAfter(
      "an edit",
      [
        ["question", "Warm water before breakfast, or after?"],
        ["forum", "Warm water before breakfast, or after?"],
        ["home", "Warm water before breakfast, or after?"],
        ["topic", "Warm water before breakfast, or after?"],
      ],
      ["guide", "about", "article", "blog", "city", "other", "otherTopic"],
    );
  });

  it("a draft saved and discarded: a private write, every page stays stored", async () => {
    await storeAll();
    const target = String(ids.question);
    await ok(form("/drafts", helper, { intent: "save", kind: "answer", target, title: "", body: "Half an answer about mittens", version: "0" }));
    await ok(form(page.question(), helper, { intent: "save-draft", content: "Half an answer about mittens, and gloves", draftVersion: "1" }));
    await ok(form("/forum", helper, { intent: "save-draft", title: "Half a question", content: "About cold hands" }));
    await ok(form("/drafts", helper, { intent: "discard", kind: "answer", target }));
    await expectAfter("a draft", [["question", "Half an answer", false]], Object.keys(page) as Kind[]);
  });

  it("a new display name", async () => {
    await storeAll();
    await ok(site.postForm("/account", helper.cookie, { intent: "display-name", displayName: "Hallie" }));
    await expectAfter("a new name", [["question", "Hallie"]], ["guide", "about", "article", "blog", "city", "other", "otherTopic"]);
  });

  it("a moderator hiding an answer", async () => {
    const [answer] = await site.runtime.db.select({ id: forumAnswers.id }).from(forumAnswers).where(eq(forumAnswers.questionId, ids.question));
    await storeAll();
    await ok(site.postForm(page.question(), admin.cookie, { intent: "hide", targetType: "answer", targetId: String(answer.id) }));
    await expectAfter(
      "hiding an answer",
      [
        ["question", "Mittens warmed on the radiator.", false],
        ["forum", "Mittens warmed on the radiator.", false],
      ],
      ["guide", "about", "article", "blog", "city", "other", "otherTopic"],
    );
  });

  it("a new question in a topic", async () => {
    await storeAll();
    await ok(form("/forum", helper, { title: "Jar openers that really work?", content: "Mine slips.", topic: String(ids.topicId) }));
    await expectAfter(
      "a new question",
      [
        ["forum", "Jar openers that really work?"],
        ["topic", "Jar openers that really work?"],
        ["home", "Jar openers that really work?"],
      ],
      ["guide", "about", "article", "blog", "city", "other", "otherTopic", "question"],
    );
  });

  it("an editor publishing a member's story, then editing it", async () => {
    expect((await site.postForm("/blog", helper.cookie, { title: "Slow mornings, kind evenings", content: "Pacing is everything." })).status).toBe(302);
    const [story] = await site.runtime.db.select().from(blogPosts).where(eq(blogPosts.title, "Slow mornings, kind evenings"));
    await storeAll();
    await ok(form(`/admin/posts/${story.id}`, admin, { intent: "publish" }));
    await expectAfter(
      "publishing",
      [
        ["blog", "Slow mornings, kind evenings"],
        ["home", "Slow mornings, kind evenings"],
      ],
      ["guide", "about", "forum", "question", "other", "topic", "city", "article"],
    );
    await storeAll();
    const [seeded] = await site.runtime.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.slug, ARTICLE.split("/").pop()!));
    await ok(
      form(`/admin/posts/${seeded.id}`, admin, { intent: "save", title: seeded.title, slug: seeded.slug, excerpt: "", content: "Rewritten: mornings first." }),
    );
    await expectAfter(
      "editing a published post",
      [["article", "Rewritten: mornings first."]],
      ["guide", "about", "forum", "question", "other", "topic", "city"],
    );
  });

  it("an admin saving a city's page", async () => {
    const [record] = await site.runtime.db
      .select({ id: cityServicePages.id })
      .from(cityServicePages)
      .where(and(eq(cityServicePages.cityId, ids.cityId), eq(cityServicePages.serviceId, ids.serviceId)));
    await storeAll();
    await ok(
      form("/admin/places", admin, {
        intent: "save-page",
        city_id: String(ids.cityId),
        service_id: String(ids.serviceId),
        ...(record ? { page_id: String(record.id) } : {}),
        meta_title: "Local help",
        meta_description: "Local help for sore hands.",
        content: "<p>Our local note for this city.</p>",
      }),
    );
    await expectAfter(
      "a city page",
      [["city", "Our local note for this city."]],
      ["guide", "about", "forum", "question", "other", "topic", "blog", "article", "home"],
    );
  });

  it("an admin renaming a topic", async () => {
    const [topic] = await site.runtime.db
      .select()
      .from(forumTopics)
      .where(and(eq(forumTopics.slug, ids.topic)));
    await storeAll();
    await ok(
      form("/admin/topics", admin, {
        intent: "update",
        id: String(topic.id),
        name: "Hands, wrists and fingers",
        slug: topic.slug,
        description: topic.description ?? "",
      }),
    );
    await expectAfter("renaming a topic", [["topic", "Hands, wrists and fingers"]], ["guide", "about", "article", "blog", "city"]);
  });
});
