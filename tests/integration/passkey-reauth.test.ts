// Over real HTTP: a session cookie alone cannot add a passkey (the passkey endpoints want a fresh
// password, or a fresh two-step code for a member without one); a password reset and "sign out
// of all other sessions" (with the password) can remove passkeys; the security page dates each passkey.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, passkeys, users } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  await app.build();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const registerOptions = (cookie: string) => app.fetch("/api/auth/passkey/generate-register-options", { headers: { Cookie: cookie, Origin: app.url } });
const confirm = (cookie: string, secret: string) => app.postForm("/account/security", cookie, { intent: "passkey-confirm", name: "My phone", secret });

/** A stored passkey for `userId` (the public half only, as the library stores it). */
async function plantPasskey(userId: string, dates: { createdAt?: Date; lastUsedAt?: Date | null } = {}) {
  const id = crypto.randomUUID();
  await app.runtime.db.insert(passkeys).values({
    id,
    name: "Kitchen tablet",
    publicKey: "pk",
    userId,
    credentialID: crypto.randomUUID(),
    counter: 0,
    deviceType: "singleDevice",
    backedUp: false,
    createdAt: dates.createdAt ?? new Date(),
    lastUsedAt: dates.lastUsedAt ?? null,
  });
  return id;
}
const passkeysOf = (userId: string) => app.runtime.db.select().from(passkeys).where(eq(passkeys.userId, userId));

describe("adding a passkey", () => {
  it("is refused to a signed-in session that has not re-entered the password", async () => {
    const member = await app.member();
    const res = await registerOptions(member.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "REAUTH_REQUIRED" });
    const verify = await app.fetch("/api/auth/passkey/verify-registration", {
      method: "POST",
      headers: { Cookie: member.cookie, Origin: app.url, "Content-Type": "application/json" },
      body: JSON.stringify({ response: { id: "x" }, name: "Stolen" }),
    });
    expect(verify.status).toBe(403);
    expect(await passkeysOf(member.id)).toHaveLength(0);
  });

  it("refuses a wrong password with a clear message, and opens registration to that session only after the right one", async () => {
    const member = await app.member();
    const otherSession = await app.signIn(member.email, member.password);
    const wrong = await confirm(member.cookie, "not my password");
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not right. Check your password");
    expect((await registerOptions(member.cookie)).status).toBe(403);

    const right = await confirm(member.cookie, member.password);
    expect(right.status).toBe(200);
    const options = await registerOptions(member.cookie);
    expect(options.status).toBe(200);
    expect(await options.json()).toHaveProperty("challenge");
    expect((await registerOptions(otherSession)).status).toBe(403);
  });

  it("asks a member without a password for a two-step code, good once", async () => {
    const member = await app.member();
    const enabled = await app.runtime.auth.api.enableTwoFactor({ body: { password: member.password }, headers: new Headers({ cookie: member.cookie }) });
    await app.runtime.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, member.id));
    await app.runtime.db.update(accounts).set({ password: null }).where(eq(accounts.userId, member.id));
    const page = await (await app.fetch("/account/security", { headers: { Cookie: member.cookie } })).text();
    expect(page).toContain("6-digit code from your authenticator app");

    if (!("totpURI" in enabled)) throw new Error("two-step verification was not set up");
    const code = new TOTP({ secret: new URL(enabled.totpURI).searchParams.get("secret")! }).generate();
    expect((await confirm(member.cookie, code === "000000" ? "111111" : "000000")).status).toBe(400);
    const ok = await confirm(member.cookie, code);
    expect(ok.status).toBe(200);
    expect((await registerOptions(member.cookie)).status).toBe(200);
    const again = await confirm(member.cookie, code);
    expect(await again.text()).toContain("This code has already been used");
  });
});

describe("taking passkeys away again", () => {
  it("a password reset offers to remove every passkey, and does when asked", async () => {
    const member = await app.member();
    await plantPasskey(member.id);
    await app.postForm("/auth/forgot", "", { email: member.email });
    await app.runtime.mailOutbox.drain();
    const mail = app.runtime.sent.findLast((m) => m.to === member.email && /reset/i.test(m.subject));
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    const form = await (await app.fetch(`/auth/reset?token=${token}`)).text();
    expect(form).toContain("Also remove all passkeys from my account");
    const reset = await app.postForm("/auth/reset", "", {
      token: token!,
      password: "a brand new phrase 77",
      confirm: "a brand new phrase 77",
      removePasskeys: "true",
    });
    expect(reset.status).toBe(302);
    expect(await passkeysOf(member.id)).toHaveLength(0);
  });

  it("signing out of all other sessions removes the passkeys when asked, and keeps them otherwise", async () => {
    const member = await app.member();
    await plantPasskey(member.id);
    const page = await (await app.fetch("/account/security", { headers: { Cookie: member.cookie } })).text();
    expect(page).toContain("Also remove my passkey");
    await app.postForm("/account/security", member.cookie, { intent: "revoke-others" });
    expect(await passkeysOf(member.id)).toHaveLength(1);
    // Removing them takes the password, as adding one does.
    const res = await app.postForm("/account/security", member.cookie, { intent: "revoke-others", removePasskeys: "true", secret: member.password });
    expect(await res.text()).toContain("1 passkey removed");
    expect(await passkeysOf(member.id)).toHaveLength(0);
  });
});

describe("the security page", () => {
  it("shows when each passkey was added and last used", async () => {
    const member = await app.member();
    await plantPasskey(member.id, { createdAt: new Date("2026-11-01T10:00:00Z"), lastUsedAt: new Date("2026-11-20T10:00:00Z") });
    const page = await (await app.fetch("/account/security", { headers: { Cookie: member.cookie } })).text();
    expect(page).toContain("Added November 1, 2026.");
    expect(page).toContain("Last used to sign in November 20, 2026.");
  });
});
