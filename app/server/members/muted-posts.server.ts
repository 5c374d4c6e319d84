// Which posts in a list a member muted the author of, asked per request after the shared read:
// the lists every reader shares stay as they are, and only the muting member's own page (never
// stored) folds those posts. One statement for a list's questions and answers together.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/server/infra/db.server";
import { shownName } from "./account-policy.server";
import { forumAnswers, forumQuestions, memberMutes, profiles } from "../../../db/schema";

/** A post in a list, folded for its reader: the muted author's name for "Hidden because you muted …". */
export type MutedPosts = { questions: Map<number, string>; answers: Map<number, string> };

const NONE: MutedPosts = { questions: new Map(), answers: new Map() };

/** The questions and answers among these ids whose authors `memberId` muted, each with that author's name. */
export async function mutedPostsAmong(db: Db, memberId: string, ids: { questions?: number[]; answers?: number[] }): Promise<MutedPosts> {
  const questionIds = [...new Set(ids.questions ?? [])];
  const answerIds = [...new Set(ids.answers ?? [])];
  if (!questionIds.length && !answerIds.length) return NONE;
  const muted = and(eq(memberMutes.memberId, memberId), eq(memberMutes.mutedId, profiles.id));
  // An empty list on one side selects nothing there (no "in ()" sent to the database).
  const questions = db
    .select({ kind: sql<string>`'question'`.as("kind"), id: forumQuestions.id, name: profiles.displayName })
    .from(forumQuestions)
    .innerJoin(profiles, eq(profiles.id, forumQuestions.authorId))
    .innerJoin(memberMutes, muted)
    .where(questionIds.length ? inArray(forumQuestions.id, questionIds) : sql`false`);
  const answers = db
    .select({ kind: sql<string>`'answer'`.as("kind"), id: forumAnswers.id, name: profiles.displayName })
    .from(forumAnswers)
    .innerJoin(profiles, eq(profiles.id, forumAnswers.authorId))
    .innerJoin(memberMutes, muted)
    .where(answerIds.length ? inArray(forumAnswers.id, answerIds) : sql`false`);
  const rows = await questions.unionAll(answers);
  const found: MutedPosts = { questions: new Map(), answers: new Map() };
  for (const row of rows) (row.kind === "question" ? found.questions : found.answers).set(row.id, shownName(row.name) ?? "A member");
  return found;
}

/** A list's question with `muted` (the author's name) only when this reader muted its author: readers' data stays as it was. */
export function foldMuted<T extends { id: number }>(items: readonly T[], muted: Map<number, string>): (T & { muted?: string })[] {
  return items.map((item) => {
    const name = muted.get(item.id);
    return name === undefined ? item : { ...item, muted: name };
  });
}

/** The forum's rows (/forum, a topic's page): questions and their recent answers by muted authors folded for this member. */
export async function foldMutedQuestions<A extends { id: number }, Q extends { id: number; recentAnswers: readonly A[] }>(
  db: Db,
  memberId: string | null,
  questions: readonly Q[],
) {
  if (!memberId || !questions.length) return questions as (Q & { muted?: string })[];
  const muted = await mutedPostsAmong(db, memberId, {
    questions: questions.map((q) => q.id),
    answers: questions.flatMap((q) => q.recentAnswers.map((a) => a.id)),
  });
  if (!muted.questions.size && !muted.answers.size) return questions as (Q & { muted?: string })[];
  return foldMuted(questions, muted.questions).map((q) => ({ ...q, recentAnswers: foldMuted(q.recentAnswers, muted.answers) }));
}
