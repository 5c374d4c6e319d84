// Forum questions and answers. Every list is a fixed number of statements whatever its size;
// hidden content never leaves this module except through the moderation functions.
import { and, asc, count, desc, eq, exists, isNull, sql, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { ForumSort } from "~/lib/forum-list";
import { isRowId } from "~/lib/validation";
import { rowsOf, type Db } from "./db.server";
import { follow, notifyAuthor, notifyOfAnswer, unfollow } from "./notifications.server";
import { PROFILE_LINK } from "./profiles.server";
import { forumAnswers, forumQuestions, forumTopics, helpedMost, helpfulMarks, profiles } from "../../db/schema";

export const FORUM_PAGE_SIZE = 20;
export const RECENT_ANSWERS = 2;
export const ANONYMOUS = "Anonymous";

export interface AnswerView {
  id: number;
  questionId: number;
  content: string;
  createdAt: string;
  updatedAt: string;
  authorId: string | null;
  authorName: string;
  /** The author's public profile handle, only while their profile is public (else null). */
  authorProfile: string | null;
}

/** The topic a question is filed under, as lists and pages link to it. */
export interface QuestionTopic {
  slug: string;
  name: string;
}

export interface QuestionView {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  authorId: string | null;
  authorName: string;
  authorProfile: string | null;
  answerCount: number;
  topic: QuestionTopic | null;
}

const authorName = (name: string | null) => (name && name.trim() ? name : ANONYMOUS);
const iso = (d: Date | string) => new Date(d).toISOString();

const questionColumns = {
  id: forumQuestions.id,
  title: forumQuestions.title,
  content: forumQuestions.content,
  createdAt: forumQuestions.createdAt,
  updatedAt: forumQuestions.updatedAt,
  authorId: forumQuestions.authorId,
  displayName: profiles.displayName,
  profileHandle: PROFILE_LINK,
  answerCount: forumQuestions.answerCount,
  // From a left join on forum_topics in the same statement: a list of questions is one query.
  topicSlug: forumTopics.slug,
  topicName: forumTopics.name,
};

/** A question's last activity: its newest visible answer, or the question itself while it has none. */
export const LAST_ACTIVITY = sql<Date>`coalesce(${forumQuestions.lastAnswerAt}, ${forumQuestions.createdAt})`;

/**
 * The newest visible answer's time of each question `where` picks, written back after answers
 * change; with answer_count it is what lists read instead of looking at the answers.
 */
export const LAST_ANSWER_AT = sql`(select max(a.created_at) from forum_answers a where a.question_id = ${forumQuestions.id} and a.hidden_at is null)`;

function toQuestion(r: {
  id: number;
  title: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  authorId: string | null;
  displayName: string | null;
  profileHandle: string | null;
  answerCount: number;
  topicSlug: string | null;
  topicName: string | null;
}): QuestionView {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    authorId: r.authorId,
    authorName: authorName(r.displayName),
    authorProfile: r.profileHandle ?? null,
    answerCount: r.answerCount,
    topic: r.topicSlug && r.topicName ? { slug: r.topicSlug, name: r.topicName } : null,
  };
}

/** Which visible questions a list shows: all, one topic's, and only the unanswered ones or not. */
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

