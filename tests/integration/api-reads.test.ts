// The JSON API's reads at /api/v1 over real HTTP: an Express app with the API router on a real
// runtime (database, Better Auth, rate limits), listening on a free port, called with fetch.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, cities, cityServicePages, forumAnswers, forumQuestions, services } from "../../db/schema";
import {
  ErrorSchema,
  HomeSchema,
  PlacePageSchema,
  PostPageSchema,
  PostSchema,
  QuestionPageSchema,
  QuestionSchema,
  StatsSchema,
} from "../../server/api/schemas";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";
import { ago, call, startApi, valid, type Api } from "../helpers/api";

// ================================================================ reads

describe("reads", () => {
  let rt: TestRuntime;
  let api: Api;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    rt = await createTestRuntime();
    api = await startApi(rt);
    const pat = await createMember(rt, { displayName: "Pat Rivers" });
    const anon = await createMember(rt);
    const blank = await createMember(rt, { displayName: "   " });

    // 24 published posts (one an hour, "Post 23" newest) and one newer draft.
    for (let i = 0; i < 24; i++) {
      const [p] = await rt.db
        .insert(blogPosts)
        .values({
          title: `Post ${i}`,
          slug: `post-${i}`,
          content: `Paragraph one of post ${i}. ${"Long text. ".repeat(30)}\nSecond paragraph.`,
          excerpt: i === 22 ? "A short excerpt written by the author." : null,
          authorId: i === 23 ? anon.id : i === 21 ? blank.id : pat.id,
          published: true,
          publishedAt: ago(100 - i),
          createdAt: ago(100 - i),
          updatedAt: ago(100 - i),
        })
        .returning();
      ids[`post${i}`] = p.id;
    }
    await rt.db
      .insert(blogPosts)
      .values({ title: "Draft", slug: "secret-draft", content: "Not yet.", authorId: pat.id, published: false, createdAt: ago(1), updatedAt: ago(1) });

    // 22 visible questions ("Q21" newest visible), one newer hidden question.
    for (let i = 0; i < 22; i++) {
      const [q] = await rt.db
        .insert(forumQuestions)
        .values({
          title: `Q${i}`,
          content: `Question ${i}: ${"words ".repeat(40)}`,
          authorId: i % 2 ? pat.id : anon.id,
          createdAt: ago(50 - i),
          updatedAt: ago(50 - i),
        })
        .returning();
      ids[`q${i}`] = q.id;
    }
    const [hidden] = await rt.db
      .insert(forumQuestions)
      .values({ title: "Hidden question", content: "Removed by a moderator", authorId: pat.id, hiddenAt: new Date(), createdAt: ago(0.5), updatedAt: ago(0.5) })
      .returning();
    ids.hidden = hidden.id;

    // Q21 has four answers: the second is hidden, so its first two visible ones are A1 and A3.
    const q21 = ids.q21;
    const answers = [
      { content: "A1 by Pat", authorId: pat.id },
      { content: "A2 hidden", authorId: pat.id, hiddenAt: new Date() },
      { content: "A3 anonymous", authorId: anon.id },
      { content: "A4 by Pat", authorId: pat.id },
    ];
    for (const [i, a] of answers.entries()) {
      const at = new Date(ago(29).getTime() + i * 60_000);
      await rt.db.insert(forumAnswers).values({ questionId: q21, ...a, createdAt: at, updatedAt: at });
    }
    await rt.db.update(forumQuestions).set({ answerCount: 3 }).where(eq(forumQuestions.id, q21));

    const [portland] = await rt.db.insert(cities).values({ slug: "portland", name: "Portland", state: "OR", latitude: 45.52, longitude: -122.68 }).returning();
    await rt.db.insert(cities).values({ slug: "closed-city", name: "Closed City", state: "NV", isActive: false });
    const [relief] = await rt.db
      .insert(services)
      .values({ slug: "pain-relief", name: "Pain Relief", description: "Gentle ways to ease joint pain." })
      .returning();
    const [massage] = await rt.db.insert(services).values({ slug: "hand-massage", name: "Hand Massage" }).returning();
    await rt.db.insert(services).values({ slug: "retired-service", name: "Retired", isActive: false });
    await rt.db.insert(cityServicePages).values({
      cityId: portland.id,
      serviceId: massage.id,
      content: '<h2>Hand massage in Portland</h2><p>Local classes.</p><script>alert("x")</script>',
      metaTitle: "Hand massage classes in Portland",
      metaDescription: "Where to learn hand massage in Portland.",
    });
    ids.relief = relief.id;
  });

  afterAll(async () => {
    await api?.close();
    await rt?.close();
  });

  it("GET /stats counts members, visible questions, those with a visible answer, and published articles", async () => {
    const res = await call(api, "/stats");
    expect(res.status).toBe(200);
    // Only Q21 has an answer (a visible one): the home counter's figure beside the total.
    expect(valid(StatsSchema, res.body)).toEqual({ members: 3, questions: 22, answeredQuestions: 1, articles: 24 });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("GET /home has the latest 3 published posts and 3 visible questions, newest first, with the home page's fallbacks", async () => {
    const res = await call(api, "/home");
    expect(res.status).toBe(200);
    const home = valid(HomeSchema, res.body);
    expect(home.posts.map((p) => p.title)).toEqual(["Post 23", "Post 22", "Post 21"]);
    expect(home.questions.map((q) => q.title)).toEqual(["Q21", "Q20", "Q19"]);
    // Post 23's author has no display name, Post 21's a blank one: the home page shows 'Anonymous'.
    expect(home.posts.map((p) => p.author)).toEqual(["Anonymous", "Pat Rivers", "Anonymous"]);
    expect(home.questions.map((q) => q.author)).toEqual(["Pat Rivers", "Anonymous", "Pat Rivers"]);
    expect(home.questions[0].answerCount).toBe(3);
    for (const item of [...home.posts, ...home.questions]) expect(item.preview.length).toBeLessThanOrEqual(103);
    expect(home.posts[0].preview).toMatch(/^Paragraph one of post 23\. Long text\./);
    expect(home.posts[0].preview).toMatch(/\.\.\.$/);
  });

  it("GET /posts pages published posts 20 at a time, newest first, with 'A member' for missing names", async () => {
    const first = await call(api, "/posts");
    expect(first.status).toBe(200);
    const page1 = valid(PostPageSchema, first.body);
    expect(page1).toMatchObject({ page: 1, pageCount: 2, pageSize: 20, total: 24 });
    expect(page1.posts).toHaveLength(20);
    expect(page1.posts[0].title).toBe("Post 23");
    expect(page1.posts[19].title).toBe("Post 4");
    expect(page1.posts.some((p) => p.slug === "secret-draft")).toBe(false);
    const bySlug = Object.fromEntries(page1.posts.map((p) => [p.slug, p]));
    expect(bySlug["post-23"].author).toBe("A member");
    expect(bySlug["post-21"].author).toBe("A member");
    expect(bySlug["post-20"].author).toBe("Pat Rivers");
    expect(bySlug["post-22"].preview).toBe("A short excerpt written by the author.");
    expect(bySlug["post-22"].excerpt).toBe("A short excerpt written by the author.");
    expect(bySlug["post-20"].excerpt).toBeNull();
    expect(bySlug["post-20"].preview).toMatch(/^Paragraph one of post 20\./);
    expect(bySlug["post-20"].preview.length).toBeLessThanOrEqual(153);
    expect(Math.abs(Date.parse(bySlug["post-20"].createdAt) - ago(80).getTime())).toBeLessThan(60_000);

    const page2 = valid(PostPageSchema, (await call(api, "/posts?page=2")).body);
    expect(page2.posts.map((p) => p.title)).toEqual(["Post 3", "Post 2", "Post 1", "Post 0"]);
    expect(page2.page).toBe(2);

    const past = valid(PostPageSchema, (await call(api, "/posts?page=9")).body);
    expect(past).toMatchObject({ posts: [], page: 9, pageCount: 2, total: 24 });
  });

  it("refuses a page that is not a whole number of 1 or more with 400 and a field error", async () => {
    for (const page of ["0", "-1", "abc", "1.5"]) {
      const res = await call(api, `/questions?page=${page}`);
      expect(res.status, page).toBe(400);
      const error = valid(ErrorSchema, res.body);
      expect(error.code).toBe("validation_failed");
      expect(error.errors?.page).toBe("page must be a whole number of 1 or more");
    }
  });

  it("GET /posts/:slug returns one published post; drafts, unknown and malformed slugs are 404", async () => {
    const res = await call(api, "/posts/post-22");
    expect(res.status).toBe(200);
    const post = valid(PostSchema, res.body);
    expect(post).toMatchObject({ id: ids.post22, slug: "post-22", title: "Post 22", author: "Pat Rivers", excerpt: "A short excerpt written by the author." });
    expect(post.content).toContain("\nSecond paragraph.");
    expect(valid(PostSchema, (await call(api, "/posts/post-23")).body).author).toBe("A member");

    for (const slug of ["secret-draft", "no-such-post", "Post_22", "x".repeat(121)]) {
      const missing = await call(api, `/posts/${slug}`);
      expect(missing.status, slug).toBe(404);
      expect(valid(ErrorSchema, missing.body)).toEqual({ message: "Article not found", code: "not_found" });
    }
  });

  it("GET /questions pages visible questions with author, answer count and the first two visible answers", async () => {
    const res = await call(api, "/questions");
    expect(res.status).toBe(200);
    const page = valid(QuestionPageSchema, res.body);
    expect(page).toMatchObject({ page: 1, pageCount: 2, pageSize: 20, total: 22 });
    expect(page.questions).toHaveLength(20);
    expect(page.questions.map((q) => q.title)).not.toContain("Hidden question");
    const [q21, q20] = page.questions;
    expect(q21).toMatchObject({ title: "Q21", author: "Pat Rivers", answerCount: 3 });
    expect(q21.recentAnswers.map((a) => [a.content, a.author])).toEqual([
      ["A1 by Pat", "Pat Rivers"],
      ["A3 anonymous", "Anonymous"],
    ]);
    expect(q20).toMatchObject({ title: "Q20", author: "Anonymous", answerCount: 0, recentAnswers: [] });

    const second = valid(QuestionPageSchema, (await call(api, "/questions?page=2")).body);
    expect(second.questions.map((q) => q.title)).toEqual(["Q1", "Q0"]);
  });

  it("GET /questions/:id has every visible answer; hidden, unknown and non-numeric ids are 404", async () => {
    const res = await call(api, `/questions/${ids.q21}`);
    expect(res.status).toBe(200);
    const question = valid(QuestionSchema, res.body);
    expect(question.answers.map((a) => a.content)).toEqual(["A1 by Pat", "A3 anonymous", "A4 by Pat"]);
    expect(question.answers[1].author).toBe("Anonymous");
    expect(question.answerCount).toBe(3);

    for (const id of [String(ids.hidden), "999999", "abc", `${ids.q21}abc`, "-1", "1e3", "1234567890"]) {
      const missing = await call(api, `/questions/${id}`);
      expect(missing.status, id).toBe(404);
      expect(valid(ErrorSchema, missing.body)).toEqual({ message: "Question not found", code: "not_found" });
    }
  });

  it("GET /places/:city/:service serves the default page when no record exists", async () => {
    const res = await call(api, "/places/portland/pain-relief");
    expect(res.status).toBe(200);
    const place = valid(PlacePageSchema, res.body);
    expect(place.path).toBe("/portland/pain-relief");
    expect(place.city).toEqual({ slug: "portland", name: "Portland", state: "OR", latitude: 45.52, longitude: -122.68 });
    expect(place.service).toEqual({ slug: "pain-relief", name: "Pain Relief" });
    expect(place.page).toMatchObject({ id: null, isDefault: true, metaTitle: "Pain Relief in Portland, OR | Capsiva" });
    expect(place.page.metaDescription).toContain("Portland, OR");
    expect(place.page.content).toContain("<h2>Welcome to Pain Relief in Portland</h2>");
    expect(place.page.content).toContain("<p>Gentle ways to ease joint pain.</p>");
    expect(place.page.content).toContain("<h3>Why choose Pain Relief in Portland?</h3>");
    for (const bullet of [
      "Local community support and resources",
      "Expert guidance on pain management",
      "Connect with others in Portland",
      "Access to proven arthritis relief solutions",
    ]) {
      expect(place.page.content).toContain(`<li>${bullet}</li>`);
    }
  });

  it("GET /places/:city/:service serves a stored record, sanitised", async () => {
    const place = valid(PlacePageSchema, (await call(api, "/places/portland/hand-massage")).body);
    expect(place.page.isDefault).toBe(false);
    expect(place.page.id).toEqual(expect.any(Number));
    expect(place.page.metaTitle).toBe("Hand massage classes in Portland");
    expect(place.page.metaDescription).toBe("Where to learn hand massage in Portland.");
    expect(place.page.content).toContain("<h2>Hand massage in Portland</h2>");
    expect(place.page.content).not.toContain("<script");
  });

  it("answers 404 for an inactive or unknown city or service, and for reserved or malformed slugs", async () => {
    for (const path of [
      "closed-city/pain-relief",
      "portland/retired-service",
      "nowhere/pain-relief",
      "portland/nothing",
      "blog/pain-relief",
      "Portland/pain-relief",
    ]) {
      const res = await call(api, `/places/${path}`);
      expect(res.status, path).toBe(404);
      expect(valid(ErrorSchema, res.body).code).toBe("not_found");
    }
  });

  it("lets any origin read, answers preflights, and never allows credentials", async () => {
    const res = await call(api, "/stats", { headers: { Origin: "https://partner.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();

    const pre = await call(api, "/questions", {
      method: "OPTIONS",
      headers: { Origin: "https://partner.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-methods")).toContain("POST");
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/Content-Type/);
    expect(pre.headers.get("access-control-allow-credentials")).toBeNull();

    const readPre = await call(api, "/posts/post-1", {
      method: "OPTIONS",
      headers: { Origin: "https://partner.example", "Access-Control-Request-Method": "GET" },
    });
    expect(readPre.status).toBe(204);
    expect(readPre.headers.get("access-control-allow-methods")).toContain("GET");
    expect(readPre.headers.get("access-control-allow-methods")).not.toContain("POST");

    const missing = await call(api, "/nope");
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers unknown endpoints with 404 and other methods with 405, both in the error shape", async () => {
    const missing = await call(api, "/users");
    expect(missing.status).toBe(404);
    expect(valid(ErrorSchema, missing.body).code).toBe("not_found");

    const wrong = await call(api, "/stats", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(valid(ErrorSchema, wrong.body).code).toBe("method_not_allowed");
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

// ================================================================ writes
