// Over real HTTP: what one session may learn about the member's other sessions, how soon an API
// token stops working once its session ends, and idempotency keys outside the documented pattern.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumQuestions, sessions } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  // The app loads its routes in the background; let that finish before the tests (and close).
  await app.build();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const authPost = (path: string, cookie: string, body: unknown) =>
  app.fetch(`/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: app.url },
    body: JSON.stringify(body),
  });

async function tokenFor(cookie: string) {
  const res = await app.fetch("/api/auth/token", { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

function ask(token: string, body: Record<string, unknown>) {
  return app.fetch("/api/v1/questions", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The raw session token inside a Cookie header (the part before the signature). */
const sessionToken = (cookie: string) => /better-auth\.session_token=([^.;]+)/.exec(cookie)?.[1] ?? "";

describe("the auth library's session list", () => {
  it("never hands one session the tokens of the member's other sessions", async () => {
    const member = await app.member();
    const other = await app.signIn(member.email, member.password);
    const otherToken = sessionToken(other);
    expect(otherToken.length).toBeGreaterThan(10);
    const res = await app.fetch("/api/auth/list-sessions", { headers: { Cookie: member.cookie } });
    const text = await res.text();
    expect(text).not.toContain(otherToken);
    expect(res.status).toBe(404);
  });
});

describe("API tokens after their session ends", () => {
  it("stops accepting a token as soon as its session signs out", async () => {
    const member = await app.member();
    const token = await tokenFor(member.cookie);
    expect((await ask(token, { title: "Before signing out", content: "Still signed in." })).status).toBe(201);
    expect((await authPost("/sign-out", member.cookie, {})).status).toBe(200);
    const after = await ask(token, { title: "After signing out", content: "Should be refused." });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: "session_ended" });
    expect(await app.runtime.db.select().from(forumQuestions).where(eq(forumQuestions.title, "After signing out"))).toHaveLength(0);
  });

  it("stops accepting another session's token when the password changes and other sessions are ended", async () => {
    const member = await app.member();
    const phone = await app.signIn(member.email, member.password);
    const phoneToken = await tokenFor(phone);
    const changed = await authPost("/change-password", member.cookie, {
      currentPassword: member.password,
      newPassword: "a different long phrase 42",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const after = await ask(phoneToken, { title: "From the old phone", content: "Should be refused." });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: "session_ended" });
  });

  it("stops accepting a phone's token once that session is signed out from the account page", async () => {
    const member = await app.member();
    const phone = await app.signIn(member.email, member.password);
    const phoneToken = await tokenFor(phone);
    const [row] = await app.runtime.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token, sessionToken(phone)));
    const removed = await app.postForm("/account", member.cookie, { intent: "revoke-session", sessionId: row.id });
    expect(await removed.text()).toContain("Session signed out");
    const after = await ask(phoneToken, { title: "From the removed phone", content: "Should be refused." });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: "session_ended" });
    expect(await app.runtime.db.select().from(forumQuestions).where(eq(forumQuestions.title, "From the removed phone"))).toHaveLength(0);
  });
});

describe("API submission keys", () => {
  const keys = ["has space!", "retry:abc", "x".repeat(65), ""];
  for (const key of keys) {
    it(`refuses the key ${JSON.stringify(key.slice(0, 20))} naming the field, and stores nothing`, async () => {
      const member = await app.member();
      const token = await tokenFor(member.cookie);
      const title = `Keyed retry ${["a", "b", "c", "d"][keys.indexOf(key)]}`;
      const first = await ask(token, { title, content: "Does this store twice?", submissionKey: key });
      expect(first.status).toBe(400);
      const body = (await first.json()) as { code: string; errors: Record<string, string> };
      expect(body.code).toBe("validation_failed");
      expect(body.errors.submissionKey).toMatch(/letters, digits/);
      await ask(token, { title, content: "Does this store twice?", submissionKey: key });
      expect(await app.runtime.db.select().from(forumQuestions).where(eq(forumQuestions.title, title))).toHaveLength(0);
    });
  }

  it("keeps a good key making a retry safe, and the document states the pattern the server applies", async () => {
    const member = await app.member();
    const token = await tokenFor(member.cookie);
    const body = { title: "Warm water for stiff hands?", content: "Does it help?", submissionKey: "retry_abc-1" };
    expect((await ask(token, body)).status).toBe(201);
    expect((await ask(token, body)).status).toBe(200);
    const doc = (await (await app.fetch("/api/v1/openapi.json")).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { pattern?: string }> }> };
    };
    for (const name of ["QuestionBody", "AnswerBody"]) {
      expect(doc.components.schemas[name].properties.submissionKey.pattern).toBe("^[A-Za-z0-9_-]{1,64}$");
    }
  });
});
