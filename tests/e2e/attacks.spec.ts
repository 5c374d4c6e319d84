// Attacks an outsider can make over plain HTTP against the production server: a planted second
// session cookie, and walking around the sign-in and reset limits through the auth library's own
// endpoints or a forged X-Forwarded-For.
import crypto from "node:crypto";
import { expect, signUpByApi, test, uniqueEmail } from "./fixtures";

/** A documentation-range address of its own for each call site, so per-address limits do not mix. */
const address = () => `198.19.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;

test.describe("a planted session cookie", () => {
  test("a second session cookie under the other name never stands for the member", async ({ playwright, baseURL }) => {
    // Cookies are set by hand here, as a browser would send them: no cookie jar.
    const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const email = uniqueEmail("victim");
    const session = (await signUpByApi(request, { email, password: "victim-password-long-1", from: address() })).cookie;
    const planted = `__Secure-better-auth.session_token=${crypto.randomBytes(24).toString("base64url")}`;

    // The member's browser sends the planted cookie first (longer Path), then the real one: the
    // pages answer as to a visitor signed out (the account page sends them to sign in).
    const signedOut: Record<string, number> = { "/forum": 200, "/account": 302, "/": 200 };
    for (const [path, status] of Object.entries(signedOut)) {
      const res = await request.get(path, { headers: { Cookie: `${planted}; ${session}` }, maxRedirects: 0 });
      expect(res.status(), path).toBe(status);
      expect(await res.text(), path).not.toContain(email);
    }
    // The attacker holds only the planted value: it must count for nobody.
    const exported = await request.get("/account/export", { headers: { Cookie: planted }, maxRedirects: 0 });
    expect(exported.status()).toBe(302);
    expect(exported.headers()["location"]).toMatch(/^\/auth\?redirectTo=/);
    const forum = await request.get("/forum", { headers: { Cookie: planted } });
    expect(forum.status()).toBe(200);
    expect(await forum.text()).not.toContain(email);

    // The real cookie alone still signs the member in.
    const own = await request.get("/account", { headers: { Cookie: session }, maxRedirects: 0 });
    expect(own.status()).toBe(200);
    expect(await own.text()).toContain(email);
    await request.dispose();
  });

  test("the same name twice counts as signed out, whichever comes first", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const email = uniqueEmail("victim2");
    const session = (await signUpByApi(request, { email, password: "victim-password-long-2", from: address() })).cookie;
    const planted = `better-auth.session_token=${crypto.randomBytes(24).toString("base64url")}`;
    for (const cookie of [`${planted}; ${session}`, `${session}; ${planted}`, `${session.replace("=", " =")}; ${planted}`]) {
      const res = await request.get("/account", { headers: { Cookie: cookie }, maxRedirects: 0 });
      expect(res.status(), cookie).toBe(302);
    }
    const after = await request.get("/account/export", { headers: { Cookie: planted }, maxRedirects: 0 });
    expect(after.status()).toBe(302);
    await request.dispose();
  });
});
