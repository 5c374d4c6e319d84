// New members' posts held for a look: a new member's post with a link, or their fourth post in
// their first day, is stored but seen by nobody else until a moderator approves it; the member is
// told it will appear after a quick review. The same words again within a day are refused.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions, users } from "../../db/schema";
import * as forumRoute from "~/routes/forum/forum";
import * as questionRoute from "~/routes/forum/forum-question";
import * as reportsRoute from "~/routes/admin/admin-reports";
import { askQuestion } from "~/server/forum/forum.server";
import { listNotifications } from "~/server/notifications/inbox.server";
import { countWaiting } from "~/server/moderation/waiting.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false", HOLD_NEW_MEMBERS_POSTS: "true" });
});
afterAll(() => rt.close());

type Member = Awaited<ReturnType<typeof createMember>>;
type Page = { question: { answers: { id: number; held?: boolean }[] } };
const toastOf = (headers: Headers) => {
  const value = decodeURIComponent((headers.get("Set-Cookie") ?? "").split(";")[0].replace(/^toast=/, ""));
  return Buffer.from(value.split(".")[0], "base64").toString("utf8");
};
const answer = (who: Member, questionId: number, content: string) =>
  callRoute(questionRoute.action, formRequest(`/forum/${questionId}`, { intent: "answer", content, submissionKey: crypto.randomUUID() }), contextFor(rt, who), {
    questionId: String(questionId),
  });
const ask = (who: Member, title: string, content: string) =>
  callRoute(forumRoute.action, formRequest("/forum", { title, content, submissionKey: crypto.randomUUID() }), contextFor(rt, who));
const answersSeen = async (who: Member | null, questionId: number) =>
  ((await callRoute(questionRoute.loader, getRequest(`/forum/${questionId}`), contextFor(rt, who), { questionId: String(questionId) })).data as Page).question
    .answers;

async function openQuestion() {
  const asker = await createMember(rt);
  await rt.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(users.id, asker.id));
  return { asker, q: await askQuestion(rt, { authorId: asker.id, title: "Warm water", content: "Does a warm bath help your hands?" }) };
}

describe("a new member's post with a link", () => {
  it("is held: only its author sees it, told it will appear after a quick review; a moderator approves it and it shows", async () => {
    const moderator = await createMember(rt, { role: "moderator" });
    const { asker, q } = await openQuestion();
    const fresh = await createMember(rt);
    const waitingBefore = await countWaiting(rt.db, "reports");

    const res = await answer(fresh, q.id, "This helped me: https://example.com/hands");
    expect(res.status).toBe(302);
    expect(toastOf(res.headers)).toContain("Your post will appear after a quick review.");
    const [stored] = await rt.db.select().from(forumAnswers).where(eq(forumAnswers.authorId, fresh.id));
    expect(stored.heldAt, "stored, and held").not.toBeNull();

    expect((await answersSeen(fresh, q.id)).find((a) => a.id === stored.id)).toMatchObject({ held: true });
    expect((await answersSeen(null, q.id)).map((a) => a.id)).not.toContain(stored.id);
    expect((await answersSeen(asker, q.id)).map((a) => a.id)).not.toContain(stored.id);
    // The asker hears of it only once it shows.
    expect((await listNotifications(rt.db, asker.id)).items).toEqual([]);
    expect(await countWaiting(rt.db, "reports")).toBe(waitingBefore + 1);

    const queue = (await callRoute(reportsRoute.loader, getRequest("/admin/reports"), contextFor(rt, moderator))).data as { held: { targetId: number }[] };
    expect(queue.held.map((h) => h.targetId)).toContain(stored.id);
    await callRoute(
      reportsRoute.action,
      formRequest("/admin/reports", { intent: "approve", targetType: "answer", targetId: String(stored.id) }),
      contextFor(rt, moderator),
    );
    expect((await answersSeen(null, q.id)).map((a) => a.id)).toContain(stored.id);
    expect((await listNotifications(rt.db, asker.id)).items.map((n) => n.kind)).toEqual(["answer"]);
  });

  it("rejected, stays hidden and its author is told", async () => {
    const moderator = await createMember(rt, { role: "moderator" });
    const fresh = await createMember(rt);
    await ask(fresh, "Great deals", "Cheap cream at www.example.shop today");
    const [held] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.authorId, fresh.id));
    expect(held.heldAt).not.toBeNull();
    await callRoute(
      reportsRoute.action,
      formRequest("/admin/reports", { intent: "reject", targetType: "question", targetId: String(held.id) }),
      contextFor(rt, moderator),
    );
    const [after] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, held.id));
    expect(after).toMatchObject({ heldAt: null });
    expect(after.hiddenAt).not.toBeNull();
    expect((await listNotifications(rt.db, fresh.id)).items.map((n) => n.kind)).toContain("post-hidden");
  });
});

describe("a new member's first day", () => {
  it("shows their first three posts without links at once, and holds the fourth", async () => {
    const { q } = await openQuestion();
    const fresh = await createMember(rt);
    for (const words of ["Yes, it helps me.", "Also gloves at night.", "And paraffin wax."]) await answer(fresh, q.id, words);
    const shown = await answersSeen(null, q.id);
    expect(shown).toHaveLength(3);
    await answer(fresh, q.id, "One more thought: slow mornings.");
    expect(await answersSeen(null, q.id)).toHaveLength(3);
  });
});

describe("the same words again", () => {
  it("are refused with a message, and nothing is stored", async () => {
    const { q } = await openQuestion();
    const member = await createMember(rt);
    await answer(member, q.id, "Warm water helps my hands every morning.");
    const again = await answer(member, q.id, "Warm water helps my hands every morning.");
    expect(again.status).toBe(400);
    expect((again.data as { errors: { content: string } }).errors.content).toMatch(/already posted these exact words/);
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.authorId, member.id))).toHaveLength(1);
  });
});
