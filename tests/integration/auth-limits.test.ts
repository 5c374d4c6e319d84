// Per-account limits hold inside the auth library's own request path: its JSON endpoints and
// `auth.api` calls are counted as our forms are, and a guesser cannot lock the owner out.
import { APIError } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "true" });
});
afterAll(() => rt.close());

const from = (address: string) => new Headers({ "x-forwarded-for": address });

async function statusOf(call: Promise<unknown>) {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof APIError) return error.statusCode;
    throw error;
  }
}

describe("sign-in through the library's endpoint", () => {
  it("refuses the 11th wrong password for one account from one address, with our message", async () => {
    const m = await createMember(rt);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(await statusOf(rt.auth.api.signInEmail({ body: { email: m.email, password: "not-the-password" }, headers: from("192.0.2.10") })));
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await rt.auth.api
      .signInEmail({ body: { email: m.email.toUpperCase(), password: m.password }, headers: from("192.0.2.10") })
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(APIError);
    expect((limited as APIError).statusCode).toBe(429);
    expect((limited as APIError).body?.message).toBe("Too many sign-in attempts for this account. Please wait a few minutes and try again.");
    // The owner, from their own address, is not locked out.
    expect(await statusOf(rt.auth.api.signInEmail({ body: { email: m.email, password: m.password }, headers: from("192.0.2.77") }))).toBe(200);
  });

  it("over HTTP: the JSON endpoint answers 429 with Retry-After", async () => {
    const m = await createMember(rt);
    const post = (address: string) =>
      rt.auth.handler(
        new Request(`${rt.env.SITE_URL}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: rt.env.SITE_URL, "x-forwarded-for": address },
          body: JSON.stringify({ email: m.email, password: "not-the-password" }),
        }),
      );
    // Ten wrong passwords spread over time from one address (the library's own per-address
    // limit counts per minute; ours per quarter of an hour per account and address).
    for (let i = 0; i < 10; i++) await rt.limiter.consume("signInAccount", `${m.email} 192.0.2.20`);
    const res = await post("192.0.2.20");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toMatch(/Too many sign-in attempts for this account/);
  });
});

describe("password reset through the library's endpoint", () => {
  it("sends at most three reset mails an hour to one address, whatever address asks", async () => {
    const m = await createMember(rt);
    const before = rt.sent.filter((mail) => mail.to === m.email).length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await rt.auth.handler(
        new Request(`${rt.env.SITE_URL}/api/auth/request-password-reset`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: rt.env.SITE_URL, "x-forwarded-for": `198.51.100.${i + 1}` },
          body: JSON.stringify({ email: m.email, redirectTo: "/auth/reset" }),
        }),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    await rt.mailOutbox.drain();
    expect(rt.sent.filter((mail) => mail.to === m.email).length - before).toBe(3);
  });
});
