// Over real HTTP: display names that pose as the site or its team with letters from another
// script ("Аdmin" with a Cyrillic А) or look-alike letters ("Admın" with a dotless i) are refused
// at sign-up and on /account, as the plain spellings are; ordinary names in any script are not.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, users } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  await app.build();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const POSERS = [
  "\u0410dmin",
  "Anonym\u043eus",
  "C\u0430psiva Support",
  "M\u043ederator",
  "Adm\u0131n",
  "\uff21\uff44\uff4d\uff49\uff4e",
  "\u13aadmin Jane",
  "Mod\u0435rators",
];

describe("display names that imitate staff with look-alike letters", () => {
  it.each(POSERS)("refuses %j at sign-up, creating no account", async (name) => {
    const { res, email, body } = await app.signUp({ name });
    expect(res.status).toBe(400);
    expect(body.message).toBe("This display name belongs to the site or its team. Please choose another name.");
    expect(await app.runtime.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it.each(POSERS)("refuses %j on the account page and keeps the old name", async (name) => {
    const member = await app.member({ displayName: "Rosa" });
    const res = await app.postForm("/account", member.cookie, { intent: "display-name", displayName: name });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This display name belongs to the site or its team.");
    const [row] = await app.runtime.db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, member.id));
    expect(row.name).toBe("Rosa");
  });

  it.each(["Дмитрий", "Ελένη", "Zoë Müller", "Łukasz", "Badminton Bev", "Modesty", "Ana María"])("accepts the ordinary name %j", async (name) => {
    const { res } = await app.signUp({ name });
    expect(res.status).toBe(200);
  });
});
