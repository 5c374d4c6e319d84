// Moderators hide and restore a question or an answer where it stands, on the question page;
// readers stop (and start again) seeing it at once; members cannot do either.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions } from "../../db/schema";
import * as questionRoute from "~/routes/forum/forum-question";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

type Page = { question: { hidden: boolean; answers: { id: number; content: string; hidden: boolean }[] }; moderator: boolean };

async function thread() {
  const asker = await createMember(rt);
  const [q] = await rt.db.insert(forumQuestions).values({ title: "Do warm gloves help?", content: "At night mostly.", authorId: asker.id }).returning();
  const [a] = await rt.db.insert(forumAnswers).values({ questionId: q.id, content: "Buy my miracle cure at example.com", authorId: asker.id }).returning();
  const [b] = await rt.db.insert(forumAnswers).values({ questionId: q.id, content: "Mine do, with a hot water bottle.", authorId: asker.id }).returning();
  return { q, a, b, params: { questionId: String(q.id) }, path: `/forum/${q.id}` };
}

const view = async (path: string, params: Record<string, string>, viewer: Awaited<ReturnType<typeof createMember>> | null) =>
  callRoute(questionRoute.loader, getRequest(path), contextFor(rt, viewer), params);

describe("moderation on the question page", () => {
  it("a moderator hides an answer there: readers no longer see it, the moderator sees it marked, and restores it", async () => {
    const { a, b, params, path } = await thread();
    const moderator = await createMember(rt, { role: "moderator" });
    const reader = await createMember(rt);
    const hidden = await callRoute(
      questionRoute.action,
      formRequest(path, { intent: "hide", targetType: "answer", targetId: String(a.id) }),
      contextFor(rt, moderator),
      params,
    );
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("Location")).toBe(`${path}#answer-${a.id}`);
    for (const who of [null, reader]) {
      const page = (await view(path, params, who)).data as Page;
      expect(page.question.answers.map((x) => x.id)).toEqual([b.id]);
    }
    const mine = (await view(path, params, moderator)).data as Page;
    expect(mine.moderator).toBe(true);
    expect(mine.question.answers.map((x) => [x.id, x.hidden])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);

    const restored = await callRoute(
      questionRoute.action,
      formRequest(path, { intent: "restore", targetType: "answer", targetId: String(a.id) }),
      contextFor(rt, moderator),
      params,
    );
    expect(restored.status).toBe(302);
    const after = (await view(path, params, reader)).data as Page;
    expect(after.question.answers.map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it("a hidden question is not found for readers and stays on the page for moderators, to restore", async () => {
    const { q, params, path } = await thread();
    const admin = await createMember(rt, { role: "admin" });
    const reader = await createMember(rt);
    await callRoute(questionRoute.action, formRequest(path, { intent: "hide", targetType: "question", targetId: String(q.id) }), contextFor(rt, admin), params);
    expect((await view(path, params, reader)).status).toBe(404);
    expect((await view(path, params, null)).status).toBe(404);
    const page = (await view(path, params, admin)).data as Page;
    expect(page.question.hidden).toBe(true);
    await callRoute(
      questionRoute.action,
      formRequest(path, { intent: "restore", targetType: "question", targetId: String(q.id) }),
      contextFor(rt, admin),
      params,
    );
    expect((await view(path, params, reader)).status).toBe(200);
  });

  it("members cannot hide or restore, and a bad target changes nothing", async () => {
    const { a, params, path } = await thread();
    const member = await createMember(rt);
    const moderator = await createMember(rt, { role: "moderator" });
    const refused = await callRoute(
      questionRoute.action,
      formRequest(path, { intent: "hide", targetType: "answer", targetId: String(a.id) }),
      contextFor(rt, member),
      params,
    );
    expect(refused.status).toBe(403);
    expect((refused.data as { errors: { form: string } }).errors.form).toBe("Only moderators can hide or restore posts.");
    for (const fields of [
      { targetType: "story", targetId: String(a.id) },
      { targetType: "answer", targetId: "abc" },
      { targetType: "answer", targetId: "0" },
    ]) {
      const bad = await callRoute(questionRoute.action, formRequest(path, { intent: "hide", ...fields }), contextFor(rt, moderator), params);
      expect(bad.status).toBe(400);
    }
    const missing = await callRoute(
      questionRoute.action,
      formRequest(path, { intent: "hide", targetType: "answer", targetId: "2147483000" }),
      contextFor(rt, moderator),
      params,
    );
    expect(missing.status).toBe(404);
    const [row] = await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, a.id));
    expect(row.hiddenAt).toBeNull();
  });
});
