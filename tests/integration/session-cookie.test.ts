// The session cookie is read exactly as the auth library reads it, under the one name it uses.
import { describe, expect, it } from "vitest";
import { sessionCookieName, sessionCookieOf } from "~/server/infra/session-cookie.server";
import { createTestRuntime } from "../helpers/runtime";

describe("the session cookie", () => {
  const http = "better-auth.session_token";
  const https = "__Secure-better-auth.session_token";

  it("is named as the auth library names it, on http and https sites", async () => {
    for (const siteUrl of ["http://localhost:3000", "https://community.example.org"]) {
      const runtime = await createTestRuntime({ SITE_URL: siteUrl });
      const context = await runtime.auth.$context;
      expect(sessionCookieName(siteUrl)).toBe(context.authCookies.sessionToken.name);
      await runtime.close();
    }
  });

  it("is found alone, among other cookies, with or without spaces", () => {
    expect(sessionCookieOf(`${http}=abc.def`, http)).toBe(`${http}=abc.def`);
    expect(sessionCookieOf(`sidebar:state=true; ${http}=abc.def; toast=x`, http)).toBe(`${http}=abc.def`);
    expect(sessionCookieOf(`a=b;${http}=abc`, http)).toBe(`${http}=abc`);
    expect(sessionCookieOf(`a=b; ${https}=abc`, https)).toBe(`${https}=abc`);
  });

  it("counts as none under the other name, twice, or next to the other name", () => {
    expect(sessionCookieOf(`${https}=planted`, http)).toBeUndefined();
    expect(sessionCookieOf(`${http}=real`, https)).toBeUndefined();
    expect(sessionCookieOf(`${https}=planted; ${http}=real`, http)).toBeUndefined();
    expect(sessionCookieOf(`${http}=real; ${https}=planted`, http)).toBeUndefined();
    expect(sessionCookieOf(`${http}=planted; ${http}=real`, http)).toBeUndefined();
    expect(sessionCookieOf(`${http} =planted; ${http}=real`, http)).toBeUndefined();
    expect(sessionCookieOf(`__Host-better-auth.session_token=x; ${http}=real`, http)).toBeUndefined();
    expect(sessionCookieOf("", http)).toBeUndefined();
    expect(sessionCookieOf(undefined, http)).toBeUndefined();
  });
});
