// The JSON API's writes at /api/v1 over real HTTP, and how it answers an unexpected failure: an
// Express app with the API router on a real runtime (database, Better Auth, rate limits).
import { createLogger } from "~/server/infra/log.server";
import { Writable } from "node:stream";
import { count, eq, sql } from "drizzle-orm";
import { decodeJwt, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions, users } from "../../db/schema";
import { PERSONAL_DETAILS_WARNING } from "~/lib/personal-details";
import { AnswerCreatedSchema, ErrorSchema, QuestionCreatedSchema, QuestionSchema, StatsSchema } from "../../server/api/schemas";
import { createTestRuntime, recordChanges, type TestRuntime } from "../helpers/runtime";
import { call, memberWithToken, postJson, startApi, valid, type Api } from "../helpers/api";

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
    const changes = recordChanges(rt);
    const res = await postJson(
      api,
      "/questions",
      { title: "  Mornings are stiff ", content: "What helps you get going?", author: other.id, authorId: other.id },
      member.token,
    );
    expect(res.status).toBe(201);
    const created = valid(QuestionCreatedSchema, res.body);
    expect(created.created).toBe(true);
    expect(res.headers.get("location")).toBe(`/api/v1/questions/${created.id}`);
    expect(changes.tags()).toEqual(new Set([`question:${created.id}`, "forum"]));

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
    const sign = (kid?: string) => new SignJWT({ ...claims }).setProtectedHeader(kid ? { alg: "EdDSA", kid } : { alg: "EdDSA" }).sign(privateKey);

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
