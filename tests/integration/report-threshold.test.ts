// Reports from several established members (REPORTS_TO_HIDE, 3 by default) hide a post until a
// moderator looks: it stays waiting in the queue, its author is told, and a moderator can restore
// it. New accounts' reports, however many, do not hide anything by themselves.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
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
type Page = { question: { answers: { id: number }[] } };

/** A member whose account is 10 days old and who has a question of their own. */
async function established() {
  const m = await createMember(rt);
  await rt.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
    .where(eq(users.id, m.id));
  await askQuestion(rt, { authorId: m.id, title: "Cold mornings", content: "Does anyone else feel worse in the cold?" });
  return m;
}

const report = (who: Member, questionId: number, answerId: number) =>
  callRoute(
    questionRoute.action,
    formRequest(`/forum/${questionId}`, { intent: "report", targetType: "answer", targetId: String(answerId), category: "spam" }),
    contextFor(rt, who),
    { questionId: String(questionId) },
  );
const readerSees = async (questionId: number) =>
  (
    (await callRoute(questionRoute.loader, getRequest(`/forum/${questionId}`), contextFor(rt, null), { questionId: String(questionId) })).data as Page
  ).question.answers.map((a) => a.id);

async function thread() {
  const asker = await createMember(rt);
  const writer = await createMember(rt, { displayName: "Seller" });
  const q = await askQuestion(rt, { authorId: asker.id, title: "Pacing", content: "How do you pace a busy day?" });
  const a = await answerQuestion(rt, { questionId: q.id, authorId: writer.id, content: "Visit my shop for miracle cures" });
  return { writer, q, a };
}

describe("reports from several established members", () => {
  it("hide the post at the third, tell its author, and leave it waiting for a moderator who can restore it", async () => {
    const moderator = await createMember(rt, { role: "moderator" });
    const { writer, q, a } = await thread();
    const [first, second, third] = [await established(), await established(), await established()];
    await report(first, q.id, a.id);
    await report(second, q.id, a.id);
    expect(await readerSees(q.id), "two reports hide nothing").toContain(a.id);
    await report(third, q.id, a.id);
    expect(await readerSees(q.id), "the third established member's report hides it").not.toContain(a.id);

    const { items } = await listNotifications(rt.db, writer.id);
    expect(items.find((n) => n.kind === "post-hidden")).toMatchObject({ reason: "spam" });

    const cards = ((await callRoute(reportsRoute.loader, getRequest("/admin/reports"), contextFor(rt, moderator))).data as { cards: ReportCard[] }).cards;
    const card = cards.find((c) => c.targetType === "answer" && c.targetId === a.id);
    expect(card).toMatchObject({ hidden: true });
    expect(card!.openIds).toHaveLength(3);

    await callRoute(
      reportsRoute.action,
      formRequest("/admin/reports", { intent: "restore", targetType: "answer", targetId: String(a.id) }),
      contextFor(rt, moderator),
    );
    expect(await readerSees(q.id)).toContain(a.id);
  });

  it("from new accounts, however many, do not hide anything by themselves", async () => {
    const { q, a } = await thread();
    const fresh = [await createMember(rt), await createMember(rt), await createMember(rt), await createMember(rt)];
    for (const m of fresh) await askQuestion(rt, { authorId: m.id, title: "Hello there", content: "New here and saying hello." });
    for (const m of fresh) await report(m, q.id, a.id);
    expect(await readerSees(q.id)).toContain(a.id);
  });
});
