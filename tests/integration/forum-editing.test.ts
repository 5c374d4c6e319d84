// A question page's answers, its authors' edits and deletions, and moderators hiding and restoring posts.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions } from "../../db/schema";
import * as questionRoute from "~/routes/forum/forum-question";
import * as reportsRoute from "~/routes/admin/admin-reports";
import { rowsOf } from "~/server/infra/db.server";
import { countQuestions, getQuestion, latestQuestions, listQuestions } from "~/server/forum/forum.server";
import { seedQuestion } from "../helpers/forum";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

const question = (authorId: string, title: string, hoursAgo: number, answers: string[] = []) => seedQuestion(rt.db, authorId, title, hoursAgo, answers);

describe("the question page", () => {
  it("shows all answers oldest first and 404s for bad or unknown ids", async () => {
    const m = await createMember(rt);
    const q = await question(m.id, "Page question", 5, ["one", "two", "three"]);
    const res = await callRoute(questionRoute.loader, getRequest(`/forum/${q.id}`), contextFor(rt), { questionId: String(q.id) });
    // Readers get each answer rendered (the text as typed goes to its author alone).
    const data = res.data as { question: { answers: { content: string; contentHtml: string }[] } };
    expect(data.question.answers.map((a) => a.contentHtml)).toEqual(["<p>one</p>\n", "<p>two</p>\n", "<p>three</p>\n"]);
    expect(data.question.answers.map((a) => a.content)).toEqual(["", "", ""]);
    for (const id of ["abc", "0", "-1", "1e3", "99999999", "12345678901234"]) {
      const r = await callRoute(questionRoute.loader, getRequest(`/forum/${id}`), contextFor(rt), { questionId: id });
      expect(r.status, id).toBe(404);
    }
  });

  it("answers, counts the answer, and stores one answer for a double submit", async () => {
    const asker = await createMember(rt);
    const helper = await createMember(rt);
    const q = await question(asker.id, "Need help", 2);
    const fields = { intent: "answer", content: "Try a warm shower first.", submissionKey: "a-key", via: "fetcher" };
    const ctx = contextFor(rt, helper);
    const [r1, r2] = await Promise.all([
      callRoute(questionRoute.action, formRequest(`/forum/${q.id}`, fields), ctx, { questionId: String(q.id) }),
      callRoute(questionRoute.action, formRequest(`/forum/${q.id}`, fields), ctx, { questionId: String(q.id) }),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const after = await getQuestion(rt.db, q.id);
    expect(after!.answers).toHaveLength(1);
    expect(after!.answerCount).toBe(1);
    expect(after!.answers[0].authorId).toBe(helper.id);
  });

  it("lets authors edit and delete only their own posts", async () => {
    const author = await createMember(rt);
    const stranger = await createMember(rt);
    const q = await question(author.id, "Mine", 1, ["my answer"]);
    const [a] = await rt.db.select().from(forumAnswers).where(eq(forumAnswers.questionId, q.id));
    const p = { questionId: String(q.id) };

    const denied = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${q.id}`, { intent: "edit-question", title: "Hacked", content: "x" }),
      contextFor(rt, stranger),
      p,
    );
    expect(denied.status).toBe(403);
    const deniedDelete = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${q.id}`, { intent: "delete-answer", answerId: String(a.id) }),
      contextFor(rt, stranger),
      p,
    );
    expect(deniedDelete.status).toBe(403);
    expect((await getQuestion(rt.db, q.id))!.title).toBe("Mine");

    const edited = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${q.id}`, { intent: "edit-question", title: "Mine, edited", content: "new" }),
      contextFor(rt, author),
      p,
    );
    expect(edited.status).toBe(302);
    expect((await getQuestion(rt.db, q.id))!.title).toBe("Mine, edited");
    const del = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${q.id}`, { intent: "delete-answer", answerId: String(a.id) }),
      contextFor(rt, author),
      p,
    );
    expect(del.status).toBe(302);
    const after = await getQuestion(rt.db, q.id);
    expect(after!.answers).toHaveLength(0);
    expect(after!.answerCount).toBe(0);
  });

  it("answers an edit or deletion of an answer id that is not a number with a message, changing nothing", async () => {
    const author = await createMember(rt);
    const q = await question(author.id, "Ids", 1, ["kept as written"]);
    const [a] = await rt.db.select().from(forumAnswers).where(eq(forumAnswers.questionId, q.id));
    for (const [intent, answerId] of [
      ["edit-answer", `${a.id}abc`],
      ["edit-answer", ""],
      ["delete-answer", `${a.id}.5`],
      ["delete-answer", "-1"],
    ]) {
      const res = await callRoute(
        questionRoute.action,
        formRequest(`/forum/${q.id}`, { intent, answerId, content: "An edit long enough to be valid." }),
        contextFor(rt, author),
        { questionId: String(q.id) },
      );
      expect(res.status, `${intent} ${answerId}`).toBe(400);
      expect((res.data as { errors: { form?: string } }).errors.form).toBe("That answer could not be found.");
    }
    const after = await getQuestion(rt.db, q.id);
    expect(after!.answers.map((x) => x.content)).toEqual(["kept as written"]);
  });
});

