// Mails anyone can make the site send to someone else's address, through the auth library's own
// endpoints and from a new client address each time: "someone tried to join with your address"
// and confirmation links stop at three an hour per address and kind, as reset links do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";

let plain: TestRuntime;
let verifying: TestRuntime;
beforeAll(async () => {
  plain = await createTestRuntime({ RATE_LIMITS: "true" });
  verifying = await createTestRuntime({ RATE_LIMITS: "true", REQUIRE_EMAIL_VERIFICATION: "true" });
});
afterAll(async () => {
  await plain?.close();
  await verifying?.close();
});

let n = 0;
function post(rt: TestRuntime, path: string, body: unknown) {
  n++;
  return rt.auth.handler(
    new Request(`${rt.env.SITE_URL}/api/auth${path}`, {
      method: "POST",
      // The server puts the client address it trusts here (server/app.ts): a new one each time.
      headers: { "Content-Type": "application/json", Origin: rt.env.SITE_URL, "x-forwarded-for": `203.0.113.${n % 250}` },
      body: JSON.stringify(body),
    }),
  );
}
async function mailsTo(rt: TestRuntime, email: string) {
  await rt.mailOutbox.drain();
  return rt.sent.filter((m) => m.to === email);
}

describe("mails to an address its owner did not ask for", () => {
  it("'someone tried to join with your address' (signed in at once): three an hour, whoever signs up", async () => {
    const owner = await createMember(plain);
    for (let i = 0; i < 6; i++) {
      const res = await post(plain, "/sign-up/email", { email: owner.email, password: `another long phrase ${i}`, name: "", ageConfirmed: true });
      expect(res.status).toBe(422);
    }
    expect(await mailsTo(plain, owner.email)).toHaveLength(3);
  });

  it("'someone tried to join' (with confirmation on, answered like a new sign-up): three an hour", async () => {
    const owner = await createMember(verifying);
    const before = (await mailsTo(verifying, owner.email)).length;
    for (let i = 0; i < 6; i++) {
      const res = await post(verifying, "/sign-up/email", { email: owner.email, password: `another long phrase ${i}`, name: "", ageConfirmed: true });
      expect(res.status).toBe(200);
    }
    expect((await mailsTo(verifying, owner.email)).length - before).toBe(3);
  });

  it("confirmation links asked for again for an unconfirmed account: three an hour, and every ask answers the same", async () => {
    // An attacker can register the victim's address and ask for its link again and again.
    const victim = `victim-${Date.now()}@example.com`;
    expect((await post(verifying, "/sign-up/email", { email: victim, password: "the attacker's phrase 1", name: "", ageConfirmed: true })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(verifying, "/send-verification-email", { email: victim })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // The sign-up's own link counts among the three.
    expect(await mailsTo(verifying, victim)).toHaveLength(3);
  });
});