/** The first `limit` visible answers of each question, in one statement. */
export async function recentAnswers(db: Db, questionIds: number[], limit = RECENT_ANSWERS) {
  const byQuestion = new Map<number, AnswerView[]>();
  if (questionIds.length === 0) return byQuestion;
  const result = await db.execute<{
    id: number;
    question_id: number;
    content: string;
    created_at: string;
    updated_at: string;
    author_id: string | null;
    display_name: string | null;
    profile_handle: string | null;
  }>(sql`
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
  for (const r of rowsOf<{
    id: number;
    question_id: number;
    content: string;
    created_at: string;
    updated_at: string;
    author_id: string | null;
    display_name: string | null;
    profile_handle: string | null;
  }>(result)) {
    const list = byQuestion.get(r.question_id) ?? [];
    list.push({
      id: r.id,
      questionId: r.question_id,
      content: r.content,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      authorId: r.author_id,
      authorName: authorName(r.display_name),
      authorProfile: r.profile_handle ?? null,
    });
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

/** One visible question with all its visible answers, oldest first; null when missing or hidden. */
/**
 * A question and its answers as readers see them: hidden ones left out. With `includeHidden`
 * (moderators), hidden ones are there too, marked, so they can be restored where they stood.
 */
export async function getQuestion(db: Db, id: number, options: { includeHidden?: boolean } = {}) {
  const includeHidden = options.includeHidden ?? false;
  const [row] = await db
    .select({ ...questionColumns, hiddenAt: forumQuestions.hiddenAt })
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
      hiddenAt: forumAnswers.hiddenAt,
      helpfulCount: sql<number>`(select count(*)::int from ${helpfulMarks} where ${helpfulMarks.answerId} = ${forumAnswers.id})`,
    })
    .from(forumAnswers)
    .leftJoin(profiles, eq(profiles.id, forumAnswers.authorId))
    .where(includeHidden ? eq(forumAnswers.questionId, id) : and(eq(forumAnswers.questionId, id), isNull(forumAnswers.hiddenAt)))
    .orderBy(asc(forumAnswers.createdAt), asc(forumAnswers.id));
  return {
    ...toQuestion(row),
    hidden: row.hiddenAt !== null,
    answers: answers.map((a) => ({
      id: a.id,
      questionId: a.questionId,
      content: a.content,
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
      authorId: a.authorId,
      authorName: authorName(a.displayName),
      authorProfile: a.profileHandle ?? null,
      hidden: a.hiddenAt !== null,
      helpfulCount: Number(a.helpfulCount),
    })),
    helpedMostAnswerId: chosen?.answerId ?? null,
  };
}

/**
 * Stores a question by `authorId` (always the session's user). A repeated `submissionKey` from
 * the same author returns the question already stored instead of a second one.
 */
export async function askQuestion(db: Db, input: { authorId: string; title: string; content: string; submissionKey?: string; topicId?: number | null }) {
  const key = input.submissionKey || null;
  const inserted = await db
    .insert(forumQuestions)
    .values({ authorId: input.authorId, title: input.title, content: input.content, submissionKey: key, topicId: input.topicId ?? null })
    .onConflictDoNothing()
    .returning({ id: forumQuestions.id });
  if (inserted[0]) {
    // The asker follows their question: they are told of every answer.
    await follow(db, inserted[0].id, input.authorId);
    return { id: inserted[0].id, created: true };
  }
  const [existing] = await db
    .select({ id: forumQuestions.id })
    .from(forumQuestions)
    .where(and(eq(forumQuestions.authorId, input.authorId), eq(forumQuestions.submissionKey, key!)));
  return { id: existing.id, created: false };
}

export class NotFoundError extends Error {}
/** A topic id (or slug) that names no topic. */
export class UnknownTopicError extends Error {}
export class ForbiddenError extends Error {}
/** A member marking their own answer (helpful, or helped most). */
export class OwnAnswerError extends Error {}

/** A visible answer of a visible question, with its author and question; else not found. */
async function visibleAnswer(db: Db, answerId: number) {
  if (!isRowId(answerId)) throw new NotFoundError("answer not found");
  const [row] = await db
    .select({ authorId: forumAnswers.authorId, questionId: forumAnswers.questionId, askerId: forumQuestions.authorId })
    .from(forumAnswers)
    .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
    .where(and(eq(forumAnswers.id, answerId), isNull(forumAnswers.hiddenAt), isNull(forumQuestions.hiddenAt)));
  if (!row) throw new NotFoundError("answer not found");
  return row;
}

/**
 * Marks an answer helpful (`want` true), takes the mark back (false), or toggles it as the page's
 * button does (undefined); never one's own answer. The author is told of a new mark only.
 */
export async function setHelpful(db: Db, answerId: number, memberId: string, want?: boolean): Promise<{ marked: boolean }> {
  const answer = await visibleAnswer(db, answerId);
  if (answer.authorId === memberId) throw new OwnAnswerError("own answer");
  return db.transaction(async (tx) => {
    if (want !== false) {
      const added = await tx.insert(helpfulMarks).values({ answerId, memberId }).onConflictDoNothing().returning({ answerId: helpfulMarks.answerId });
      if (added.length) {
        if (answer.authorId) await notifyAuthor(tx, { memberId: answer.authorId, kind: "helpful", questionId: answer.questionId, answerId });
        return { marked: true };
      }
      if (want === true) return { marked: true };
    }
    await tx.delete(helpfulMarks).where(and(eq(helpfulMarks.answerId, answerId), eq(helpfulMarks.memberId, memberId)));
    return { marked: false };
  });
}

/** The page's Helpful button: a first press marks, a second takes the mark back. */
export const toggleHelpful = (db: Db, answerId: number, memberId: string) => setHelpful(db, answerId, memberId);

/** How many members found an answer helpful. */
export async function helpfulCount(db: Db, answerId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(helpfulMarks).where(eq(helpfulMarks.answerId, answerId));
  return Number(row?.n ?? 0);
}

/** The asker's choice set to this answer (kept if it already is; the author is told when it moves to theirs). */
export async function chooseHelpedMost(db: Db, questionId: number, answerId: number, askerId: string): Promise<{ answerId: number }> {
  const answer = await visibleAnswer(db, answerId);
  if (answer.questionId !== questionId) throw new NotFoundError("answer not found");
  if (answer.askerId !== askerId) throw new ForbiddenError("not the asker");
  if (answer.authorId === askerId) throw new OwnAnswerError("own answer");
  return db.transaction(async (tx) => {
    const moved = await tx
      .insert(helpedMost)
      .values({ questionId, answerId })
      .onConflictDoUpdate({ target: helpedMost.questionId, set: { answerId, createdAt: sql`now()` }, setWhere: sql`${helpedMost.answerId} <> ${answerId}` })
      .returning({ id: helpedMost.questionId });
    if (moved.length && answer.authorId) await notifyAuthor(tx, { memberId: answer.authorId, kind: "helped-most", questionId, answerId });
    return { answerId };
  });
}

/** The asker clears their choice; only the asker of a visible question may. */
export async function clearHelpedMost(db: Db, questionId: number, askerId: string) {
  if (!isRowId(questionId)) throw new NotFoundError("question not found");
  const [question] = await db
    .select({ authorId: forumQuestions.authorId })
    .from(forumQuestions)
    .where(and(eq(forumQuestions.id, questionId), isNull(forumQuestions.hiddenAt)));
  if (!question) throw new NotFoundError("question not found");
  if (question.authorId !== askerId) throw new ForbiddenError("not the asker");
  await db.delete(helpedMost).where(eq(helpedMost.questionId, questionId));
}

/**
 * The asker chooses the answer that helped them most (another one moves the choice; the same one
 * again clears it). Only the asker may, and not for an answer of their own.
 */
export async function toggleHelpedMost(db: Db, questionId: number, answerId: number, askerId: string): Promise<{ chosen: boolean }> {
  const answer = await visibleAnswer(db, answerId);
  if (answer.questionId !== questionId) throw new NotFoundError("answer not found");
  if (answer.askerId !== askerId) throw new ForbiddenError("not the asker");
  if (answer.authorId === askerId) throw new OwnAnswerError("own answer");
  return db.transaction(async (tx) => {
    const cleared = await tx.delete(helpedMost).where(and(eq(helpedMost.questionId, questionId), eq(helpedMost.answerId, answerId))).returning({ id: helpedMost.questionId });
    if (cleared.length) return { chosen: false };
    await tx
      .insert(helpedMost)
      .values({ questionId, answerId })
      .onConflictDoUpdate({ target: helpedMost.questionId, set: { answerId, createdAt: sql`now()` } });
    if (answer.authorId) await notifyAuthor(tx, { memberId: answer.authorId, kind: "helped-most", questionId, answerId });
    return { chosen: true };
  });
}

/** Who marked which answers of a question helpful (it decides whose page shows a pressed button). */
export async function helpfulMarksOf(db: Db, questionId: number) {
  return db
    .select({ answerId: helpfulMarks.answerId, memberId: helpfulMarks.memberId })
    .from(helpfulMarks)
    .innerJoin(forumAnswers, eq(forumAnswers.id, helpfulMarks.answerId))
    .where(eq(forumAnswers.questionId, questionId));
}

/** A member follows a visible question (told of its answers); a missing or hidden one is not found. */
/** Throws NotFoundError unless the question exists and is visible. */
async function visibleQuestion(db: Db, questionId: number) {
  if (!isRowId(questionId)) throw new NotFoundError("question not found");
  const [row] = await db.select({ id: forumQuestions.id }).from(forumQuestions).where(and(eq(forumQuestions.id, questionId), isNull(forumQuestions.hiddenAt)));
  if (!row) throw new NotFoundError("question not found");
}

export async function followQuestion(db: Db, questionId: number, memberId: string) {
  await visibleQuestion(db, questionId);
  await follow(db, questionId, memberId);
}

// Unknown and hidden questions are not found for stopping either, as for following: a client
// learns its id is wrong instead of being told it stopped following nothing.
export async function unfollowQuestion(db: Db, questionId: number, memberId: string) {
  await visibleQuestion(db, questionId);
  await unfollow(db, questionId, memberId);
}

/** Stores an answer and counts it, in one transaction; idempotent per submission key. */
export async function answerQuestion(
  db: Db,
  input: { questionId: number; authorId: string; content: string; submissionKey?: string },
) {
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select({ id: forumQuestions.id })
      .from(forumQuestions)
      .where(and(eq(forumQuestions.id, input.questionId), isNull(forumQuestions.hiddenAt)))
      .for("update");
    if (!question) throw new NotFoundError("question not found");
    const key = input.submissionKey || null;
    const inserted = await tx
      .insert(forumAnswers)
      .values({ questionId: input.questionId, authorId: input.authorId, content: input.content, submissionKey: key })
      .onConflictDoNothing()
      .returning({ id: forumAnswers.id });
    if (!inserted[0]) {
      const [existing] = await tx
        .select({ id: forumAnswers.id })
        .from(forumAnswers)
        .where(and(eq(forumAnswers.authorId, input.authorId), eq(forumAnswers.submissionKey, key!)));
      return { id: existing.id, created: false };
    }
    await tx
      .update(forumQuestions)
      .set({ answerCount: sql`${forumQuestions.answerCount} + 1`, lastAnswerAt: LAST_ANSWER_AT })
      .where(eq(forumQuestions.id, input.questionId));
    await notifyOfAnswer(tx, { questionId: input.questionId, answerId: inserted[0].id, authorId: input.authorId });
    return { id: inserted[0].id, created: true };
  });
}

async function ownedQuestion(db: Db, id: number, authorId: string) {
  if (!isRowId(id)) throw new NotFoundError("question not found");
  const [row] = await db.select({ authorId: forumQuestions.authorId }).from(forumQuestions).where(and(eq(forumQuestions.id, id), isNull(forumQuestions.hiddenAt)));
  if (!row) throw new NotFoundError("question not found");
  if (row.authorId !== authorId) throw new ForbiddenError("not the author");
}

async function ownedAnswer(db: Db, id: number, authorId: string) {
  if (!isRowId(id)) throw new NotFoundError("answer not found");
  const [row] = await db
    .select({ authorId: forumAnswers.authorId, questionId: forumAnswers.questionId, hiddenAt: forumAnswers.hiddenAt })
    .from(forumAnswers)
    .where(eq(forumAnswers.id, id));
  if (!row || row.hiddenAt) throw new NotFoundError("answer not found");
  if (row.authorId !== authorId) throw new ForbiddenError("not the author");
  return row;
}

export async function editQuestion(db: Db, input: { id: number; authorId: string; title: string; content: string }) {
  await ownedQuestion(db, input.id, input.authorId);
  await db
    .update(forumQuestions)
    .set({ title: input.title, content: input.content, updatedAt: new Date() })
    .where(eq(forumQuestions.id, input.id));
}

export async function deleteQuestion(db: Db, input: { id: number; authorId: string }) {
  await ownedQuestion(db, input.id, input.authorId);
  await db.delete(forumQuestions).where(eq(forumQuestions.id, input.id));
}

export async function editAnswer(db: Db, input: { id: number; authorId: string; content: string }) {
  const row = await ownedAnswer(db, input.id, input.authorId);
  await db.update(forumAnswers).set({ content: input.content, updatedAt: new Date() }).where(eq(forumAnswers.id, input.id));
  return row.questionId;
}

export async function deleteAnswer(db: Db, input: { id: number; authorId: string }) {
  const row = await ownedAnswer(db, input.id, input.authorId);
  await db.transaction(async (tx) => {
    await tx.delete(forumAnswers).where(eq(forumAnswers.id, input.id));
    await tx
      .update(forumQuestions)
      .set({ answerCount: sql`greatest(${forumQuestions.answerCount} - 1, 0)`, lastAnswerAt: LAST_ANSWER_AT })
      .where(eq(forumQuestions.id, row.questionId));
  });
  return row.questionId;
}

/** Recomputes a question's visible-answer count and last answer (after hiding or restoring an answer). */
export async function recountAnswers(db: Db, questionId: number) {
  await db
    .update(forumQuestions)
    .set({ answerCount: sql`(select count(*)::int from forum_answers a where a.question_id = ${questionId} and a.hidden_at is null)`, lastAnswerAt: LAST_ANSWER_AT })
    .where(eq(forumQuestions.id, questionId));
}

/**
 * Files a question under a topic, or under none (`topicId` null). Its asker may, and moderators
 * and admins may for any question; anyone else is refused. The topic must exist.
 */
export async function setQuestionTopic(db: Db, input: { questionId: number; topicId: number | null; actorId: string; moderator: boolean }) {
  if (!isRowId(input.questionId)) throw new NotFoundError("question not found");
  const [row] = await db.select({ authorId: forumQuestions.authorId, hiddenAt: forumQuestions.hiddenAt }).from(forumQuestions).where(eq(forumQuestions.id, input.questionId));
  // Readers never see a hidden question: only moderators, who see it marked, may refile it.
  if (!row || (row.hiddenAt && !input.moderator)) throw new NotFoundError("question not found");
  if (!input.moderator && row.authorId !== input.actorId) throw new ForbiddenError("not the asker");
  if (input.topicId !== null) {
    const [topic] = isRowId(input.topicId) ? await db.select({ id: forumTopics.id }).from(forumTopics).where(eq(forumTopics.id, input.topicId)) : [];
    if (!topic) throw new UnknownTopicError(String(input.topicId));
  }
  // The question's text is unchanged: it is not marked edited (updated_at stays).
  await db.update(forumQuestions).set({ topicId: input.topicId }).where(eq(forumQuestions.id, input.questionId));
}
