// Reports with a reason from the list. "May be at risk of harming themselves" is urgent: it goes
// to the top of the queue, every moderator is told at once (the bell and a mail), and the reporter
// is shown where to find help now. The card keeps the words as reported; the reporter hears when
// a moderator dealt with it.
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, reports } from "../../db/schema";
import * as questionRoute from "~/routes/forum/forum-question";
import * as reportsRoute from "~/routes/admin/admin-reports";
import { answerQuestion, askQuestion, editAnswer } from "~/server/forum/forum.server";
import { createLogger } from "~/server/infra/log.server";
import { listNotifications } from "~/server/notifications/inbox.server";
import type { ReportCard } from "~/server/moderation/report-cards.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const report = (who: Member, questionId: number, fields: Record<string, string>) =>
  callRoute(questionRoute.action, formRequest(`/forum/${questionId}`, { intent: "report", ...fields }), contextFor(rt, who), {
    questionId: String(questionId),
  });
const queue = async (moderator: Member) => ({
  open: ((await callRoute(reportsRoute.loader, getRequest("/admin/reports"), contextFor(rt, moderator))).data as { cards: ReportCard[] }).cards,
});

async function thread() {
  const asker = await createMember(rt, { displayName: "Rosa" });
  const writer = await createMember(rt, { displayName: "Tom" });
  const q = await askQuestion(rt, { authorId: asker.id, title: "Hard week", content: "Flares all week." });
  const a = await answerQuestion(rt, { questionId: q.id, authorId: writer.id, content: "I can't do this any more. Nothing helps." });
  return { asker, writer, q, a };
}