describe("moderation", () => {
  it("hidden content disappears from lists, counts and pages; restoring brings it back", async () => {
    const fresh = await createTestRuntime({ RATE_LIMITS: "false" });
    try {
      const author = await createMember(fresh);
      const reporter = await createMember(fresh);
      const mod = await createMember(fresh, { role: "moderator" });
      const at = new Date();
      const [q] = await fresh.db
        .insert(forumQuestions)
        .values({ title: "Reported", content: "c", authorId: author.id, createdAt: at, answerCount: 2 })
        .returning();
      const [bad] = await fresh.db.insert(forumAnswers).values({ questionId: q.id, content: "spam answer", authorId: author.id }).returning();
      await fresh.db.insert(forumAnswers).values({ questionId: q.id, content: "good answer", authorId: reporter.id });
      const p = { questionId: String(q.id) };

      const reported = await callRoute(
        questionRoute.action,
        formRequest(`/forum/${q.id}`, { intent: "report", targetType: "answer", targetId: String(bad.id), reason: "Spam" }),
        contextFor(fresh, reporter),
        p,
      );
      expect(reported.status).toBe(302);
      // Members cannot moderate.
      const refused = await callRoute(
        reportsRoute.action,
        formRequest("/admin/reports", { intent: "hide", targetType: "answer", targetId: String(bad.id) }),
        contextFor(fresh, reporter),
      );
      expect(refused.status).toBe(403);

      const queue = await callRoute(reportsRoute.loader, getRequest("/admin/reports"), contextFor(fresh, mod));
      expect((queue.data as { open: { reason: string; targetContent: string }[] }).open).toMatchObject([{ reason: "Spam", targetContent: "spam answer" }]);

      const hidden = await callRoute(
        reportsRoute.action,
        formRequest("/admin/reports", { intent: "hide", targetType: "answer", targetId: String(bad.id) }),
        contextFor(fresh, mod),
      );
      expect(hidden.status).toBe(302);
      const page = await getQuestion(fresh.db, q.id);
      expect(page!.answers.map((a) => a.content)).toEqual(["good answer"]);
      expect(page!.answerCount).toBe(1);
      const list = await listQuestions(fresh.db);
      expect(list.questions[0].recentAnswers.map((a) => a.content)).toEqual(["good answer"]);
      expect(list.questions[0].answerCount).toBe(1);

      // Hide the whole question.
      await callRoute(
        reportsRoute.action,
        formRequest("/admin/reports", { intent: "hide", targetType: "question", targetId: String(q.id) }),
        contextFor(fresh, mod),
      );
      expect(await countQuestions(fresh.db)).toBe(0);
      expect((await listQuestions(fresh.db)).questions).toHaveLength(0);
      expect(await latestQuestions(fresh.db, 3)).toHaveLength(0);
      const gone = await callRoute(questionRoute.loader, getRequest(`/forum/${q.id}`), contextFor(fresh), p);
      expect(gone.status).toBe(404);

      await callRoute(
        reportsRoute.action,
        formRequest("/admin/reports", { intent: "restore", targetType: "question", targetId: String(q.id) }),
        contextFor(fresh, mod),
      );
      expect(await countQuestions(fresh.db)).toBe(1);
      const counts = await fresh.db.execute(sql`select answer_count from forum_questions where id = ${q.id}`);
      const rows = rowsOf<{ answer_count: number }>(counts);
      expect(rows[0].answer_count).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
