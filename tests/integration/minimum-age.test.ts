// The minimum age (MINIMUM_AGE, 16 by default) is stated on /terms and confirmed at sign-up: a
// sign-up without "I am 16 or older" is refused with a clear message and creates nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import * as authRoute from "~/routes/auth/auth";
import * as termsRoute from "~/routes/site/terms";
import { authApi, callRoute, contextFor, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

describe("the minimum age", () => {
  it("is stated on the terms page and offered on the sign-up form", async () => {
    expect((await callRoute(termsRoute.loader, getRequest("/terms"), contextFor(rt))).data).toEqual({ minimumAge: 16 });
    expect(((await callRoute(authRoute.loader, getRequest("/auth"), contextFor(rt))).data as { minimumAge: number }).minimumAge).toBe(16);
  });

  it("must be confirmed at sign-up: without it, a clear message and no account", async () => {
    const email = "young@example.com";
    const res = await callRoute(authRoute.action, formRequest("/auth", { intent: "signup", email, password: "plain words here" }), contextFor(rt));
    expect(res.status).toBe(400);
    expect((res.data as { errors: { ageConfirmed: string } }).errors.ageConfirmed).toBe(
      "Please confirm that you are 16 or older. The community is for people aged 16 and over (see the terms of use).",
    );
    expect(await rt.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const ok = await callRoute(
      authRoute.action,
      formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email, password: "plain words here" }),
      contextFor(rt),
    );
    expect(ok.status).toBe(302);
    expect(await rt.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("must be confirmed through the auth library's JSON sign-up too: without it, a 400 and no account", async () => {
    const email = "young-api@example.com";
    const password = "plain words here";
    for (const ageConfirmed of [undefined, false, "yes", "true"]) {
      const res = await authApi(rt, "/sign-up/email", { email, password, name: "", ageConfirmed });
      expect(res.status, `ageConfirmed: ${String(ageConfirmed)}`).toBe(400);
      expect(res.body).toMatchObject({
        code: "AGE_NOT_CONFIRMED",
        message: "Please confirm that you are 16 or older. The community is for people aged 16 and over (see the terms of use).",
      });
      expect(res.cookies.some((c) => c.includes("session_token="))).toBe(false);
    }
    expect(await rt.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const ok = await authApi(rt, "/sign-up/email", { email, password, name: "", ageConfirmed: true });
    expect(ok.status).toBe(200);
    expect(await rt.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("follows the setting", async () => {
    const older = await createTestRuntime({ MINIMUM_AGE: "18" });
    try {
      const res = await callRoute(
        authRoute.action,
        formRequest("/auth", { intent: "signup", email: "x@example.com", password: "plain words here" }),
        contextFor(older),
      );
      expect((res.data as { errors: { ageConfirmed: string } }).errors.ageConfirmed).toMatch(/18 or older/);
    } finally {
      await older.close();
    }
  });
});
