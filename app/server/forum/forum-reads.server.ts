// Reading the forum: lists of visible questions (a fixed number of statements whatever their
// size), one question with its answers, and helpful marks. Hidden content is left out unless a
// moderator's page asks for it.
import { and, asc, count, desc, eq, exists, isNull, sql, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { ForumSort } from "~/lib/forum-list";
import { rowsOf, type Db } from "~/server/infra/db.server";
import { FORUM_PAGE_SIZE, iso, LAST_ACTIVITY, questionColumns, RECENT_ANSWERS, toAnswer, toQuestion, type AnswerView } from "./forum-model.server";
import { PROFILE_LINK } from "~/server/members/members.server";
import { forumAnswers, forumQuestions, forumTopics, helpedMost, helpfulMarks, profiles } from "../../../db/schema";
import { storedHtmlOf } from "~/server/infra/stored-html.server";

export interface QuestionFilter {
  topicId?: number;
  sort?: ForumSort;
}

function visibleWhere(filter: QuestionFilter): SQL {
  return and(
    isNull(forumQuestions.hiddenAt),
    filter.topicId !== undefined ? eq(forumQuestions.topicId, filter.topicId) : undefined,
    filter.sort === "unanswered" ? eq(forumQuestions.answerCount, 0) : undefined,
  )!;
}

/** The order of a list: newest first, or most recently active first; ties by id. */
function listOrder(sort: ForumSort | undefined) {
  return sort === "active" ? [sql`${LAST_ACTIVITY} desc`, desc(forumQuestions.id)] : [desc(forumQuestions.createdAt), desc(forumQuestions.id)];
}

/** Visible questions (those a filter picks: a topic's, the unanswered ones). */
export async function countQuestions(db: Db, filter: QuestionFilter = {}) {
  const [row] = await db.select({ n: count() }).from(forumQuestions).where(visibleWhere(filter));
  return row.n;
}

/** Visible questions with at least one visible answer: what "Questions Answered" means. */
export async function countAnsweredQuestions(db: Db) {
  const answered = db
    .select({ one: sql`1` })
    .from(forumAnswers)
    .where(and(eq(forumAnswers.questionId, forumQuestions.id), isNull(forumAnswers.hiddenAt)));
  const [row] = await db
    .select({ n: count() })
    .from(forumQuestions)
    .where(and(isNull(forumQuestions.hiddenAt), exists(answered)));
  return row.n;
}

/**
 * One page of questions, newest first (or unanswered only, or most recently active first; all of
 * them or one topic's), each with its first two visible answers and its topic.
 * Three statements: the count (skipped when the caller passes a cached `total`), the page, and
 * the answers of the page (one lateral join).
 *
 * The page's ids come from an index of the order alone (for the default list an index-only scan:
 * a deep page skips index entries, never table rows); only its 20 rows are then read.
 */
export async function listQuestions(db: Db, options: { page?: number; pageSize?: number; total?: number } & QuestionFilter = {}) {
  const pageSize = options.pageSize ?? FORUM_PAGE_SIZE;
  const filter: QuestionFilter = { topicId: options.topicId, sort: options.sort };
  const total = options.total ?? (await countQuestions(db, filter));
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  // Built apart from `db`: it is part of the page's statement, not a statement of its own.
  const pageIds = new QueryBuilder()
    .select({ id: forumQuestions.id })
    .from(forumQuestions)
    .where(visibleWhere(filter))
    .orderBy(...listOrder(filter.sort))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("page_ids");
  const rows = await db
    .select({ ...questionColumns, lastActivityAt: LAST_ACTIVITY })
    .from(pageIds)
    .innerJoin(forumQuestions, eq(forumQuestions.id, pageIds.id))
    .leftJoin(profiles, eq(profiles.id, forumQuestions.authorId))
    .leftJoin(forumTopics, eq(forumTopics.id, forumQuestions.topicId))
    .orderBy(...listOrder(filter.sort));
  const questions = rows.map((r) => ({ ...toQuestion(r), lastActivityAt: iso(r.lastActivityAt) }));
  const answers = await recentAnswers(
    db,
    questions.map((q) => q.id),
  );
  return {
    questions: questions.map((q) => ({ ...q, recentAnswers: answers.get(q.id) ?? [] })),
    total,
    page,
    pageCount,
    pageSize,
  };
}

/** An answer as the raw statement of recentAnswers returns it (column names as in SQL). */
type RecentAnswerRow = {
  id: number;
  question_id: number;
  content: string;
  created_at: string;
  updated_at: string;
  author_id: string | null;
  display_name: string | null;
  profile_handle: string | null;
};

/** The first `limit` visible answers of each question, in one statement. */
export async function recentAnswers(db: Db, questionIds: number[], limit = RECENT_ANSWERS) {
  const byQuestion = new Map<number, AnswerView[]>();
  if (questionIds.length === 0) return byQuestion;
  const result = await db.execute<RecentAnswerRow>(sql`
    select a.id, a.question_id, a.content, a.created_at, a.updated_at, a.author_id, profiles.display_name,
      ${PROFILE_LINK} as profile_handle
    from unnest(${sql.raw(`ARRAY[${questionIds.map(Number).join(",")}]::int[]`)}) as q(id)
    cross join lateral (
      select * from forum_answers fa
      where fa.question_id = q.id and fa.hidden_at is null
      order by fa.created_at asc, fa.id asc
      limit ${limit}
    ) a
    left join profiles on profiles.id = a.author_id
    order by a.question_id, a.created_at asc, a.id asc`);
  for (const r of rowsOf<RecentAnswerRow>(result)) {
    const list = byQuestion.get(r.question_id) ?? [];
    list.push(
      toAnswer({
        id: r.id,
        questionId: r.question_id,
        content: r.content,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        authorId: r.author_id,
        displayName: r.display_name,
        profileHandle: r.profile_handle,
      }),
    );
    byQuestion.set(r.question_id, list);
  }
  return byQuestion;
}

/** The newest visible questions (home page activity). */
export async function latestQuestions(db: Db, limit: number) {
  const rows = await db
    .select(questionColumns)
    .from(forumQuestions)
    .leftJoin(profiles, eq(profiles.id, forumQuestions.authorId))
    .leftJoin(forumTopics, eq(forumTopics.id, forumQuestions.topicId))
    .where(isNull(forumQuestions.hiddenAt))
    .orderBy(desc(forumQuestions.createdAt), desc(forumQuestions.id))
    .limit(limit);
  return rows.map(toQuestion);
}

/** The author's role, read with the post: staff and moderators' posts say who they are. */
const roleOf = (authorId: typeof forumQuestions.authorId | typeof forumAnswers.authorId) =>
  sql<string | null>`(select u.role from users u where u.id = ${authorId})`;
const staffRole = (role: string | null) => (role === "admin" || role === "moderator" ? role : null);

/**
 * A question and its answers as readers see them: hidden ones left out. With `includeHidden`
 * (moderators), hidden ones are there too, marked, so they can be restored where they stood.
 */
export async function getQuestion(db: Db, id: number, options: { includeHidden?: boolean } = {}) {
  const includeHidden = options.includeHidden ?? false;
  const [row] = await db
    .select({
      ...questionColumns,
      authorRole: roleOf(forumQuestions.authorId),
      hiddenAt: forumQuestions.hiddenAt,
      hiddenReason: forumQuestions.hiddenReason,
      lookAskedAt: forumQuestions.lookAskedAt,
      heldAt: forumQuestions.heldAt,
      contentHtml: forumQuestions.contentHtml,
      htmlVersion: forumQuestions.htmlVersion,
    })
    .from(forumQuestions)
    .leftJoin(profiles, eq(profiles.id, forumQuestions.authorId))
    .leftJoin(forumTopics, eq(forumTopics.id, forumQuestions.topicId))
    .where(includeHidden ? eq(forumQuestions.id, id) : and(eq(forumQuestions.id, id), isNull(forumQuestions.hiddenAt)));
  if (!row) return null;
  const [chosen] = await db.select({ answerId: helpedMost.answerId }).from(helpedMost).where(eq(helpedMost.questionId, id));
  const answers = await db
    .select({
      id: forumAnswers.id,
      questionId: forumAnswers.questionId,
      content: forumAnswers.content,
      createdAt: forumAnswers.createdAt,
      updatedAt: forumAnswers.updatedAt,
      authorId: forumAnswers.authorId,
      displayName: profiles.displayName,
      profileHandle: PROFILE_LINK,
      authorRole: roleOf(forumAnswers.authorId),
      hiddenAt: forumAnswers.hiddenAt,
      hiddenReason: forumAnswers.hiddenReason,
      lookAskedAt: forumAnswers.lookAskedAt,
      heldAt: forumAnswers.heldAt,
      contentHtml: forumAnswers.contentHtml,
      htmlVersion: forumAnswers.htmlVersion,
      helpfulCount: sql<number>`(select count(*)::int from ${helpfulMarks} where ${helpfulMarks.answerId} = ${forumAnswers.id})`,
    })
    .from(forumAnswers)
    .leftJoin(profiles, eq(profiles.id, forumAnswers.authorId))
    .where(includeHidden ? eq(forumAnswers.questionId, id) : and(eq(forumAnswers.questionId, id), isNull(forumAnswers.hiddenAt)))
    .orderBy(asc(forumAnswers.createdAt), asc(forumAnswers.id));
  return {
    ...toQuestion(row),
    authorRole: staffRole(row.authorRole),
    // The HTML stored when the text was saved (stored-html.server.ts): pages never render it.
    contentHtml: storedHtmlOf(row),
    hidden: row.hiddenAt !== null,
    // Why it is hidden and whether its author asked for another look: for its author and moderators.
    hiddenReason: row.hiddenAt ? row.hiddenReason : null,
    lookAsked: row.lookAskedAt !== null,
    held: row.heldAt !== null,
    answers: answers.map((a) => ({
      ...toAnswer(a),
      authorRole: staffRole(a.authorRole),
      contentHtml: storedHtmlOf(a),
      hidden: a.hiddenAt !== null,
      hiddenReason: a.hiddenAt ? a.hiddenReason : null,
      lookAsked: a.lookAskedAt !== null,
      held: a.heldAt !== null,
      helpfulCount: Number(a.helpfulCount),
    })),
    helpedMostAnswerId: chosen?.answerId ?? null,
  };
}

/** How many members found an answer helpful. */
export async function helpfulCount(db: Db, answerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(helpfulMarks)
    .where(eq(helpfulMarks.answerId, answerId));
  return Number(row?.n ?? 0);
}
