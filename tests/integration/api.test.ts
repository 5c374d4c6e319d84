// The JSON API at /api/v1 over real HTTP: an Express app with the API router on a real runtime
// (database, Better Auth, rate limits), listening on a free port, called with fetch.
import type { AddressInfo } from "node:net";
import { createLogger } from "~/server/log.server";
import { Writable } from "node:stream";
import { count, eq, sql } from "drizzle-orm";
import express from "express";
import { decodeJwt, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { blogPosts, cities, cityServicePages, forumAnswers, forumQuestions, services, users } from "../../db/schema";
import { PERSONAL_DETAILS_WARNING } from "~/lib/personal-details";
import type { Runtime } from "~/server/runtime.server";
import { createApiRouter } from "../../server/api/router";
import {
  AnswerCreatedSchema,
  ErrorSchema,
  HomeSchema,
  PlacePageSchema,
  PostPageSchema,
  PostSchema,
  QuestionCreatedSchema,
  QuestionPageSchema,
  QuestionSchema,
  StatsSchema,
} from "../../server/api/schemas";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";

const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

interface Api {
  base: string;
  close: () => Promise<void>;
}

/** Serves the API router alone, as server/app.ts mounts it. Client addresses come from X-Forwarded-For. */
async function startApi(runtime: Runtime): Promise<Api> {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use("/api/v1", createApiRouter(runtime));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let clientCounter = 0;

/** Each call comes from its own client address unless one is given, so the per-address budget is not shared. */
async function call(api: Api, path: string, init: RequestInit & { ip?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", init.ip ?? `127.0.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`);
  const res = await fetch(`${api.base}${path}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: body as Record<string, unknown>, text };
}

const postJson = (api: Api, path: string, body: unknown, token?: string, extra: Record<string, string> = {}) =>
  call(api, path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** Parses with the documented schema: fails the test on any missing, extra or mistyped field. */
function valid<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return schema.parse(body);
}

function cookiesOf(headers: Headers) {
  return headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** A member signed in through Better Auth, with their session cookie and a JWT from GET /api/auth/token. */
async function memberWithToken(runtime: Runtime, options: { displayName?: string | null } = {}) {
  const member = await createMember(runtime, options);
  const signIn = await runtime.auth.api.signInEmail({ body: { email: member.email, password: member.password }, returnHeaders: true });
  const cookie = cookiesOf(signIn.headers);
  expect(cookie).toMatch(/session_token=/);
  const res = await runtime.auth.handler(new Request("http://localhost:3000/api/auth/token", { headers: { cookie } }));
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { ...member, cookie, token };
}

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
    await rt.db.insert(blogPosts).values({ title: "Draft", slug: "secret-draft", content: "Not yet.", authorId: pat.id, published: false, createdAt: ago(1), updatedAt: ago(1) });

    // 22 visible questions ("Q21" newest visible), one newer hidden question.
    for (let i = 0; i < 22; i++) {
      const [q] = await rt.db
        .insert(forumQuestions)
        .values({ title: `Q${i}`, content: `Question ${i}: ${"words ".repeat(40)}`, authorId: i % 2 ? pat.id : anon.id, createdAt: ago(50 - i), updatedAt: ago(50 - i) })
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
    const [relief] = await rt.db.insert(services).values({ slug: "pain-relief", name: "Pain Relief", description: "Gentle ways to ease joint pain." }).returning();
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

  it("GET /stats counts members, visible questions and published articles", async () => {
    const res = await call(api, "/stats");
    expect(res.status).toBe(200);
    expect(valid(StatsSchema, res.body)).toEqual({ members: 3, questions: 22, articles: 24 });
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

  it("GET /posts pages published posts 20 at a time, newest first, with 'Community Author' for missing names", async () => {
    const first = await call(api, "/posts");
    expect(first.status).toBe(200);
    const page1 = valid(PostPageSchema, first.body);
    expect(page1).toMatchObject({ page: 1, pageCount: 2, pageSize: 20, total: 24 });
    expect(page1.posts).toHaveLength(20);
    expect(page1.posts[0].title).toBe("Post 23");
    expect(page1.posts[19].title).toBe("Post 4");
    expect(page1.posts.some((p) => p.slug === "secret-draft")).toBe(false);
    const bySlug = Object.fromEntries(page1.posts.map((p) => [p.slug, p]));
    expect(bySlug["post-23"].author).toBe("Community Author");
    expect(bySlug["post-21"].author).toBe("Community Author");
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
    expect(valid(PostSchema, (await call(api, "/posts/post-23")).body).author).toBe("Community Author");

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
    for (const path of ["closed-city/pain-relief", "portland/retired-service", "nowhere/pain-relief", "portland/nothing", "blog/pain-relief", "Portland/pain-relief"]) {
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

    const readPre = await call(api, "/posts/post-1", { method: "OPTIONS", headers: { Origin: "https://partner.example", "Access-Control-Request-Method": "GET" } });
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

describe("writes", () => {
  let rt: TestRuntime;
  let api: Api;
  let member: Awaited<ReturnType<typeof memberWithToken>>;
  let other: Awaited<ReturnType<typeof memberWithToken>>;

  beforeAll(async () => {
    rt = await createTestRuntime();
    api = await startApi(rt);
    member = await memberWithToken(rt, { displayName: "Jordan" });
    other = await memberWithToken(rt, { displayName: "Someone Else" });
  });

  afterAll(async () => {
    await api?.close();
    await rt?.close();
  });

  const questionCount = async () => (await rt.db.select({ n: count() }).from(forumQuestions))[0].n;

  it("issues tokens through Better Auth whose issuer and audience are the site and whose subject is the member", () => {
    const claims = decodeJwt(member.token);
    expect(claims.sub).toBe(member.id);
    expect(claims.iss).toBe("http://localhost:3000");
    expect(claims.aud).toBe("http://localhost:3000");
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
  });

  it("posts a question as the token's member, ignoring any author in the body, and refreshes cached pages", async () => {
    const version = rt.freshness.current();
    const res = await postJson(api, "/questions", { title: "  Mornings are stiff ", content: "What helps you get going?", author: other.id, authorId: other.id }, member.token);
    expect(res.status).toBe(201);
    const created = valid(QuestionCreatedSchema, res.body);
    expect(created.created).toBe(true);
    expect(res.headers.get("location")).toBe(`/api/v1/questions/${created.id}`);
    expect(rt.freshness.current()).toBeGreaterThan(version);

    const [row] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, created.id));
    expect(row).toMatchObject({ authorId: member.id, title: "Mornings are stiff", content: "What helps you get going?" });
    const shown = valid(QuestionSchema, (await call(api, `/questions/${created.id}`)).body);
    expect(shown).toMatchObject({ title: "Mornings are stiff", author: "Jordan", answers: [] });
  });

  it("stores one question for a repeated submission key", async () => {
    const body = { title: "Warm water?", content: "Does warm water help your hands?", submissionKey: "key-123" };
    const first = await postJson(api, "/questions", body, member.token);
    const before = await questionCount();
    const again = await postJson(api, "/questions", body, member.token);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(valid(QuestionCreatedSchema, again.body)).toEqual({ id: (first.body as { id: number }).id, created: false });
    expect(await questionCount()).toBe(before);
  });

  it("refuses invalid fields with 400 and the form's field messages, storing nothing", async () => {
    const before = await questionCount();
    const empty = await postJson(api, "/questions", { title: "   ", content: "" }, member.token);
    expect(empty.status).toBe(400);
    expect(valid(ErrorSchema, empty.body)).toEqual({
      message: "Please check the highlighted fields.",
      code: "validation_failed",
      errors: { title: "Title is required", content: "Content is required" },
    });

    const long = await postJson(api, "/questions", { title: "t".repeat(201), content: "c".repeat(10_001) }, member.token);
    expect(long.status).toBe(400);
    expect(valid(ErrorSchema, long.body).errors).toEqual({
      title: "Title must be at most 200 characters",
      content: "Content must be at most 10,000 characters",
    });

    const missing = await postJson(api, "/questions", {}, member.token);
    expect(valid(ErrorSchema, missing.body).errors).toEqual({ title: "Title is required", content: "Content is required" });

    const wrongType = await postJson(api, "/questions", { title: 42, content: ["x"], acknowledgePersonal: "yes" }, member.token);
    expect(wrongType.status).toBe(400);
    expect(valid(ErrorSchema, wrongType.body).errors).toEqual({ acknowledgePersonal: "acknowledgePersonal must be true or false" });

    const notObject = await postJson(api, "/questions", ["title", "content"], member.token);
    expect(notObject.status).toBe(400);
    expect(valid(ErrorSchema, notObject.body)).toEqual({ message: "The request body must be a JSON object.", code: "invalid_body" });

    expect(await questionCount()).toBe(before);
  });

  it("asks once more before posting an email address or phone number, then posts with acknowledgePersonal", async () => {
    const body = { title: "Call me", content: "Ring me on 555 123 4567 or write to pat@example.com" };
    const before = await questionCount();
    const warned = await postJson(api, "/questions", body, member.token);
    expect(warned.status).toBe(400);
    expect(valid(ErrorSchema, warned.body)).toEqual({ message: PERSONAL_DETAILS_WARNING, code: "personal_details" });
    expect(await questionCount()).toBe(before);

    const posted = await postJson(api, "/questions", { ...body, acknowledgePersonal: true }, member.token);
    expect(posted.status).toBe(201);
    expect(await questionCount()).toBe(before + 1);
  });

  it("posts an answer as the token's member and counts it", async () => {
    const [q] = await rt.db.insert(forumQuestions).values({ title: "Answer me", content: "Anyone?", authorId: other.id }).returning();
    const res = await postJson(api, `/questions/${q.id}/answers`, { content: "Yes: a warm shower first thing.", author: other.id }, member.token);
    expect(res.status).toBe(201);
    const created = valid(AnswerCreatedSchema, res.body);
    expect(created).toMatchObject({ questionId: q.id, created: true });
    expect(res.headers.get("location")).toBe(`/api/v1/questions/${q.id}`);

    const [row] = await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, created.id));
    expect(row.authorId).toBe(member.id);
    const shown = valid(QuestionSchema, (await call(api, `/questions/${q.id}`)).body);
    expect(shown.answerCount).toBe(1);
    expect(shown.answers.map((a) => [a.content, a.author])).toEqual([["Yes: a warm shower first thing.", "Jordan"]]);

    const invalid = await postJson(api, `/questions/${q.id}/answers`, { content: " " }, member.token);
    expect(invalid.status).toBe(400);
    expect(valid(ErrorSchema, invalid.body).errors).toEqual({ content: "Answer is required" });
  });

  it("answers 404 for answers to unknown, hidden or non-numeric questions", async () => {
    const [hidden] = await rt.db.insert(forumQuestions).values({ title: "Gone", content: "Hidden", authorId: other.id, hiddenAt: new Date() }).returning();
    for (const id of ["999999", String(hidden.id), "abc"]) {
      const res = await postJson(api, `/questions/${id}/answers`, { content: "Hello" }, member.token);
      expect(res.status, id).toBe(404);
      expect(valid(ErrorSchema, res.body).code).toBe("not_found");
    }
    expect((await rt.db.select({ n: count() }).from(forumAnswers).where(eq(forumAnswers.questionId, hidden.id)))[0].n).toBe(0);
  });

  it("limits questions per member with 429 and Retry-After, as the web form does", async () => {
    const limited = await memberWithToken(rt);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await postJson(api, "/questions", { title: `Question ${i}`, content: "Body" }, limited.token)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const res = await postJson(api, "/questions", { title: "One too many", content: "Body" }, limited.token);
    expect(res.status).toBe(429);
    expect(valid(ErrorSchema, res.body).code).toBe("rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const rows = await rt.db.select({ n: count() }).from(forumQuestions).where(eq(forumQuestions.title, "One too many"));
    expect(rows[0].n).toBe(0);
  });

  it("limits every client address to 120 API requests a minute", async () => {
    const ip = "127.9.9.9";
    for (let i = 0; i < 120; i++) {
      const res = await call(api, "/stats", { ip });
      if (res.status !== 200) throw new Error(`request ${i + 1} answered ${res.status}`);
    }
    const res = await call(api, "/stats", { ip });
    expect(res.status).toBe(429);
    expect(valid(ErrorSchema, res.body)).toEqual({ message: "Too many requests. Please slow down.", code: "rate_limited" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    // Another address is not affected.
    expect((await call(api, "/stats")).status).toBe(200);
  });

  it("needs a bearer token: none, another scheme or a session cookie alone is 401", async () => {
    const before = await questionCount();
    const body = { title: "No token", content: "Should not be stored" };
    const none = await postJson(api, "/questions", body);
    expect(none.status).toBe(401);
    expect(valid(ErrorSchema, none.body).code).toBe("missing_token");
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);

    const basic = await postJson(api, "/questions", body, undefined, { Authorization: "Basic dXNlcjpwYXNz" });
    expect(basic.status).toBe(401);
    expect(valid(ErrorSchema, basic.body).code).toBe("missing_token");

    // A signed-in browser's cookie is never enough: the API takes no ambient credentials.
    const cookie = await postJson(api, "/questions", body, undefined, { Cookie: member.cookie, Origin: "https://evil.example" });
    expect(cookie.status).toBe(401);
    expect(valid(ErrorSchema, cookie.body).code).toBe("missing_token");
    const answer = await postJson(api, `/questions/1/answers`, { content: "x" }, undefined, { Cookie: member.cookie });
    expect(answer.status).toBe(401);

    expect(await questionCount()).toBe(before);
  });

  it("refuses a token signed by a foreign key with 401 'Invalid JWT signature'", async () => {
    const before = await questionCount();
    const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
    const claims = decodeJwt(member.token);
    const ourKid = JSON.parse(Buffer.from(member.token.split(".")[0], "base64url").toString()).kid as string;
    const sign = (kid?: string) =>
      new SignJWT({ ...claims })
        .setProtectedHeader(kid ? { alg: "EdDSA", kid } : { alg: "EdDSA" })
        .sign(privateKey);

    for (const forged of [await sign(ourKid), await sign(), await sign("some-other-key")]) {
      const res = await postJson(api, "/questions", { title: "Forged", content: "Forged" }, forged);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Invalid JWT signature", code: "invalid_jwt" });
    }

    // A real token whose payload was changed no longer matches its signature.
    const [header, , signature] = member.token.split(".");
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: other.id })).toString("base64url");
    const tampered = await postJson(api, "/questions", { title: "Tampered", content: "Tampered" }, `${header}.${payload}.${signature}`);
    expect(tampered.status).toBe(401);
    expect(tampered.body).toEqual({ message: "Invalid JWT signature", code: "invalid_jwt" });

    const garbage = await postJson(api, "/questions", { title: "Garbage", content: "Garbage" }, "not-a-jwt");
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({ message: "Invalid JWT signature", code: "invalid_jwt" });

    expect(await questionCount()).toBe(before);
  });

  it("refuses expired tokens, tokens for another audience and tokens of deleted accounts", async () => {
    const now = Math.floor(Date.now() / 1000);
    const { token: expired } = await rt.auth.api.signJWT({ body: { payload: { sub: member.id, iat: now - 3600, exp: now - 600 } } });
    const res = await postJson(api, "/questions", { title: "Late", content: "Late" }, expired);
    expect(res.status).toBe(401);
    expect(valid(ErrorSchema, res.body).code).toBe("jwt_expired");

    const { token: elsewhere } = await rt.auth.api.signJWT({ body: { payload: { sub: member.id, aud: "https://other.example" } } });
    const aud = await postJson(api, "/questions", { title: "Other", content: "Other" }, elsewhere);
    expect(aud.status).toBe(401);
    expect(valid(ErrorSchema, aud.body).code).toBe("invalid_jwt_claims");

    const gone = await memberWithToken(rt);
    await rt.db.delete(users).where(eq(users.id, gone.id));
    const deleted = await postJson(api, "/questions", { title: "Ghost", content: "Ghost" }, gone.token);
    expect(deleted.status).toBe(401);
    expect(valid(ErrorSchema, deleted.body).code).toBe("unknown_user");
  });

  it("refuses a bad or expired bearer token on reads too, while reads without a token stay public", async () => {
    const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
    const now = Math.floor(Date.now() / 1000);
    const { token: expired } = await rt.auth.api.signJWT({ body: { payload: { sub: member.id, iat: now - 3600, exp: now - 600 } } });
    for (const path of ["/stats", "/home", "/posts", "/questions", "/questions/1"]) {
      const garbage = await call(api, path, bearer("not-a-jwt"));
      expect(garbage.status, path).toBe(401);
      expect(garbage.body, path).toEqual({ message: "Invalid JWT signature", code: "invalid_jwt" });
      expect(garbage.headers.get("www-authenticate"), path).toMatch(/error="invalid_token"/);
      const late = await call(api, path, bearer(expired));
      expect(late.status, path).toBe(401);
      expect(valid(ErrorSchema, late.body).code, path).toBe("jwt_expired");
      expect((await call(api, path)).status, path).not.toBe(401);
    }
    // A good token reads as before.
    const stats = await call(api, "/stats", bearer(member.token));
    expect(stats.status).toBe(200);
    valid(StatsSchema, stats.body);
  });

  it("answers malformed JSON with 400, other media types with 415 and bodies over 64 KB with 413", async () => {
    const before = await questionCount();
    const malformed = await postJson(api, "/questions", '{"title": "x", "content": ', member.token);
    expect(malformed.status).toBe(400);
    expect(valid(ErrorSchema, malformed.body)).toEqual({ message: "The request body is not valid JSON.", code: "invalid_json" });

    const form = await call(api, "/questions", {
      method: "POST",
      headers: { Authorization: `Bearer ${member.token}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "title=x&content=y",
    });
    expect(form.status).toBe(415);
    expect(valid(ErrorSchema, form.body).code).toBe("unsupported_media_type");

    const big = await postJson(api, "/questions", { title: "Big", content: "x".repeat(70 * 1024) }, member.token);
    expect(big.status).toBe(413);
    expect(valid(ErrorSchema, big.body)).toEqual({ message: "The request body is larger than 64 KB.", code: "payload_too_large" });

    const bigAnswer = await postJson(api, "/questions/1/answers", { content: "x".repeat(70 * 1024) }, member.token);
    expect(bigAnswer.status).toBe(413);

    expect(await questionCount()).toBe(before);
  });
});

