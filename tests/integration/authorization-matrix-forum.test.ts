// Who may do what in the forum: every question, answer, report and moderation write, tried as a
// visitor, the member who wrote the content, another member, a moderator and an admin (the cells
// and the table are explained in tests/helpers/authorization-matrix.ts). Posts, places and roles:
// authorization-matrix-site.test.ts.
import { and, eq } from "drizzle-orm";
import { it } from "vitest";
import { forumAnswers, forumQuestions, reports } from "../../db/schema";
import { action as adminReportsAction } from "~/routes/admin/admin-reports";
import { action as questionAction } from "~/routes/forum/forum-question";
import { action as forumAction } from "~/routes/forum/forum";
import { action as draftsAction } from "~/routes/account/drafts";
import { action as topicAction } from "~/routes/forum/forum-topic";
import { followedTopics, setTopicFollow } from "~/server/forum/topic-follows.server";
import { createTopic } from "~/server/forum/topics.server";
import { getDraft, saveDraft } from "~/server/drafts/draft-store.server";
import { checkMatrix, matrixPerFile, moderators, nobody, signedIn, type Matrix, type Row } from "../helpers/authorization-matrix";

const matrix = matrixPerFile();

function rows({ rt, call, unique, ownerFor, newQuestion, newAnswer, author, people }: Matrix): Row[] {
  const questionExists = async (id: number) => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, id))).length > 0;
  const answerExists = async (id: number) => (await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, id))).length > 0;
  return [
    {
      write: "ask a question",
      expected: signedIn,
      attempt: async (actor) => {
        const title = unique("Asked");
        return {
          run: () => call(forumAction, actor, "/forum", { title, content: "What helps with morning stiffness?" }),
          changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.title, title))).length === 1,
        };
      },
    },
    {
      write: "answer a question",
      expected: signedIn,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        const content = unique("An answer");
        return {
          run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "answer", content }, { questionId: String(q.id) }),
          changed: async () => (await rt.db.select().from(forumAnswers).where(eq(forumAnswers.content, content))).length === 1,
        };
      },
    },
    {
      write: "edit own question",
      expected: signedIn,
      attempt: async (actor) => {
        const q = await newQuestion(ownerFor(actor));
        return {
          run: () =>
            call(questionAction, actor, `/forum/${q.id}`, { intent: "edit-question", title: "Edited title", content: "Edited" }, { questionId: String(q.id) }),
          changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id)))[0].title === "Edited title",
        };
      },
    },
    {
      write: "edit someone else's question",
      expected: nobody,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        return {
          run: () =>
            call(
              questionAction,
              actor,
              `/forum/${q.id}`,
              { intent: "edit-question", title: "Hijacked title", content: "Hijacked" },
              { questionId: String(q.id) },
            ),
          changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id)))[0].title === "Hijacked title",
        };
      },
    },
    {
      write: "delete own question",
      expected: signedIn,
      attempt: async (actor) => {
        const q = await newQuestion(ownerFor(actor));
        return {
          run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "delete-question" }, { questionId: String(q.id) }),
          changed: async () => !(await questionExists(q.id)),
        };
      },
    },
    {
      write: "delete someone else's question",
      expected: nobody,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        return {
          run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "delete-question" }, { questionId: String(q.id) }),
          changed: async () => !(await questionExists(q.id)),
        };
      },
    },
    {
      write: "edit own answer",
      expected: signedIn,
      attempt: async (actor) => {
        const { q, a } = await newAnswer(ownerFor(actor));
        return {
          run: () =>
            call(
              questionAction,
              actor,
              `/forum/${q.id}`,
              { intent: "edit-answer", answerId: String(a.id), content: "Edited answer" },
              { questionId: String(q.id) },
            ),
          changed: async () => (await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, a.id)))[0].content === "Edited answer",
        };
      },
    },
    {
      write: "edit someone else's answer",
      expected: nobody,
      attempt: async (actor) => {
        const { q, a } = await newAnswer(author.id);
        return {
          run: () =>
            call(
              questionAction,
              actor,
              `/forum/${q.id}`,
              { intent: "edit-answer", answerId: String(a.id), content: "Hijacked answer" },
              { questionId: String(q.id) },
            ),
          changed: async () => (await rt.db.select().from(forumAnswers).where(eq(forumAnswers.id, a.id)))[0].content === "Hijacked answer",
        };
      },
    },
    {
      write: "delete own answer",
      expected: signedIn,
      attempt: async (actor) => {
        const { q, a } = await newAnswer(ownerFor(actor));
        return {
          run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "delete-answer", answerId: String(a.id) }, { questionId: String(q.id) }),
          changed: async () => !(await answerExists(a.id)),
        };
      },
    },
    {
      write: "delete someone else's answer",
      expected: nobody,
      attempt: async (actor) => {
        const { q, a } = await newAnswer(author.id);
        return {
          run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "delete-answer", answerId: String(a.id) }, { questionId: String(q.id) }),
          changed: async () => !(await answerExists(a.id)),
        };
      },
    },
    {
      write: "report a question",
      expected: signedIn,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        return {
          run: () =>
            call(
              questionAction,
              actor,
              `/forum/${q.id}`,
              { intent: "report", targetType: "question", targetId: String(q.id), reason: "Off topic" },
              { questionId: String(q.id) },
            ),
          changed: async () =>
            (
              await rt.db
                .select()
                .from(reports)
                .where(and(eq(reports.targetType, "question"), eq(reports.targetId, q.id)))
            ).length === 1,
        };
      },
    },
    {
      write: "report an answer as 'at risk' (every moderator is told)",
      expected: signedIn,
      attempt: async (actor) => {
        const { q, a } = await newAnswer(author.id);
        return {
          run: () =>
            call(
              questionAction,
              actor,
              `/forum/${q.id}`,
              { intent: "report", targetType: "answer", targetId: String(a.id), category: "at-risk" },
              { questionId: String(q.id) },
            ),
          changed: async () =>
            (
              await rt.db
                .select()
                .from(reports)
                .where(and(eq(reports.targetType, "answer"), eq(reports.targetId, a.id), eq(reports.category, "at-risk")))
            ).length === 1,
        };
      },
    },
    {
      write: "hide content (moderation)",
      expected: moderators,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        return {
          run: () => call(adminReportsAction, actor, "/admin/reports", { intent: "hide", targetType: "question", targetId: String(q.id) }),
          changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id)))[0].hiddenAt !== null,
        };
      },
    },
    {
      write: "restore hidden content",
      expected: moderators,
      attempt: async (actor) => {
        const q = await newQuestion(author.id, true);
        return {
          run: () => call(adminReportsAction, actor, "/admin/reports", { intent: "restore", targetType: "question", targetId: String(q.id) }),
          changed: async () => (await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, q.id)))[0].hiddenAt === null,
        };
      },
    },
    {
      // A draft is keyed by its member: another member's request reaches only their own draft
      // (tests/integration/drafts.test.ts shows mine unchanged by it).
      write: "save own draft",
      expected: signedIn,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        const body = unique("A draft");
        return {
          run: () => call(draftsAction, actor, "/drafts", { intent: "save", kind: "answer", target: String(q.id), title: "", body, version: "0" }),
          changed: async () => (await getDraft(rt.db, ownerFor(actor), { kind: "answer", targetId: q.id }))?.body === body,
        };
      },
    },
    {
      write: "save own draft without scripts",
      expected: signedIn,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        const content = unique("A draft");
        return {
          run: () => call(questionAction, actor, `/forum/${q.id}`, { intent: "save-draft", content, draftVersion: "0" }, { questionId: String(q.id) }),
          changed: async () => (await getDraft(rt.db, ownerFor(actor), { kind: "answer", targetId: q.id }))?.body === content,
        };
      },
    },
    {
      write: "discard own draft",
      expected: signedIn,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        const key = { kind: "answer", targetId: q.id } as const;
        await saveDraft(rt, ownerFor(actor), key, { title: "", body: "To discard", baseVersion: 0 });
        return {
          run: () => call(draftsAction, actor, "/drafts", { intent: "discard", kind: "answer", target: String(q.id) }),
          changed: async () => (await getDraft(rt.db, ownerFor(actor), key)) === null,
        };
      },
    },
    {
      // Which topics a member follows is theirs: a follow changes only the member's own list.
      write: "follow a topic (own list)",
      expected: signedIn,
      attempt: async (actor) => {
        const topic = await createTopic(rt, { name: unique("Topic"), slug: "", description: "" });
        return {
          run: () => call(topicAction, actor, `/forum/topics/${topic.slug}`, { intent: "follow" }, { slug: topic.slug }),
          changed: async () => (await followedTopics(rt.db, ownerFor(actor))).some((t) => t.id === topic.id),
        };
      },
    },
    {
      write: "unfollow a topic (own list)",
      expected: signedIn,
      attempt: async (actor) => {
        const topic = await createTopic(rt, { name: unique("Topic"), slug: "", description: "" });
        await setTopicFollow(rt, ownerFor(actor), topic.id, true);
        return {
          run: () => call(topicAction, actor, `/forum/topics/${topic.slug}`, { intent: "unfollow" }, { slug: topic.slug }),
          changed: async () => !(await followedTopics(rt.db, ownerFor(actor))).some((t) => t.id === topic.id),
        };
      },
    },
    {
      write: "dismiss a report",
      expected: moderators,
      attempt: async (actor) => {
        const q = await newQuestion(author.id);
        const [r] = await rt.db.insert(reports).values({ targetType: "question", targetId: q.id, reporterId: people.member.id, reason: "Spam" }).returning();
        return {
          run: () => call(adminReportsAction, actor, "/admin/reports", { intent: "dismiss", reportId: String(r.id) }),
          changed: async () => (await rt.db.select().from(reports).where(eq(reports.id, r.id)))[0].status === "dismissed",
        };
      },
    },
  ];
}

it(
  "every forum write is allowed exactly for the roles that may do it, and refused (with nothing changed) for everyone else",
  () => checkMatrix(matrix(), rows(matrix())),
  120_000,
);
