import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, forumAnswers, forumQuestions, profiles, users } from "../../db/schema";
import * as accountRoute from "~/routes/account/account";
import * as exportRoute from "~/routes/account/account-export";
import * as authRoute from "~/routes/auth/auth";
import { loadViewer } from "~/server/accounts/session.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

const run = (mod: { action: (a: never) => unknown }, request: Request, viewer: Parameters<typeof contextFor>[1] = null, runtime = rt) =>
  callRoute(mod.action, request, contextFor(runtime, viewer));

function cookiesOf(headers: Headers) {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("sign up and sign in", () => {
  it("creates an account with a profile, signs in and sets an httpOnly SameSite=Lax session cookie", async () => {
    const res = await run(
      authRoute,
      formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "New.Member@Example.com", password: "mild-lantern-4" }),
    );
    expect(res.status).toBe(302);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/better-auth\.session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/toast=/);
    const [user] = await rt.db.select().from(users).where(eq(users.email, "new.member@example.com"));
    expect(user.role).toBe("member");
    const [profile] = await rt.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.displayName).toBeNull();

    // The cookie is a working session.
    const request = getRequest("/", { cookie: cookiesOf(res.headers) });
    const { viewer } = await loadViewer(request, contextFor(rt));
    expect(viewer?.email).toBe("new.member@example.com");
    expect(viewer?.aal).toBe("aal1");
  });

  it("refuses a duplicate email, short and over-long passwords and an over-long email, storing nothing", async () => {
    await createMember(rt, { email: "taken@example.com" });
    const before = (await rt.db.select().from(users)).length;

    const dup = await run(authRoute, formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "taken@example.com", password: "mild-lantern-42" }));
    expect(dup.status).toBe(400);
    expect((dup.data as { toast: { title: string; variant: string } }).toast).toMatchObject({ title: "Error", variant: "destructive" });

    const short = await run(authRoute, formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "short@example.com", password: "12345" }));
    expect(short.status).toBe(400);
    expect((short.data as { errors: Record<string, string> }).errors.password).toBe("Password must be at least 8 characters");

    const long = await run(authRoute, formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "long@example.com", password: "x".repeat(129) }));
    expect((long.data as { errors: Record<string, string> }).errors.password).toBe("Password must be at most 128 characters");

    const longEmail = await run(
      authRoute,
      formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: `${"a".repeat(250)}@example.com`, password: "mild-lantern-42" }),
    );
    expect((longEmail.data as { errors: Record<string, string> }).errors.email).toMatch(/at most 254/);

    const bad = await run(authRoute, formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "not-an-email", password: "mild-lantern-42" }));
    expect((bad.data as { errors: Record<string, string> }).errors.email).toBe("Please enter a valid email address");

    expect((await rt.db.select().from(users)).length).toBe(before);
  });

  it("answers a wrong password and an unknown email with the same message", async () => {
    const m = await createMember(rt);
    const wrong = await run(authRoute, formRequest("/auth", { intent: "signin", email: m.email, password: "wrong-password" }));
    const unknown = await run(authRoute, formRequest("/auth", { intent: "signin", email: "nobody-here@example.com", password: "wrong-password" }));
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const w = wrong.data as { errors: { form: string }; toast: { title: string; description: string } };
    const u = unknown.data as { errors: { form: string }; toast: { title: string; description: string } };
    expect(w.toast.title).toBe("Error");
    expect(w.errors.form).toBe(u.errors.form);
    expect(w.errors.form).not.toMatch(/not found|exist/i);

    const ok = await run(authRoute, formRequest("/auth", { intent: "signin", email: m.email, password: m.password }));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/");
  });

  it("redirects a signed-in member away from /auth and only to local paths", async () => {
    const m = await createMember(rt);
    const res = await callRoute(authRoute.loader, getRequest("/auth"), contextFor(rt, m));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const evil = await run(authRoute, formRequest("/auth", { intent: "signin", email: m.email, password: m.password, redirectTo: "//evil.example" }));
    expect(evil.headers.get("Location")).toBe("/");
  });

  it("rate-limits sign-in per account and address with 429 and Retry-After; a guesser cannot lock the owner out", async () => {
    const limited = await createTestRuntime();
    try {
      const m = await createMember(limited);
      const attempt = (password: string, address: string) =>
        run(authRoute, formRequest("/auth", { intent: "signin", email: m.email, password }, { headers: { "x-forwarded-for": address } }), null, limited);
      const statuses: number[] = [];
      let last = { status: 0, headers: new Headers(), data: undefined as unknown };
      for (let i = 0; i < 5; i++) statuses.push((last = await attempt("wrong-password", "10.0.0.1")).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400]);
      // Five more spread over the quarter hour (the library's own per-address limit counts per
      // minute, and would answer first to ten in a row).
      for (let i = 0; i < 5; i++) await limited.limiter.consume("signInAccount", `${m.email} 10.0.0.1`);
      last = await attempt("wrong-password", "10.0.0.1");
      expect(last.status).toBe(429);
      expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((last.data as { errors: { form: string } }).errors.form).toBe(
        "Too many sign-in attempts for this account. Please wait a few minutes and try again.",
      );
      // Even the right password waits at that address...
      expect((await attempt(m.password, "10.0.0.1")).status).toBe(429);
      // ...while the owner, elsewhere, signs in.
      expect((await attempt(m.password, "10.0.9.9")).status).toBe(302);
      // Another account from the guessing address is not affected.
      const other = await createMember(limited);
      const ok = await run(
        authRoute,
        formRequest("/auth", { intent: "signin", email: other.email, password: other.password }, { headers: { "x-forwarded-for": "10.0.0.1" } }),
        null,
        limited,
      );
      expect(ok.status).toBe(302);
    } finally {
      await limited.close();
    }
  });

  it("stops guessing spread over many addresses at 100 failures per account an hour", async () => {
    const limited = await createTestRuntime();
    try {
      const m = await createMember(limited);
      for (let i = 0; i < 100; i++) await limited.limiter.consume("accountSecrets", m.email);
      const res = await run(
        authRoute,
        formRequest("/auth", { intent: "signin", email: m.email, password: m.password }, { headers: { "x-forwarded-for": "10.0.5.5" } }),
        null,
        limited,
      );
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("sessions", () => {
  it("a revoked session signs the browser out cleanly (the cookie is removed)", async () => {
    const res = await run(
      authRoute,
      formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "revoked@example.com", password: "mild-lantern-42" }),
    );
    const cookie = cookiesOf(res.headers);
    const [user] = await rt.db.select().from(users).where(eq(users.email, "revoked@example.com"));
    const { sessions } = await import("../../db/schema");
    await rt.db.delete(sessions).where(eq(sessions.userId, user.id));
    const { viewer, setCookies } = await loadViewer(getRequest("/", { cookie }), contextFor(rt));
    expect(viewer).toBeNull();
    expect(setCookies.join("\n")).toMatch(/better-auth\.session_token=;.*Max-Age=0/i);
  });

  it("limits sign-in attempts per address (Better Auth) with 429 and a wait time", async () => {
    const limited = await createTestRuntime();
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 12; i++) {
        last = await run(
          authRoute,
          formRequest(
            "/auth",
            { intent: "signin", email: `someone${i}@example.com`, password: "whatever-1" },
            { headers: { "x-forwarded-for": "203.0.113.9" } },
          ),
          null,
          limited,
        );
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((last!.data as { errors: { form: string } }).errors.form).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});

describe("account", () => {
  it("saves a display name of 1-50 characters and refuses others", async () => {
    const m = await createMember(rt);
    const ok = await run(accountRoute, formRequest("/account", { intent: "display-name", displayName: "  Rosa M.  " }), m);
    expect(ok.status).toBe(200);
    const [p] = await rt.db.select().from(profiles).where(eq(profiles.id, m.id));
    expect(p.displayName).toBe("Rosa M.");
    // A control character is refused, not cleaned: a name is shown to everyone as typed.
    const hidden = await run(accountRoute, formRequest("/account", { intent: "display-name", displayName: "Rosa\u0000 N." }), m);
    expect(hidden.status).toBe(400);
    const long = await run(accountRoute, formRequest("/account", { intent: "display-name", displayName: "x".repeat(51) }), m);
    expect(long.status).toBe(400);
    const empty = await run(accountRoute, formRequest("/account", { intent: "display-name", displayName: "   " }), m);
    expect(empty.status).toBe(400);
    const [after] = await rt.db.select().from(profiles).where(eq(profiles.id, m.id));
    expect(after.displayName).toBe("Rosa M.");
  });

  it("exports the member's own data as JSON and nobody else's", async () => {
    const m = await createMember(rt, { displayName: "Exporter" });
    const other = await createMember(rt);
    const [q] = await rt.db.insert(forumQuestions).values({ title: "My question", content: "Body", authorId: m.id }).returning();
    await rt.db.insert(forumAnswers).values({ questionId: q.id, content: "My answer", authorId: m.id });
    await rt.db.insert(forumQuestions).values({ title: "Someone else's", content: "x", authorId: other.id });
    const res = await callRoute(exportRoute.loader, getRequest("/account/export"), contextFor(rt, m));
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.headers.get("Content-Disposition")).toContain("attachment");
    const body = res.data as { account: { email: string }; profile: { displayName: string }; questions: { title: string }[]; answers: { content: string }[] };
    expect(body.account.email).toBe(m.email);
    expect(body.profile.displayName).toBe("Exporter");
    expect(body.questions.map((x) => x.title)).toEqual(["My question"]);
    expect(body.answers.map((x) => x.content)).toEqual(["My answer"]);
    expect(JSON.stringify(body)).not.toMatch(/password|Someone else/);

    const visitor = await callRoute(exportRoute.loader, getRequest("/account/export"), contextFor(rt, null));
    expect(visitor.status).toBe(302);
  });

  async function memberWithContent() {
    const m = await createMember(rt, { displayName: "Leaving" });
    const other = await createMember(rt);
    const [q] = await rt.db.insert(forumQuestions).values({ title: "Q by leaver", content: "c", authorId: m.id }).returning();
    const [q2] = await rt.db.insert(forumQuestions).values({ title: "Q by other", content: "c", authorId: other.id, answerCount: 1 }).returning();
    await rt.db.insert(forumAnswers).values({ questionId: q2.id, content: "A by leaver", authorId: m.id });
    await rt.db.insert(blogPosts).values({ title: "Story", slug: `story-${m.id}`, content: "c", authorId: m.id, published: true });
    return { m, q, q2 };
  }

  it("deletes the account and keeps the posts as Anonymous", async () => {
    const { m, q } = await memberWithContent();
    const wrong = await run(accountRoute, formRequest("/account", { intent: "delete-account", content: "keep", password: "nope-nope" }), m);
    expect(wrong.status).toBe(400);
    expect(await rt.db.select().from(users).where(eq(users.id, m.id))).toHaveLength(1);

    const res = await run(accountRoute, formRequest("/account", { intent: "delete-account", content: "keep", password: m.password }), m);
    expect(res.status).toBe(302);
    expect(await rt.db.select().from(users).where(eq(users.id, m.id))).toHaveLength(0);
    const [kept] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id));
    expect(kept.authorId).toBeNull();
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.content, "A by leaver"))).toHaveLength(1);
  });

  it("deletes the account and its posts, keeping answer counts right", async () => {
    const { m, q, q2 } = await memberWithContent();
    const res = await run(accountRoute, formRequest("/account", { intent: "delete-account", content: "delete", password: m.password }), m);
    expect(res.status).toBe(302);
    expect(await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id))).toHaveLength(0);
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.questionId, q2.id))).toHaveLength(0);
    const [other] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q2.id));
    expect(other.answerCount).toBe(0);
    expect(
      await rt.db
        .select()
        .from(blogPosts)
        .where(eq(blogPosts.slug, `story-${m.id}`)),
    ).toHaveLength(0);
  });
});