// ================================================================ failures

describe("unexpected failures", () => {
  it("answer 500 in the error shape and are logged without the body or the token", async () => {
    const rt = await createTestRuntime({ RATE_LIMITS: "false" });
    const lines: string[] = [];
    rt.log = createLogger("info", new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const api = await startApi(rt);
    try {
      const member = await memberWithToken(rt);
      await rt.db.execute(sql`drop table forum_answers cascade`);
      const [q] = await rt.db.insert(forumQuestions).values({ title: "Q", content: "C", authorId: member.id }).returning();
      const res = await postJson(api, `/questions/${q.id}/answers`, { content: "a very private sentence" }, member.token);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: "Internal error", code: "internal" });
      const read = await call(api, `/questions/${q.id}`);
      expect(read.status).toBe(500);
      expect(read.body).toEqual({ message: "Internal error", code: "internal" });

      const logged = lines.join("");
      expect(logged).toContain("api request failed");
      // The database's own message is kept for whoever reads the log.
      expect(logged).toMatch(/relation \\"forum_answers\\" does not exist/);
      expect(logged).not.toContain("a very private sentence");
      expect(logged).not.toContain(member.token);
      // The failed answer was not counted.
      const [row] = await rt.db.select({ answerCount: forumQuestions.answerCount }).from(forumQuestions).where(eq(forumQuestions.id, q.id));
      expect(row.answerCount).toBe(0);
    } finally {
      await api.close();
      await rt.close();
    }
  });
});
