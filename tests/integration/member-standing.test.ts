// A member's standing: a silenced member posts nothing (pages, the Ask dialog's form, edits,
// stories, the JSON API) and is told until when and where to write; a suspended member's
// sessions end and they cannot sign in, told why; every moderator's action lands in the record.
import { Writable } from "node:stream";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, forumAnswers, forumQuestions, reports, sessions, users } from "../../db/schema";
import { changeRole, changeStanding, StandingRefused } from "~/server/members/member-standing.server";
import { dismissReport, hideContent, restoreContent } from "~/server/moderation/reports.server";
import { listActions } from "~/server/members/moderator-record.server";
import { createLogger } from "~/server/infra/log.server";
import { SUSPENDED_MESSAGE } from "~/lib/standing";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
const lines: string[] = [];
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  app.runtime.log = createLogger("debug", new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
}, 240_000);
afterAll(() => app?.close());

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const rows = async (table: typeof forumQuestions | typeof forumAnswers | typeof blogPosts, authorId: string) =>
  (await app.runtime.db.select({ n: count() }).from(table).where(eq(table.authorId, authorId)))[0].n;
const SILENCED =
  /A moderator has paused your posting until [A-Z][a-z]+ \d{1,2}, \d{4}.*UTC\. You can still read and sign in\. Nothing was posted\..*contact page \(\/contact\)/;

