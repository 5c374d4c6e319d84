// Over real HTTP: one rule for a display name on every path that stores one (the auth library's
// sign-up and update-user, the sign-up form, the account page, the name typed beside a question):
// one line of visible text, compatibility-normalised, and no posing as the site or its team, as
// Unicode's confusable skeleton (UTS #39) sees it. Names stored before the rule are shown with
// the trick taken out.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, users } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
let n = 0;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  await app.build();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const REFUSED = [
  "\u202Enimda", // shows as "admin"
  "\u202Erotaredom", // shows as "moderator"
  "Jane\nSmith",
  "Jane\u2028Smith",
  "Ja\u200Bne",
  "ADMlN", // a small L for a capital I
  "\u1D00dmin", // a small capital A
  "ADMlNlSTRATOR",
  "CAPSlVA Support",
  "Moderation Team",
  "Supp0rt",
  "Supp0rt Desk",
  "Staff",
];
const HONEST = ["José Núñez", "山田 花子", "O'Brien", "Anne-Marie", "Zoë Müller", "Badminton Bev"];

const json = (path: string, body: unknown, cookie = "") =>
  app.fetch(`/api/auth${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, Cookie: cookie },
    body: JSON.stringify(body),
  });
const nameOf = async (id: string) => (await app.runtime.db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, id)))[0]?.name;
const userNamed = async (email: string) => (await app.runtime.db.select().from(users).where(eq(users.email, email)))[0];

type Store = (name: string) => Promise<{ status: number; stored: () => Promise<string | null | undefined> }>;

/** Each path that stores a name: a way to store names (for one member, where it needs one). */
const PATHS: Record<string, () => Promise<Store>> = {
  "the library's sign-up": async () => async (name) => {
    const email = `rule${++n}@example.com`;
    const res = await json("/sign-up/email", { email, password: "a long quiet river", name, ageConfirmed: true });
    return { status: res.status, stored: async () => (await userNamed(email))?.name };
  },
  "the library's update-user": async () => {
    const member = await app.member();
    return async (name) => {
      const res = await json("/update-user", { name }, member.cookie);
      return { status: res.status, stored: async () => (await app.runtime.db.select().from(users).where(eq(users.id, member.id)))[0]?.name };
    };
  },
  "the sign-up form": async () => async (name) => {
    const email = `rule${++n}@example.com`;
    const res = await app.postForm("/auth", "", { intent: "signup", ageConfirmed: "yes", email, password: "a long quiet river", displayName: name });
    return { status: res.status, stored: async () => nameOf((await userNamed(email))?.id ?? "") };
  },
  "the account page": async () => {
    const member = await app.member({ displayName: "Rosa" });
    return async (name) => {
      const res = await app.postForm("/account", member.cookie, { intent: "display-name", displayName: name });
      return { status: res.status, stored: () => nameOf(member.id) };
    };
  },
  "the name beside a question": async () => {
    const member = await app.member({ displayName: "Rosa" });
    return async (name) => {
      const res = await app.postForm("/forum", member.cookie, { title: `Question number ${++n}`, content: "What has helped you?", displayName: name });
      return { status: res.status, stored: () => nameOf(member.id) };
    };
  },
};

describe("the display-name rule", () => {
  for (const [path, storing] of Object.entries(PATHS)) {
    it(`${path}: refuses names that hide, break a line or pose as the team, storing nothing`, async () => {
      const store = await storing();
      const stored: Record<string, unknown> = {};
      for (const name of REFUSED) {
        const result = await store(name);
        stored[JSON.stringify(name)] = result.status === 400 ? "refused" : await result.stored();
      }
      expect(stored).toEqual(Object.fromEntries(REFUSED.map((name) => [JSON.stringify(name), "refused"])));
    });

    it(`${path}: accepts honest unusual names as typed`, async () => {
      const store = await storing();
      for (const name of HONEST) {
        const result = await store(name);
        expect(result.status, name).toBeLessThan(400);
        expect(await result.stored(), name).toBe(name);
      }
    });
  }

  it("stores the compatibility form: full-width letters and spaces become plain ones", async () => {
    const member = await app.member();
    await app.postForm("/account", member.cookie, { intent: "display-name", displayName: "  \uFF2A\uFF41\uFF4E\uFF45\u3000\u3000Doe " });
    expect(await nameOf(member.id)).toBe("Jane Doe");
  });

  it("names stored before the rule are shown with the trick taken out, and a posing one not at all", async () => {
    const reversed = await app.member({ displayName: "Rosa \u202Enimda" });
    const posing = await app.member({ displayName: "ADMlN" });
    const broken = await app.member({ displayName: "Jane\nSmith" });
    const ids = await Promise.all([reversed, posing, broken].map((m, i) => app.ask(m.cookie, `Older name question ${i} of ${++n}`)));
    const page = await (await app.fetch(`/forum/${ids[0]}`)).text();
    expect(page).toContain("Rosa nimda");
    expect(page).not.toContain("\u202E");
    expect(await (await app.fetch(`/forum/${ids[1]}`)).text()).not.toContain("ADMlN");
    const api = (await (await app.fetch(`/api/v1/questions/${ids[2]}`)).json()) as { author: string };
    expect(api.author).toBe("Jane Smith");
  });
});