describe("an 'at risk' report", () => {
  it("tells every moderator at once by the bell and by mail, and shows the reporter where to find help now", async () => {
    const moderator = await createMember(rt, { role: "moderator" });
    const admin = await createMember(rt, { role: "admin" });
    const { q, a } = await thread();
    const reporter = await createMember(rt);
    const sentBefore = rt.sent.length;

    const res = await report(reporter, q.id, { targetType: "answer", targetId: String(a.id), category: "at-risk" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/help-now");

    const [row] = await rt.db.select().from(reports).where(eq(reports.targetId, a.id));
    expect(row).toMatchObject({ category: "at-risk", reportedText: "I can't do this any more. Nothing helps." });
    for (const m of [moderator, admin]) {
      const { items } = await listNotifications(rt.db, m.id);
      expect(items.map((n) => n.kind)).toContain("report-urgent");
    }
    // No notice for the reporter or the author: only moderators are told.
    expect((await rt.db.select().from(notifications).where(eq(notifications.kind, "report-urgent"))).every((n) => n.memberId !== reporter.id)).toBe(true);

    await rt.mailOutbox.drain();
    const mails = rt.sent.slice(sentBefore).filter((m) => m.subject === "Urgent report: a member may be at risk");
    expect(mails.map((m) => m.to).sort()).toEqual(expect.arrayContaining([moderator.email, admin.email].sort()));
    // The mail says where to look, never the post's words.
    for (const m of mails) expect(m.text).not.toContain("Nothing helps");
  });

  it("goes to the top of the queue, above older reports", async () => {
    const moderator = await createMember(rt, { role: "moderator" });
    const { q, a } = await thread();
    const first = await createMember(rt);
    const second = await createMember(rt);
    await report(first, q.id, { targetType: "question", targetId: String(q.id), category: "spam" });
    await report(second, q.id, { targetType: "answer", targetId: String(a.id), category: "at-risk" });
    const { open } = await queue(moderator);
    const at = (type: string, id: number) => open.findIndex((c) => c.targetType === type && c.targetId === id);
    expect(open[at("answer", a.id)].urgent).toBe(true);
    expect(at("answer", a.id)).toBeLessThan(at("question", q.id));
    // Every urgent card comes before every other.
    expect(open.map((c) => c.urgent)).toEqual([...open.map((c) => c.urgent)].sort((x, y) => Number(y) - Number(x)));
  });
});

describe("the report card", () => {
  it("shows the author, the words as reported and as they are now, and every report of the post", async () => {
    const moderator = await createMember(rt, { role: "moderator" });
    const { q, a, writer } = await thread();
    const one = await createMember(rt, { displayName: "Ann" });
    const two = await createMember(rt, { displayName: "Ben" });
    await report(one, q.id, { targetType: "answer", targetId: String(a.id), category: "medical", reason: "Says to stop methotrexate." });
    await editAnswer(rt, { id: a.id, authorId: writer.id, content: "Edited: feeling a bit better." });
    await report(two, q.id, { targetType: "answer", targetId: String(a.id), category: "other", reason: "Odd tone." });
    const card = (await queue(moderator)).open.find((c) => c.targetType === "answer" && c.targetId === a.id)!;
    expect(card).toMatchObject({
      authorName: "Tom",
      reportedText: "I can't do this any more. Nothing helps.",
      textNow: "Edited: feeling a bit better.",
      changedSince: true,
    });
    expect(card.reports.map((r) => [r.reporterName, r.category, r.reason])).toEqual([
      ["Ben", "other", "Odd tone."],
      ["Ann", "medical", "Says to stop methotrexate."],
    ]);
  });

  it("'Something else' needs words; a reason not on the list is refused", async () => {
    const { q, a } = await thread();
    const reporter = await createMember(rt);
    const bare = await report(reporter, q.id, { targetType: "answer", targetId: String(a.id), category: "other", reason: " " });
    expect(bare.status).toBe(400);
    expect((bare.data as { errors: Record<string, string> }).errors.reason).toBe("Please say what is wrong with it");
    const odd = await report(reporter, q.id, { targetType: "answer", targetId: String(a.id), category: "boring" });
    expect(odd.status).toBe(400);
    expect(await rt.db.select().from(reports).where(eq(reports.targetId, a.id))).toHaveLength(0);
  });
});

describe("who sees reports", () => {
  it("only moderators and admins: members and visitors are refused the queue", async () => {
    const { q, a } = await thread();
    const reporter = await createMember(rt);
    await report(reporter, q.id, { targetType: "answer", targetId: String(a.id), category: "personal", reason: "Her phone number." });
    for (const who of [null, reporter, await createMember(rt)]) {
      const res = await callRoute(reportsRoute.loader, getRequest("/admin/reports"), contextFor(rt, who));
      expect([302, 401, 403, 404]).toContain(res.status);
      expect(JSON.stringify(res.data)).not.toContain("Her phone number.");
    }
  });
});

describe("the reporter is told", () => {
  it("when a moderator hides the post, or dismisses the report", async () => {
    const moderator = await createMember(rt, { role: "moderator" });
    const { q, a } = await thread();
    const reporter = await createMember(rt);
    await report(reporter, q.id, { targetType: "answer", targetId: String(a.id), category: "harassment" });
    await report(reporter, q.id, { targetType: "question", targetId: String(q.id), category: "spam" });
    const handled = async () => (await listNotifications(rt.db, reporter.id)).items.filter((n) => n.kind === "report-handled").length;
    expect(await handled()).toBe(0);
    const hide = await callRoute(
      reportsRoute.action,
      formRequest("/admin/reports", { intent: "hide", targetType: "answer", targetId: String(a.id) }),
      contextFor(rt, moderator),
    );
    expect(hide.status).toBe(302);
    expect(await handled()).toBe(1);
    const [open] = await rt.db.select().from(reports).where(eq(reports.targetId, q.id));
    await callRoute(reportsRoute.action, formRequest("/admin/reports", { intent: "dismiss", reportId: String(open.id) }), contextFor(rt, moderator));
    expect(await handled()).toBe(2);
  });
});

describe("reports in the logs", () => {
  it("never appear: not the reason, the words of the post, nor the mail to moderators", async () => {
    const lines: string[] = [];
    const log = createLogger("debug", new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const logged = await createTestRuntime({ RATE_LIMITS: "false" }, { log });
    try {
      const moderator = await createMember(logged, { role: "moderator" });
      const asker = await createMember(logged);
      const reporter = await createMember(logged);
      const q = await askQuestion(logged, { authorId: asker.id, title: "Quiet title", content: "Words only the page should hold." });
      await callRoute(
        questionRoute.action,
        formRequest(`/forum/${q.id}`, { intent: "report", targetType: "question", targetId: String(q.id), category: "at-risk", reason: "She said goodbye." }),
        contextFor(logged, reporter),
        { questionId: String(q.id) },
      );
      await logged.mailOutbox.drain();
      await callRoute(
        reportsRoute.action,
        formRequest("/admin/reports", { intent: "hide", targetType: "question", targetId: String(q.id) }),
        contextFor(logged, moderator),
      );
      const all = lines.join("\n");
      for (const secret of ["She said goodbye.", "Words only the page should hold.", "Quiet title", "at risk", moderator.email])
        expect(all).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
