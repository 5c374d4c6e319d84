// Account rules an attacker would probe: who becomes an admin, deleting an account through the
// auth library's own endpoint, what a question page tells readers about its authors, where a
// sign-in returns to, passwords and display names, sign-up answers for known addresses, and one
// use per one-time code.
import { Writable } from "node:stream";
import { createOTP } from "@better-auth/utils/otp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumQuestions, profiles, users } from "../../db/schema";
import * as accountRoute from "~/routes/account/account";
import * as authRoute from "~/routes/auth/auth";
import * as twoFactorRoute from "~/routes/auth/auth-two-factor";
import * as resetRoute from "~/routes/auth/auth-reset";
import * as questionRoute from "~/routes/forum/forum-question";
import { askQuestion, answerQuestion } from "~/server/forum/forum.server";
import { createLogger, logRequest } from "~/server/infra/log.server";
import { COMMON_PASSWORD_MESSAGE, RESERVED_NAME_MESSAGE } from "~/server/members/account-policy.server";
import { authApi, callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, signUpByApi, type TestRuntime } from "../helpers/runtime";

const SITE = "http://localhost:3000";
const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ ADMIN_EMAILS: "boss@example.com", RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

const roleOf = async (email: string) => (await rt.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

describe("ADMIN_EMAILS", () => {
  it("makes a listed address an admin only once its owner opens the link mailed to it", async () => {
    const res = await callRoute(
      authRoute.action,
      formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "boss@example.com", password: "plain words here" }),
      contextFor(rt),
    );
    expect(res.status).toBe(302);
    // Signed up and signed in (verification is off), but not an admin on the address alone.
    expect(await roleOf("boss@example.com")).toBe("member");
    await rt.mailOutbox.drain();
    const mail = rt.sent.find((m) => m.to === "boss@example.com" && /Confirm your email/.test(m.subject));
    expect(mail).toBeDefined();
    const link = /https?:\/\/\S+/.exec(mail!.text)![0];
    const verified = await rt.auth.handler(new Request(link));
    expect(verified.status).toBe(302);
    expect(await roleOf("boss@example.com")).toBe("admin");
  });

  it("never makes an unlisted address an admin by verifying it", async () => {
    const { email } = await signUpByApi(rt);
    await rt.mailOutbox.drain();
    expect(rt.sent.some((m) => m.to === email)).toBe(false);
    expect(await roleOf(email)).toBe("member");
  });
});

describe("Better Auth's /delete-user", () => {
  it("refuses a fresh session without the password, or with a wrong one, and deletes with the right one", async () => {
    const m = await signUpByApi(rt);
    const bare = await authApi(rt, "/delete-user", {}, m.cookie);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe("Please enter your password to delete your account.");
    const wrong = await authApi(rt, "/delete-user", { password: "not my password" }, m.cookie);
    expect(wrong.status).toBe(400);
    expect(await roleOf(m.email)).toBe("member");
    const right = await authApi(rt, "/delete-user", { password: m.password }, m.cookie);
    expect(right.status).toBe(200);
    expect(await roleOf(m.email)).toBeUndefined();
  });

  it("keeps /account's own deletion working", async () => {
    const m = await createMember(rt);
    const res = await callRoute(
      accountRoute.action,
      formRequest("/account", { intent: "delete-account", content: "keep", password: m.password }),
      contextFor(rt, m),
    );
    expect(res.status).toBe(302);
    expect(await roleOf(m.email)).toBeUndefined();
  });
});

describe("question pages", () => {
  it("tell readers whether a post is theirs, never any author's id", async () => {
    const author = await createMember(rt);
    const helper = await createMember(rt);
    const reader = await createMember(rt);
    const { id } = await askQuestion(rt, { authorId: author.id, title: "Warm gloves at night?", content: "Do they help stiffness?" });
    await answerQuestion(rt, { questionId: id, authorId: helper.id, content: "They help me." });
    const asReader = await callRoute(questionRoute.loader, getRequest(`/forum/${id}`), contextFor(rt, reader), { questionId: String(id) });
    const text = JSON.stringify(asReader.data);
    expect(text).not.toContain(author.id);
    expect(text).not.toContain(helper.id);
    const shown = asReader.data as { question: { isMine: boolean; answers: { isMine: boolean }[] } };
    expect(shown.question.isMine).toBe(false);
    expect(shown.question.answers[0].isMine).toBe(false);
    const asVisitor = await callRoute(questionRoute.loader, getRequest(`/forum/${id}`), contextFor(rt), { questionId: String(id) });
    expect(JSON.stringify(asVisitor.data)).not.toContain(author.id);
    const asAuthor = await callRoute(questionRoute.loader, getRequest(`/forum/${id}`), contextFor(rt, author), { questionId: String(id) });
    expect((asAuthor.data as typeof shown).question.isMine).toBe(true);
    expect((asAuthor.data as typeof shown).question.answers[0].isMine).toBe(false);
    expect(JSON.stringify(asAuthor.data)).not.toContain(helper.id);
    await rt.db.delete(forumQuestions).where(eq(forumQuestions.id, id));
  });
});

