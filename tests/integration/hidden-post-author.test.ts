// The author of a hidden post is told: in the bell and by mail (as their mail choice says), with
// the reason a moderator acted on and never who reported it. They still see the post, marked
// "Hidden from others", can edit it and ask for another look once per hiding; others do not see it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
import * as questionRoute from "~/routes/forum/forum-question";
import * as reportsRoute from "~/routes/admin/admin-reports";
import { answerQuestion, askQuestion } from "~/server/forum/forum.server";
import { listNotifications } from "~/server/notifications/inbox.server";
import type { ReportCard } from "~/server/moderation/report-cards.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

type Member = Awaited<ReturnType<typeof createMember>>;
type Page = {
  question: { hidden: boolean; hiddenReason: string | null; lookAsked: boolean; answers: { id: number; hidden: boolean; hiddenReason?: string | null }[] };
};
const post = (who: Member, questionId: number, fields: Record<string, string>) =>
  callRoute(questionRoute.action, formRequest(`/forum/${questionId}`, fields), contextFor(rt, who), { questionId: String(questionId) });
const page = (who: Member | null, questionId: number) =>
  callRoute(questionRoute.loader, getRequest(`/forum/${questionId}`), contextFor(rt, who), { questionId: String(questionId) });
const cards = async (moderator: Member) =>
  ((await callRoute(reportsRoute.loader, getRequest("/admin/reports"), contextFor(rt, moderator))).data as { cards: ReportCard[] }).cards;

async function thread() {
  const asker = await createMember(rt, { displayName: "Rosa" });
  const writer = await createMember(rt, { displayName: "Tom" });
  const reporter = await createMember(rt, { displayName: "Reporter Rae" });
  const moderator = await createMember(rt, { role: "moderator" });
  const q = await askQuestion(rt, { authorId: asker.id, title: "Morning stiffness", content: "How long does yours last?" });
  const a = await answerQuestion(rt, { questionId: q.id, authorId: writer.id, content: "Buy cheap pills at example dot shop" });
  return { asker, writer, reporter, moderator, q, a };
}

describe("a hidden answer's author", () => {
  it("is told in the bell and by mail that it was hidden and why, never who reported it", async () => {
    const { writer, reporter, moderator, q, a } = await thread();
    await post(reporter, q.id, { intent: "report", targetType: "answer", targetId: String(a.id), category: "spam" });
    const sentBefore = rt.sent.length;
    expect((await post(moderator, q.id, { intent: "hide", targetType: "answer", targetId: String(a.id) })).status).toBe(302);

    const { items } = await listNotifications(rt.db, writer.id);
    const notice = items.find((n) => n.kind === "post-hidden");
    expect(notice, "the author has a notice that their answer was hidden").toMatchObject({
      reason: "spam",
      hiddenWhat: "answer",
      postTitle: "Morning stiffness",
    });

    await rt.mailOutbox.drain();
    const mail = rt.sent.slice(sentBefore).find((m) => m.to === writer.email);
    expect(mail?.subject).toBe("A moderator hid your answer from others");
    expect(mail?.text).toContain("Spam or advertising");
    expect(mail?.text).not.toContain("Reporter Rae");
    expect(mail?.text).not.toContain("Buy cheap pills");
  });

  it("gets no mail when they chose none, but still the notice", async () => {
    const { writer, moderator, q, a } = await thread();
    await rt.db.update(profiles).set({ emailNotifications: "never" }).where(eq(profiles.id, writer.id));
    const sentBefore = rt.sent.length;
    await post(moderator, q.id, { intent: "hide", targetType: "answer", targetId: String(a.id) });
    await rt.mailOutbox.drain();
    expect(rt.sent.slice(sentBefore).filter((m) => m.to === writer.email)).toEqual([]);
    const { items } = await listNotifications(rt.db, writer.id);
    expect(items.find((n) => n.kind === "post-hidden")).toMatchObject({ reason: null });
  });

  it("still sees it marked with the reason and can edit it; other members and readers do not see it", async () => {
    const { writer, reporter, moderator, q, a } = await thread();
    await post(reporter, q.id, { intent: "report", targetType: "answer", targetId: String(a.id), category: "harassment" });
    await post(moderator, q.id, { intent: "hide", targetType: "answer", targetId: String(a.id) });

    const own = (await page(writer, q.id)).data as Page;
    expect(own.question.answers.find((x) => x.id === a.id)).toMatchObject({ hidden: true, hiddenReason: "harassment" });
    for (const other of [reporter, null]) {
      const seen = (await page(other, q.id)).data as Page;
      expect(seen.question.answers.map((x) => x.id)).not.toContain(a.id);
    }

    const edited = await post(writer, q.id, { intent: "edit-answer", answerId: String(a.id), content: "Sorry: what helps me is a warm shower." });
    expect(edited.status).toBe(302);
    const card = (await cards(moderator)).find((c) => c.targetType === "answer" && c.targetId === a.id);
    expect(card).toBeUndefined(); // dealt with: nothing waits until the author asks
  });

  it("may ask for another look once per hiding: it waits in the queue again; a second request is refused", async () => {
    const { writer, reporter, moderator, q, a } = await thread();
    await post(reporter, q.id, { intent: "report", targetType: "answer", targetId: String(a.id), category: "spam" });
    await post(moderator, q.id, { intent: "hide", targetType: "answer", targetId: String(a.id) });

    // Nobody but its author may ask.
    expect((await post(reporter, q.id, { intent: "look-again", targetType: "answer", targetId: String(a.id) })).status).toBe(404);
    const asked = await post(writer, q.id, { intent: "look-again", targetType: "answer", targetId: String(a.id) });
    expect(asked.status).toBe(302);
    const card = (await cards(moderator)).find((c) => c.targetType === "answer" && c.targetId === a.id);
    expect(card, "the post waits for a moderator again").toBeDefined();
    expect(card!.hidden).toBe(true);
    expect(((await page(writer, q.id)).data as Page).question.answers.find((x) => x.id === a.id)).toMatchObject({ lookAsked: true });

    const again = await post(writer, q.id, { intent: "look-again", targetType: "answer", targetId: String(a.id) });
    expect(again.status).toBe(409);
    expect((again.data as { errors: { form: string } }).errors.form).toMatch(/already asked for another look/);

    // Restored: everyone sees it again, and the author is not thanked for "reporting" it.
    await post(moderator, q.id, { intent: "restore", targetType: "answer", targetId: String(a.id) });
    expect(((await page(null, q.id)).data as Page).question.answers.map((x) => x.id)).toContain(a.id);
    const { items } = await listNotifications(rt.db, writer.id);
    expect(items.map((n) => n.kind)).not.toContain("report-handled");
  });
});

describe("a hidden question's author", () => {
  it("still reaches the page, marked, while it is not found for anyone else", async () => {
    const { asker, reporter, moderator, q } = await thread();
    await post(moderator, q.id, { intent: "hide", targetType: "question", targetId: String(q.id) });
    const own = await page(asker, q.id);
    expect(own.status).toBe(200);
    expect((own.data as Page).question).toMatchObject({ hidden: true, hiddenReason: null, lookAsked: false });
    expect((await page(reporter, q.id)).status).toBe(404);
    expect((await page(null, q.id)).status).toBe(404);
    // Hidden, it cannot be deleted by its author (only edited).
    expect((await post(asker, q.id, { intent: "delete-question" })).status).toBe(404);
    expect((await post(asker, q.id, { intent: "edit-question", title: "Morning stiffness", content: "How long does yours last, please?" })).status).toBe(302);
  });
});
