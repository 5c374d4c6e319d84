// What others wrote is theirs too: an asker cannot delete a question another member answered, and
// an author cannot delete an answer others marked helpful. The answers, the marks and the
// notifications stay; the page says why and what can be done instead; a moderator can still hide.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions, helpfulMarks, notifications } from "../../db/schema";
import * as questionRoute from "~/routes/forum/forum-question";
import { answerQuestion, askQuestion, setHelpful, toggleHelpedMost } from "~/server/forum/forum.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const act = (who: Member, id: number, fields: Record<string, string>) =>
  callRoute(questionRoute.action, formRequest(`/forum/${id}`, fields), contextFor(rt, who), { questionId: String(id) });

async function answeredAndMarked() {
  const asker = await createMember(rt);
  const helper = await createMember(rt);
  const q = await askQuestion(rt, { authorId: asker.id, title: "Does swimming help stiff hands?", content: "Mornings are hard." });
  const a = await answerQuestion(rt, { questionId: q.id, authorId: helper.id, content: "Warm water did for me." });
  await setHelpful(rt, a.id, asker.id, true);
  await toggleHelpedMost(rt, q.id, a.id, asker.id);
  return { asker, helper, q, a };
}

describe("deleting a question another member answered", () => {
  it("is refused to its asker with a plain reason; the answer, the marks and the helper's notifications stay", async () => {
    const { asker, helper, q, a } = await answeredAndMarked();
    const before = await rt.db.select().from(notifications).where(eq(notifications.memberId, helper.id));
    expect(before.length).toBeGreaterThan(0);

    const refused = await act(asker, q.id, { intent: "delete-question" });
    expect(refused.status).toBe(409);
    expect((refused.data as { errors: { form: string } }).errors.form).toBe(
      "This question has answers from other members, so it can't be deleted. You can edit it, or report it to ask a moderator to hide it.",
    );
    expect(await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id))).toHaveLength(1);
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, a.id))).toHaveLength(1);
    expect(await rt.db.select().from(helpfulMarks).where(eq(helpfulMarks.answerId, a.id))).toHaveLength(1);
    expect(await rt.db.select().from(notifications).where(eq(notifications.memberId, helper.id))).toHaveLength(before.length);

    // The page tells the asker before they try: no Delete, the reason instead.
    const page = await callRoute(questionRoute.loader, getRequest(`/forum/${q.id}`), contextFor(rt, asker), { questionId: String(q.id) });
    expect((page.data as { question: { deletable: boolean } }).question.deletable).toBe(false);
  });

  it("is still allowed while the only answers are the asker's own", async () => {
    const asker = await createMember(rt);
    const q = await askQuestion(rt, { authorId: asker.id, title: "Heat or ice for a flare?", content: "Which first?" });
    await answerQuestion(rt, { questionId: q.id, authorId: asker.id, content: "Adding: it is my knees." });
    const deleted = await act(asker, q.id, { intent: "delete-question" });
    expect(deleted.status).toBe(302);
    expect(await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id))).toHaveLength(0);
  });

  it("a moderator can still hide it", async () => {
    const { q } = await answeredAndMarked();
    const moderator = await createMember(rt, { role: "moderator" });
    const hidden = await act(moderator, q.id, { intent: "hide", targetType: "question", targetId: String(q.id) });
    expect(hidden.status).toBe(302);
    const [row] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id));
    expect(row.hiddenAt).not.toBeNull();
  });
});

describe("deleting an answer others marked helpful", () => {
  it("is refused to its author, and the mark stays; a moderator can hide it", async () => {
    const { helper, q, a, asker } = await answeredAndMarked();
    const refused = await act(helper, q.id, { intent: "delete-answer", answerId: String(a.id) });
    expect(refused.status).toBe(409);
    expect((refused.data as { errors: { form: string } }).errors.form).toContain("can't be deleted");
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, a.id))).toHaveLength(1);
    expect(
      await rt.db
        .select()
        .from(helpfulMarks)
        .where(and(eq(helpfulMarks.answerId, a.id), eq(helpfulMarks.memberId, asker.id))),
    ).toHaveLength(1);

    const page = await callRoute(questionRoute.loader, getRequest(`/forum/${q.id}`), contextFor(rt, helper), { questionId: String(q.id) });
    const mine = (page.data as { question: { answers: { id: number; deletable: boolean }[] } }).question.answers.find((x) => x.id === a.id);
    expect(mine?.deletable).toBe(false);

    const moderator = await createMember(rt, { role: "moderator" });
    expect((await act(moderator, q.id, { intent: "hide", targetType: "answer", targetId: String(a.id) })).status).toBe(302);
  });

  it("an answer nobody marked is still its author's to delete", async () => {
    const asker = await createMember(rt);
    const helper = await createMember(rt);
    const q = await askQuestion(rt, { authorId: asker.id, title: "Splints at night?", content: "Worth it?" });
    const a = await answerQuestion(rt, { questionId: q.id, authorId: helper.id, content: "Never tried them." });
    expect((await act(helper, q.id, { intent: "delete-answer", answerId: String(a.id) })).status).toBe(302);
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, a.id))).toHaveLength(0);
  });
});
