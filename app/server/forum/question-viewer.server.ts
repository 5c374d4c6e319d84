// What a member's own view of a question adds to the shared page data: whether they follow it and
// which of its answers they marked helpful, and whether notifications about it are still unread
// (the page then marks them read: it shows every answer), and until when a moderator paused their
// posting, if they did. Read per request, in one statement.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/server/infra/db.server";

export async function viewerMarks(
  db: Db,
  questionId: number,
  memberId: string,
): Promise<{ following: boolean; helpful: number[]; unread: boolean; silencedUntil: string | null }> {
  const [row] = rowsOf<{ following: boolean; helpful: number[] | null; unread: boolean; silenced_until: Date | string | null }>(
    await db.execute(sql`
      select
        exists (select 1 from question_follows where question_id = ${questionId} and member_id = ${memberId}) as following,
        (select array_agg(m.answer_id) from helpful_marks m join forum_answers a on a.id = m.answer_id
          where a.question_id = ${questionId} and m.member_id = ${memberId}) as helpful,
        exists (select 1 from notifications where question_id = ${questionId} and member_id = ${memberId} and read_at is null) as unread,
        (select silenced_until from users where id = ${memberId} and silenced_until > now()) as silenced_until`),
  );
  return {
    following: Boolean(row?.following),
    helpful: (row?.helpful ?? []).map(Number),
    unread: Boolean(row?.unread),
    silencedUntil: row?.silenced_until ? new Date(row.silenced_until).toISOString() : null,
  };
}

type Post = { authorId: string | null; hidden: boolean };

/**
 * A question as one member sees it, from the data with hidden posts (read for every signed-in
 * member): moderators see all; anyone else sees a hidden post only when they wrote it. Null when
 * the question itself is hidden from them.
 */
export function seenBy<Q extends Post & { answers: A[] }, A extends Post>(question: Q | null, viewerId: string | null, moderator: boolean): Q | null {
  if (!question || moderator) return question;
  const own = (p: Post) => !p.hidden || (viewerId !== null && p.authorId === viewerId);
  if (!own(question)) return null;
  return { ...question, answers: question.answers.filter(own) };
}
