// Posts by the maker's staff (admins) and by moderators say so beside the author's name, on the
// question page readers share; a role given later shows on pages already stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRole } from "~/server/accounts/account-data.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
}, 60_000);
afterAll(() => app.close());

const readerPage = async (path: string) => {
  const res = await app.fetch(path);
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
};
const labels = (html: string) => [...html.matchAll(/data-staff-role="(\w+)"[^>]*>([^<]+)</g)].map((m) => m[2]);

describe("staff and moderators' posts", () => {
  it("carry 'Capsiva staff' or 'Moderator' beside the name; members' posts carry nothing", async () => {
    const moderator = await app.member({ role: "moderator", displayName: "Maria" });
    const admin = await app.member({ role: "admin", displayName: "Sam" });
    const member = await app.member({ displayName: "Lee" });
    const id = await app.ask(moderator.cookie, "Welcome: how do you plan a flare day?");
    await app.answer(admin.cookie, id, "From the Capsiva team: rest is planned too.");
    await app.answer(member.cookie, id, "I keep a list of easy meals.");
    expect(labels(await readerPage(`/forum/${id}`))).toEqual(["Moderator", "Capsiva staff"]);
  });

  it("a role given later shows on the stored page at once", async () => {
    const member = await app.member({ displayName: "Kim" });
    const id = await app.ask(member.cookie, "Does anyone use a jar opener?");
    expect(labels(await readerPage(`/forum/${id}`))).toEqual([]);
    await setRole(app.runtime, member.email, "moderator");
    expect(labels(await readerPage(`/forum/${id}`))).toEqual(["Moderator"]);
  });
});