describe("tokens and return addresses", () => {
  it("sends a visitor who asked for a page's data back to the page itself after signing in", async () => {
    for (const [asked, back] of [
      ["/account.data?_routes=routes%2Faccount%2Faccount", "/account"],
      ["/account/security.data", "/account/security"],
      ["/_root.data?_routes=root", "/"],
      ["/account?tab=1", "/account?tab=1"],
    ]) {
      const res = await callRoute(accountRoute.loader, getRequest(asked), contextFor(rt));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(back)}`);
    }
  });

  it("keeps the reset token out of the request log and the reset page out of caches", () => {
    const lines: string[] = [];
    const log = createLogger("info", new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    logRequest(log, "GET", "/api/auth/reset-password/Zq8sEcretTokenValue123", 302, "r1", process.hrtime.bigint());
    logRequest(log, "GET", "/forum/12", 200, "r2", process.hrtime.bigint());
    expect(lines.join("")).not.toContain("Zq8sEcretTokenValue123");
    expect(lines.join("")).toContain('"path":"/api/auth/reset-password/:token"');
    expect(lines.join("")).toContain('"path":"/forum/12"');
    expect(new Headers(resetRoute.headers()).get("Cache-Control")).toBe("no-store");
  });
});

describe("passwords", () => {
  it("refuses common and short passwords on sign-up, in the form and at the library's endpoint", async () => {
    for (const password of ["password1", "iloveyou1", "Qwertyuiop", "12345678"]) {
      const form = await callRoute(
        authRoute.action,
        formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email: "weak@example.com", password }),
        contextFor(rt),
      );
      expect(form.status).toBe(400);
      expect((form.data as { errors: { password: string } }).errors.password).toBe(COMMON_PASSWORD_MESSAGE);
      const api = await authApi(rt, "/sign-up/email", { email: "weak@example.com", password, name: "", ageConfirmed: true });
      expect(api.status).toBe(400);
      expect(api.body.message).toBe(COMMON_PASSWORD_MESSAGE);
    }
    const short = await authApi(rt, "/sign-up/email", { email: "weak@example.com", password: "kq7vzx2", name: "", ageConfirmed: true });
    expect(short.status).toBe(400);
    const long = await authApi(rt, "/sign-up/email", { email: "weak@example.com", password: "k".repeat(129), name: "", ageConfirmed: true });
    expect(long.status).toBe(400);
    expect(await roleOf("weak@example.com")).toBeUndefined();
    // No composition rules: eight plain lower-case letters, or a long passphrase, are fine.
    const plain = await authApi(rt, "/sign-up/email", { email: "plain@example.com", password: "kqvzxwmt", name: "", ageConfirmed: true });
    expect(plain.status).toBe(200);
    const phrase = await authApi(rt, "/sign-up/email", {
      email: "phrase@example.com",
      password: "my knees like warm baths in winter ".repeat(3),
      name: "",
      ageConfirmed: true,
    });
    expect(phrase.status).toBe(200);
  });

  it("refuses a common new password when changing or resetting it, in the forms and at the endpoints", async () => {
    const m = await signUpByApi(rt);
    const viaApi = await authApi(rt, "/change-password", { currentPassword: m.password, newPassword: "password123" }, m.cookie);
    expect(viaApi.status).toBe(400);
    expect(viaApi.body.message).toBe(COMMON_PASSWORD_MESSAGE);
    const member = await createMember(rt);
    const viaForm = await callRoute(
      accountRoute.action,
      formRequest("/account", { intent: "change-password", currentPassword: member.password, newPassword: "sunshine1" }),
      contextFor(rt, member),
    );
    expect(viaForm.status).toBe(400);
    expect((viaForm.data as { errors: { newPassword: string } }).errors.newPassword).toBe(COMMON_PASSWORD_MESSAGE);

    await authApi(rt, "/request-password-reset", { email: m.email, redirectTo: "/auth/reset" });
    await rt.mailOutbox.drain();
    const mail = rt.sent.findLast((x) => x.to === m.email && /Reset/.test(x.subject))!;
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const resetApi = await authApi(rt, "/reset-password", { token, newPassword: "football1" });
    expect(resetApi.status).toBe(400);
    expect(resetApi.body.message).toBe(COMMON_PASSWORD_MESSAGE);
    const resetForm = await callRoute(resetRoute.action, formRequest("/auth/reset", { token, password: "baseball1", confirm: "baseball1" }), contextFor(rt));
    expect(resetForm.status).toBe(400);
    expect((resetForm.data as { error: string }).error).toBe(COMMON_PASSWORD_MESSAGE);
    // The token still works for a good password.
    const good = await authApi(rt, "/reset-password", { token, newPassword: "a quiet walk by the river" });
    expect(good.status).toBe(200);
  });
});

describe("display names", () => {
  it.each([
    "Admin",
    "admin",
    " A d m i n ",
    "ADM1N!",
    "Capsiva Support Team",
    "capsiva_support-team",
    "Moderator",
    "M.o.d.e.r.a.t.o.r",
    "Anonymous",
    "anon-ymous",
    "Community Author",
    "COMMUNITY-AUTHOR",
    "A member",
    "a-member",
    "Admin Jane",
    "Jane (moderator)",
    "Capsiva",
  ])("refuses %j with a clear message and keeps the old name", async (displayName) => {
    const m = await createMember(rt, { displayName: "Rosa" });
    const res = await callRoute(accountRoute.action, formRequest("/account", { intent: "display-name", displayName }), contextFor(rt, m));
    expect(res.status).toBe(400);
    expect((res.data as { errors: { displayName: string } }).errors.displayName).toBe(RESERVED_NAME_MESSAGE);
    const [row] = await rt.db.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, m.id));
    expect(row.displayName).toBe("Rosa");
  });

  it.each(["Rosa", "Badminton Bev", "Modesty", "Staffordshire Sue"])("accepts %j", async (displayName) => {
    const m = await createMember(rt);
    const res = await callRoute(accountRoute.action, formRequest("/account", { intent: "display-name", displayName }), contextFor(rt, m));
    expect(res.status).toBe(200);
  });
});

describe("sign-up with email verification on", () => {
  it("answers a known address exactly as a new one", async () => {
    const verifying = await createTestRuntime({ REQUIRE_EMAIL_VERIFICATION: "true", ADMIN_EMAILS: "chief@example.com" });
    try {
      await createMember(verifying, { email: "known@example.com" });
      await createMember(verifying, { email: "chief@example.com" });
      const answer = async (email: string) => {
        const res = await callRoute(
          authRoute.action,
          formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email, password: "plain words here" }),
          contextFor(verifying),
        );
        const { toast, ...rest } = res.data as { toast: { id: string } };
        return { status: res.status, rest, toast: { ...toast, id: "" }, cookies: res.headers.getSetCookie() };
      };
      expect(await answer("known@example.com")).toEqual(await answer("newcomer@example.com"));
      const api = async (email: string) => {
        const res = await verifying.auth.handler(
          new Request(`${SITE}/api/auth/sign-up/email`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: SITE },
            body: JSON.stringify({ email, password: "plain words here", name: "", ageConfirmed: true }),
          }),
        );
        const body = (await res.json()) as { user: Record<string, unknown> };
        const { id: _id, createdAt: _c, updatedAt: _u, ...user } = body.user;
        return { status: res.status, user: { ...user, email: "" } };
      };
      // The listed admin address, already taken, answers like an unlisted new one.
      expect(await api("chief@example.com")).toEqual(await api("another-newcomer@example.com"));
      // The owner of the known address hears about the attempt.
      await verifying.mailOutbox.drain();
      expect(verifying.sent.some((m) => m.to === "known@example.com" && /tried to join/.test(m.subject))).toBe(true);
    } finally {
      await verifying.close();
    }
  });
});

describe("one-time codes", () => {
  async function enrol() {
    const m = await signUpByApi(rt);
    const enabled = await authApi(rt, "/two-factor/enable", { password: m.password }, m.cookie);
    expect(enabled.status).toBe(200);
    const secret = new URL(enabled.body.totpURI!).searchParams.get("secret")!;
    const { base32 } = await import("@better-auth/utils/base32");
    const otp = createOTP(base32.decode(secret), { period: 30, digits: 6 });
    return { ...m, otp };
  }

  it("accepts a code once: turning two-step verification on, then at sign-in", async () => {
    const m = await enrol();
    const code = await m.otp.totp();
    const first = await authApi(rt, "/two-factor/verify-totp", { code }, m.cookie);
    expect(first.status).toBe(200);
    // Signing in again within the same 30 seconds: the code just used must not open the account.
    const signIn = await authApi(rt, "/sign-in/email", { email: m.email, password: m.password });
    expect(signIn.body.twoFactorRedirect).toBe(true);
    const pending = cookieOf(signIn.cookies);
    const replay = await callRoute(
      twoFactorRoute.action,
      formRequest("/auth/two-factor", { method: "totp", code }, { headers: { Cookie: pending } }),
      contextFor(rt),
    );
    expect(replay.status).toBe(400);
    expect((replay.data as { error: string }).error).toBe("This code has already been used. Please wait for the next code from your authenticator app.");
    const again = await authApi(rt, "/two-factor/verify-totp", { code }, pending);
    expect(again.status).toBe(401);
    expect(again.cookies.join()).not.toMatch(/session_token=[^;]/);
  });

  it("lets only one of two simultaneous sign-ins with the same code through", async () => {
    const m = await enrol();
    expect((await authApi(rt, "/two-factor/verify-totp", { code: await m.otp.hotp(Math.floor(Date.now() / 30_000) - 1) }, m.cookie)).status).toBe(200);
    const code = await m.otp.totp();
    const pendings = await Promise.all(
      [0, 1].map(async () => cookieOf((await authApi(rt, "/sign-in/email", { email: m.email, password: m.password })).cookies)),
    );
    const results = await Promise.all(pendings.map((pending) => authApi(rt, "/two-factor/verify-totp", { code }, pending)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });
});
