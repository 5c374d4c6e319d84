// Muting a member: their questions and answers are folded on my pages, they cannot notify me
// (nor mail me), and only I see that I muted them. Nobody mutes themselves or a moderator.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberMutes, profiles } from "../../db/schema";
import * as accountRoute from "~/routes/account/account";
import * as mutedRoute from "~/routes/account/account-muted";
import * as profileRoute from "~/routes/members/member-profile";
import * as questionRoute from "~/routes/forum/forum-question";
import { answerQuestion, askQuestion, setHelpful } from "~/server/forum/forum.server";
import { listNotifications } from "~/server/notifications/inbox.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const LETTERS = "abcdefghjkmnpqrstuvwxyz23456789";
/** A handle as the site makes them: ten letters and digits with no look-alikes. */
const newHandle = () => Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => LETTERS[b % LETTERS.length]).join("");
/** A member with a public profile at /members/<handle>. */
async function publicMember(name: string, role?: Member["role"]) {
  const m = await createMember(rt, { displayName: name, role });
  const handle = newHandle();
  await rt.db.update(profiles).set({ publicProfile: true, profileHandle: handle }).where(eq(profiles.id, m.id));
  return { ...m, handle };
}
const mute = (who: Member, handle: string) =>
  callRoute(mutedRoute.action, formRequest("/account/muted", { intent: "mute", handle, from: "profile" }), contextFor(rt, who));
const unmute = (who: Member, muteId: number) =>
  callRoute(mutedRoute.action, formRequest("/account/muted", { intent: "unmute", muteId: String(muteId) }), contextFor(rt, who));
/** The words of the message the redirect carries (its cookie: signed base64 JSON). */
const toastOf = (headers: Headers) => {
  const value = decodeURIComponent((headers.get("Set-Cookie") ?? "").split(";")[0].replace(/^toast=/, ""));
  return Buffer.from(value.split(".")[0], "base64").toString("utf8");
};
type Page = { question: { muted: boolean; answers: { id: number; muted: boolean }[] } };
const questionPage = async (who: Member | null, id: number) =>
  ((await callRoute(questionRoute.loader, getRequest(`/forum/${id}`), contextFor(rt, who), { questionId: String(id) })).data as Page).question;
const mutedList = async (who: Member) =>
  ((await callRoute(accountRoute.loader, getRequest("/account"), contextFor(rt, who))).data as { muted: { id: number; name: string }[] }).muted;
const profileOf = async (who: Member | null, handle: string) =>
  ((await callRoute(profileRoute.loader, getRequest(`/members/${handle}`), contextFor(rt, who), { handle })).data as { mute: { muteId: number | null } | null })
    .mute;

describe("muting a member", () => {
  it("folds their posts on my pages only, and nobody else learns of it", async () => {
    const me = await publicMember("Mia");
    const tom = await publicMember("Tom");
    const other = await createMember(rt);
    const q = await askQuestion(rt, { authorId: tom.id, title: "Splints at night", content: "Do they help?" });
    const a = await answerQuestion(rt, { questionId: q.id, authorId: tom.id, content: "Replying to myself: they do." });

    const res = await mute(me, tom.handle);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/members/${tom.handle}`);

    const mine = await questionPage(me, q.id);
    expect(mine.muted).toBe(true);
    expect(mine.answers.find((x) => x.id === a.id)?.muted).toBe(true);
    for (const who of [other, tom, null]) {
      const seen = await questionPage(who, q.id);
      expect(seen.muted).toBe(false);
      expect(seen.answers.every((x) => !x.muted)).toBe(true);
    }

    // The list is mine alone: Tom's account and Tom's view of my profile show nothing of it.
    expect((await mutedList(me)).map((m) => m.name)).toEqual(["Tom"]);
    expect(await mutedList(tom)).toEqual([]);
    expect(await profileOf(tom, me.handle)).toEqual({ muteId: null });
    expect((await profileOf(me, tom.handle))?.muteId).toEqual(expect.any(Number));
    expect(await profileOf(null, tom.handle)).toBeNull();
  });

  it("stops their answers and marks from notifying me (or mailing me); others still do", async () => {
    const me = await publicMember("Ana");
    const tom = await publicMember("Tom");
    const kind = await createMember(rt, { displayName: "Kind" });
    await mute(me, tom.handle);
    const q = await askQuestion(rt, { authorId: me.id, title: "Hand cream", content: "Which one works for you?" });
    const sentBefore = rt.sent.length;
    const muted = await answerQuestion(rt, { questionId: q.id, authorId: tom.id, content: "Mine is the best, buy it." });
    await answerQuestion(rt, { questionId: q.id, authorId: kind.id, content: "A plain one, warmed in the hands." });
    const myAnswer = await answerQuestion(rt, { questionId: q.id, authorId: me.id, content: "Thanks all." });
    await setHelpful(rt, myAnswer.id, tom.id, true);

    const { items } = await listNotifications(rt.db, me.id);
    expect(items.filter((i) => i.kind === "answer").map((i) => i.answerId)).not.toContain(muted.id);
    expect(items.filter((i) => i.kind === "answer")).toHaveLength(1);
    expect(items.map((i) => i.kind)).not.toContain("helpful");
    await rt.mailOutbox.drain();
    const mails = rt.sent.slice(sentBefore).filter((m) => m.to === me.email);
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) expect(m.text).not.toContain("Tom");
    // Their answer to my question still shows on the page, folded.
    expect((await questionPage(me, q.id)).answers.find((x) => x.id === muted.id)?.muted).toBe(true);
  });

  it("refuses myself, moderators and unknown members with a message, storing nothing", async () => {
    const me = await publicMember("Bea");
    const moderator = await publicMember("Maria", "moderator");
    for (const [handle, words] of [
      [me.handle, "cannot mute yourself"],
      [moderator.handle, "cannot be muted"],
      ["nosuchhandle", "could not be found"],
    ]) {
      const res = await mute(me, handle);
      expect(res.status).toBe(302);
      expect(toastOf(res.headers)).toContain(words);
    }
    expect(await rt.db.select().from(memberMutes).where(eq(memberMutes.memberId, me.id))).toEqual([]);
    expect(await profileOf(me, moderator.handle)).toBeNull();
  });

  it("can be undone from my list; someone else's mute cannot be removed", async () => {
    const me = await publicMember("Cat");
    const tom = await publicMember("Tom");
    const stranger = await createMember(rt);
    await mute(me, tom.handle);
    const [row] = await mutedList(me);
    expect((await unmute(stranger, row.id)).status).toBe(403);
    expect(await mutedList(me)).toHaveLength(1);
    expect((await unmute(me, row.id)).status).toBe(302);
    expect(await mutedList(me)).toEqual([]);
  });
});
