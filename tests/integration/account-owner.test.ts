// Over real HTTP, behind a trusted proxy whose X-Forwarded-For the attacker chooses freely: what a
// stolen session cookie can do to the account it belongs to. Guessing the password (or a two-step
// code) through the auth library's own endpoints counts against the member's limits as our forms
// do, and one proof of identity adds one passkey; removing passkeys needs a proof too.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys, sessions } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { registrationResponse } from "../helpers/webauthn";

let app: HttpApp;
let n = 0;
/** A new client address for every request, as an attacker behind many proxies would send. */
const rotating = () => `198.18.${Math.floor(++n / 250) % 250}.${(n % 250) + 1}`;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "true", TRUST_PROXY: "loopback" });
  await app.build();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

function authPost(path: string, cookie: string, body: unknown) {
  return app.fetch(`/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, Cookie: cookie, "X-Forwarded-For": rotating() },
    body: JSON.stringify(body),
  });
}
const form = (path: string, cookie: string, fields: Record<string, string>) =>
  app.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: app.url, "X-Forwarded-For": rotating() },
    body: new URLSearchParams(fields).toString(),
  });
const passkeysOf = (userId: string) => app.runtime.db.select().from(passkeys).where(eq(passkeys.userId, userId));

describe("guessing the password with a stolen session cookie", () => {
  it("through verify-password from a new address each time: the member's limit stops it, and the right password is then refused too", async () => {
    const member = await app.member();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await authPost("/verify-password", member.cookie, { password: `guess number ${i}` })).status);
    expect(statuses.every((s) => s === 400 || s === 401)).toBe(true);
    const right = await authPost("/verify-password", member.cookie, { password: member.password });
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toBe("Too many tries. Please wait a few minutes and try again.");
    // The site's own confirmation form is held to the same limit.
    const confirm = await form("/account/security", member.cookie, { intent: "passkey-confirm", name: "My phone", secret: member.password });
    expect(confirm.status).toBe(429);
    // Signing in is not locked for the owner: someone else's guesses cannot shut them out.
    expect(await app.signIn(member.email, member.password)).toContain("session_token");
  });

  it("spread over change-password, two-step set-up, account deletion and the site's forms: one limit for them all", async () => {
    const member = await app.member();
    const wrong = "not the password at all";
    const tries = [
      () => authPost("/change-password", member.cookie, { currentPassword: wrong, newPassword: "a fresh long phrase 9" }),
      () => authPost("/two-factor/enable", member.cookie, { password: wrong }),
      () => authPost("/two-factor/get-totp-uri", member.cookie, { password: wrong }),
      () => authPost("/delete-user", member.cookie, { password: wrong }),
      () => form("/account/security", member.cookie, { intent: "passkey-confirm", name: "My phone", secret: wrong }),
      () => form("/account", member.cookie, { intent: "delete-account", content: "keep", password: wrong }),
    ];
    for (let i = 0; i < 10; i++) expect((await tries[i % tries.length]()).status).toBeLessThan(429);
    expect((await authPost("/verify-password", member.cookie, { password: member.password })).status).toBe(429);
    expect((await authPost("/change-password", member.cookie, { currentPassword: member.password, newPassword: "a fresh long phrase 9" })).status).toBe(429);
  });
});

/** Proves the password on the security page, as a member adding a passkey does first. */
async function prove(member: { cookie: string; password: string }) {
  const res = await form("/account/security", member.cookie, { intent: "passkey-confirm", name: "My phone", secret: member.password });
  expect(res.status).toBe(200);
}

/** Registration options for this session, with the challenge cookie they come with. */
async function registrationOptions(cookie: string) {
  const res = await app.fetch("/api/auth/passkey/generate-register-options", { headers: { Cookie: cookie, Origin: app.url } });
  expect(res.status).toBe(200);
  const challenge = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { options: (await res.json()) as { challenge: string; rp: { id?: string } }, challenge };
}

describe("passkeys", () => {
  it("one proof, two sets of registration options verified together: one passkey is stored", async () => {
    const member = await app.member();
    await prove(member);
    const first = await registrationOptions(member.cookie);
    const second = await registrationOptions(member.cookie);
    const verify = (o: typeof first, name: string) =>
      authPost("/passkey/verify-registration", `${member.cookie}; ${o.challenge}`, { response: registrationResponse(o.options, app.url), name });
    const statuses = (await Promise.all([verify(first, "Phone"), verify(second, "Second phone")])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 403]);
    expect(await passkeysOf(member.id)).toHaveLength(1);
    // The proof is spent: a third registration needs the password again.
    const third = await app.fetch("/api/auth/passkey/generate-register-options", { headers: { Cookie: member.cookie, Origin: app.url } });
    expect(third.status).toBe(403);
  });

  it("removing one needs the password: the library's endpoint refuses a session alone, the form asks first", async () => {
    const member = await app.member();
    await prove(member);
    const options = await registrationOptions(member.cookie);
    const added = await authPost("/passkey/verify-registration", `${member.cookie}; ${options.challenge}`, {
      response: registrationResponse(options.options, app.url),
      name: "Kitchen tablet",
    });
    expect(added.status).toBe(200);
    const [stored] = await passkeysOf(member.id);

    expect((await authPost("/passkey/delete-passkey", member.cookie, { id: stored.id })).status).toBe(403);
    const asked = await form("/account/security", member.cookie, { intent: "passkey-remove-ask", id: stored.id });
    expect(await asked.text()).toContain("Remove &#x27;Kitchen tablet&#x27;? You will no longer be able to sign in with it.");
    const bare = await form("/account/security", member.cookie, { intent: "passkey-delete", id: stored.id });
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain("to remove this passkey.");
    expect((await form("/account/security", member.cookie, { intent: "passkey-delete", id: stored.id, secret: "wrong password" })).status).toBe(400);
    expect(await passkeysOf(member.id)).toHaveLength(1);

    const removed = await form("/account/security", member.cookie, { intent: "passkey-delete", id: stored.id, secret: member.password });
    expect(removed.status).toBe(302);
    expect(await passkeysOf(member.id)).toHaveLength(0);
  });

  it("signing out everywhere and removing the passkeys needs the password; without it nothing changes", async () => {
    const member = await app.member();
    const otherDevice = await app.signIn(member.email, member.password);
    await app.runtime.db.insert(passkeys).values({
      id: crypto.randomUUID(),
      name: "Laptop",
      publicKey: "pk",
      userId: member.id,
      credentialID: crypto.randomUUID(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    const sessionCount = async () => (await app.runtime.db.select().from(sessions).where(eq(sessions.userId, member.id))).length;
    const before = await sessionCount();
    expect(before).toBeGreaterThan(1);
    for (const secret of ["", "a wrong password"]) {
      const refused = await form("/account/security", member.cookie, { intent: "revoke-others", removePasskeys: "true", secret });
      expect(refused.status).toBe(400);
      expect(await passkeysOf(member.id)).toHaveLength(1);
      expect(await sessionCount()).toBe(before);
    }
    const done = await form("/account/security", member.cookie, { intent: "revoke-others", removePasskeys: "true", secret: member.password });
    expect(await done.text()).toContain("1 passkey removed");
    expect(await passkeysOf(member.id)).toHaveLength(0);
    expect(await sessionCount()).toBe(1);
    expect(otherDevice).toBeTruthy();
  });
});