async function token(cookie: string) {
  const res = await app.fetch("/api/auth/token", { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe("a silenced member", () => {
  it("posts nothing through the pages or the API, and reads until when and where to write", async () => {
    const moderator = await app.member({ role: "moderator", displayName: "Maria" });
    const member = await app.member({ displayName: "Lee" });
    const other = await app.member({ displayName: "Kim" });
    const question = await app.ask(other.cookie, "What helps with morning stiffness?");
    const ownAnswer = await app.answer(member.cookie, question, "A warm shower first thing.");
    const ownQuestion = await app.ask(member.cookie, "Which gloves keep your hands warm?");
    expect((await app.postForm("/blog", member.cookie, { title: "Learning to rest", content: "Resting is a skill I learned slowly." })).status).toBe(302);
    const [story] = await app.runtime.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.authorId, member.id));
    const bearer = await token(member.cookie);
    await changeStanding(app.runtime, moderator, member.id, { action: "silence", days: 1, reason: "Cooling off after a heated thread" });
    const before = { q: await rows(forumQuestions, member.id), a: await rows(forumAnswers, member.id), s: await rows(blogPosts, member.id) };

    const attempts: [string, Response][] = [
      ["ask", await app.postForm("/forum", member.cookie, { title: "Is it fine to swim?", content: "Asking for my knees." })],
      ["answer", await app.postForm(`/forum/${question}`, member.cookie, { intent: "answer", content: "Try a paraffin bath." })],
      [
        "edit answer",
        await app.postForm(`/forum/${question}`, member.cookie, { intent: "edit-answer", answerId: String(ownAnswer), content: "Changed words" }),
      ],
      ["story", await app.postForm("/blog", member.cookie, { title: "My first year", content: "It was a long year of learning." })],
      [
        "edit question",
        await app.postForm(`/forum/${ownQuestion}`, member.cookie, { intent: "edit-question", title: "Changed title", content: "Changed words" }),
      ],
      ["edit story", await app.postForm(`/account/stories/${story.id}`, member.cookie, { intent: "save", title: "Changed title", content: "Changed words" })],
    ];
    for (const [what, res] of attempts) {
      expect(res.status, what).toBe(403);
      expect(await text(res), what).toMatch(SILENCED);
    }
    for (const [path, body] of [
      ["/api/v1/questions", { title: "Swimming?", content: "Is it fine to swim?" }],
      [`/api/v1/questions/${question}/answers`, { content: "A paraffin bath." }],
    ] as const) {
      const res = await app.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${bearer}` },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(403);
      const answer = (await res.json()) as { code: string; message: string };
      expect(answer.code).toBe("silenced");
      expect(answer.message).toMatch(SILENCED);
    }
    expect({ q: await rows(forumQuestions, member.id), a: await rows(forumAnswers, member.id), s: await rows(blogPosts, member.id) }).toEqual(before);
    const [kept] = await app.runtime.db.select({ content: forumAnswers.content }).from(forumAnswers).where(eq(forumAnswers.id, ownAnswer));
    expect(kept.content).toBe("A warm shower first thing.");
    expect((await app.runtime.db.select({ title: forumQuestions.title }).from(forumQuestions).where(eq(forumQuestions.id, ownQuestion)))[0].title).toBe(
      "Which gloves keep your hands warm?",
    );
    expect((await app.runtime.db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, story.id)))[0].title).toBe("Learning to rest");
    // Reading still works; the page says until when before anything is typed. Once lifted, posting works again.
    const page = await app.fetch(`/forum/${question}`, { headers: { Cookie: member.cookie } });
    expect(page.status).toBe(200);
    expect(await text(page)).toMatch(/data-silenced-notice="">.*A moderator has paused your posting until/s);
    expect(await text(await app.fetch(`/forum/${question}`, { headers: { Cookie: other.cookie } }))).not.toContain("data-silenced-notice");
    await changeStanding(app.runtime, moderator, member.id, { action: "lift-silence" });
    expect((await app.postForm(`/forum/${question}`, member.cookie, { intent: "answer", content: "Try a paraffin bath." })).status).toBe(302);
  });
});

describe("a suspended member", () => {
  it("is signed out everywhere at once and told why at sign-in", async () => {
    const moderator = await app.member({ role: "moderator", displayName: "Maria" });
    const member = await app.member({ displayName: "Sol" });
    const question = await app.ask(member.cookie, "Anyone tried a standing desk?");
    const bearer = await token(member.cookie);
    const signedIn = async () => (await text(await app.fetch(`/forum/${question}`, { headers: { Cookie: member.cookie } }))).includes("Sign out");
    // The question page uses the remembered session: seen twice, so this instance remembers it.
    expect(await signedIn()).toBe(true);
    expect(await signedIn()).toBe(true);
    const before = await app.runtime.changes.latest();
    await changeStanding(app.runtime, moderator, member.id, { action: "suspend", reason: "Threats in messages" });
    expect(await signedIn()).toBe(false);
    // Every other instance reads the same change stream: the account's tag makes each forget the
    // sessions it remembers for the member (freshness.test.ts), and the sessions are gone from the database.
    expect((await app.runtime.changes.since(before))?.flatMap((e) => e.tags)).toContain(`account:${member.id}`);
    expect(await app.runtime.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    const account = await app.fetch("/account", { headers: { Cookie: member.cookie } });
    expect(account.status).toBe(302);
    expect(account.headers.get("location")).toMatch(/^\/auth/);
    const api = await app.fetch("/api/v1/questions", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ title: "Still here?", content: "Trying the API." }),
    });
    expect(api.status).toBe(401);
    const form = await app.postForm("/auth", "", { intent: "signin", email: member.email, password: member.password });
    expect(form.status).toBe(400);
    expect(await text(form)).toContain(SUSPENDED_MESSAGE.replace(/'/g, "&#x27;"));
    expect(form.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c))).toBe(false);
    await changeStanding(app.runtime, moderator, member.id, { action: "lift-suspension", reason: "Talked it through" });
    expect(await app.signIn(member.email, member.password)).toMatch(/session_token=/);
  });
});

describe("roles and the record", () => {
  it("the last admin cannot step down; another admin can be made first", async () => {
    const admins = await app.runtime.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    for (const a of admins) await app.runtime.db.update(users).set({ role: "member" }).where(eq(users.id, a.id));
    const admin = await app.member({ role: "admin", displayName: "Sam" });
    const next = await app.member({ displayName: "Ana" });
    await expect(changeRole(app.runtime, admin, admin.id, "member", "Stepping down")).rejects.toThrow("This is the last admin");
    expect((await app.runtime.db.select().from(users).where(eq(users.id, admin.id)))[0].role).toBe("admin");
    await changeRole(app.runtime, admin, next.id, "admin", "Takes over the site");
    await changeRole(app.runtime, admin, admin.id, "member", "Stepping down");
    expect((await app.runtime.db.select().from(users).where(eq(users.id, admin.id)))[0].role).toBe("member");
  });

  it("a silence or suspension without a reason changes nothing", async () => {
    const moderator = await app.member({ role: "moderator" });
    const member = await app.member();
    await expect(changeStanding(app.runtime, moderator, member.id, { action: "silence", days: 1, reason: " " })).rejects.toBeInstanceOf(StandingRefused);
    await expect(changeStanding(app.runtime, moderator, member.id, { action: "silence", days: 3, reason: "Spam" })).rejects.toThrow("1 day, 7 days or 30 days");
    expect((await app.runtime.db.select().from(users).where(eq(users.id, member.id)))[0].silencedUntil).toBeNull();
  });

  it("every moderator's action is in the record, newest first, with who, what, which and why; no log line holds a reason or an address", async () => {
    const admin = await app.member({ role: "admin", displayName: "Rae" });
    const moderator = await app.member({ role: "moderator", displayName: "Ola" });
    const author = await app.member({ displayName: "Noor" });
    const reporter = await app.member({ displayName: "Ines" });
    const question = await app.ask(author.cookie, "Where do you keep your pill organiser?");
    const [report] = await app.runtime.db
      .insert(reports)
      .values({ targetType: "question", targetId: question, reporterId: reporter.id, reason: "adverts", category: "spam" })
      .returning();
    lines.length = 0;
    await hideContent(app.runtime, "question", question, moderator.id);
    await restoreContent(app.runtime, "question", question, moderator.id);
    const [again] = await app.runtime.db
      .insert(reports)
      .values({ targetType: "question", targetId: question, reporterId: reporter.id, reason: "adverts", category: "spam" })
      .returning();
    await dismissReport(app.runtime, again.id, moderator.id);
    // Through the report card's form, as a moderator's browser sends it.
    const silenced = await app.postForm("/admin/reports", moderator.cookie, {
      intent: "silence",
      memberId: author.id,
      days: "7",
      reason: "Reason-one adverts",
    });
    expect(silenced.status).toBe(302);
    await changeStanding(app.runtime, moderator, author.id, { action: "lift-silence" });
    const suspended = await app.postForm("/admin/members", moderator.cookie, { intent: "suspend", memberId: author.id, reason: "Reason-two repeated" });
    expect(suspended.status).toBe(302);
    await changeStanding(app.runtime, admin, author.id, { action: "lift-suspension", reason: "Reason-three appeal" });
    const role = await app.postForm("/admin/members", admin.cookie, { intent: "role", memberId: author.id, role: "moderator", reason: "Reason-four helps" });
    expect(role.status).toBe(302);
    expect(report.id).toBeGreaterThan(0);

    const { entries } = await listActions(app.runtime.db, { memberId: author.id });
    expect(entries.map((e) => [e.action, e.actorName, e.targetType, e.reason])).toEqual([
      ["role", "Rae", null, "Reason-four helps"],
      ["lift-suspension", "Rae", null, "Reason-three appeal"],
      ["suspend", "Ola", null, "Reason-two repeated"],
      ["lift-silence", "Ola", null, null],
      ["silence", "Ola", null, "Reason-one adverts"],
      ["dismiss", "Ola", "question", null],
      ["restore", "Ola", "question", null],
      ["hide", "Ola", "question", null],
    ]);
    expect(entries.every((e) => e.memberName === "Noor")).toBe(true);
    expect(entries[4].until).not.toBeNull();
    expect(entries[0].detail).toBe("member → moderator");
    // The record page lists them for staff.
    const page = await text(await app.fetch("/admin/actions", { headers: { Cookie: admin.cookie } }));
    expect(page).toContain("Reason-four helps");
    expect(page).toContain("Ola</span> silenced");
    const log = lines.join("");
    for (const secret of ["Reason-one", "Reason-two", "Reason-three", "Reason-four", author.email, moderator.email]) expect(log).not.toContain(secret);
  });
});
