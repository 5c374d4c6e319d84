// What the forum's reads return and its commands refuse: the views of questions and answers, the
// columns and rows they are made from (one definition each), and the errors.
import { sql } from "drizzle-orm";
import { PROFILE_LINK } from "~/server/members/members.server";
import { forumQuestions, forumTopics, profiles } from "../../../db/schema";
import { shownName } from "~/server/members/members.server";

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

/**
 * A post's author as shown: the stored name as shownName lets it be shown, else 'Anonymous', and
 * the profile link only beside a name ('Anonymous' never links anywhere).
 */
function authorOf(r: { displayName: string | null; profileHandle: string | null }) {
  const name = shownName(r.displayName);
  return { authorName: name ?? ANONYMOUS, authorProfile: name ? (r.profileHandle ?? null) : null };
}
export const iso = (d: Date | string) => new Date(d).toISOString();

export const questionColumns = {
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

/** A row of questionColumns, as a select of them returns it. */
export interface QuestionRow {
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
}

export function toQuestion(r: QuestionRow): QuestionView {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    authorId: r.authorId,
    ...authorOf(r),
    answerCount: r.answerCount,
    topic: r.topicSlug && r.topicName ? { slug: r.topicSlug, name: r.topicName } : null,
  };
}

/** An answer with its author's profile, as a select or a raw statement returns it. */
export interface AnswerRow {
  id: number;
  questionId: number;
  content: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  authorId: string | null;
  displayName: string | null;
  profileHandle: string | null;
}

export function toAnswer(a: AnswerRow): AnswerView {
  return {
    id: a.id,
    questionId: a.questionId,
    content: a.content,
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
    authorId: a.authorId,
    ...authorOf(a),
  };
}

export class NotFoundError extends Error {}
/** A topic id (or slug) that names no topic. */
export class UnknownTopicError extends Error {}
export class ForbiddenError extends Error {}
/** A member marking their own answer (helpful, or helped most). */
export class OwnAnswerError extends Error {}
/**
 * Deleting a post that others built on: a question another member answered, or an answer others
 * marked helpful. What they wrote and marked is theirs too, so only a moderator may take it away.
 */
export class KeptForOthersError extends Error {}
