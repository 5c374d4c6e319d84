// Following a topic: a member who follows one is told of each new question filed under it, as an
// asker is told of answers (a notice, and a mail by their choice), never of their own question.
// Which topics a member follows is theirs alone: a follow names only their private account tag,
// so no page readers share is made stale by it.
import { and, asc, eq, sql } from "drizzle-orm";
import { isRowId } from "~/lib/validation";
import { forumTopics, topicFollows } from "../../../db/schema";
import type { Db } from "~/server/infra/db.server";
import { rowsOf } from "~/server/infra/db.server";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { scheduleMailsForTopicQuestion } from "~/server/notifications/notifications.server";
import { TopicNotFoundError } from "./topics.server";

/** Starts (want true) or stops following a topic; throws TopicNotFoundError for an unknown one. */
export async function setTopicFollow({ changes }: Pick<Writer, "changes">, memberId: string, topicId: number, want: boolean) {
  if (!isRowId(topicId)) throw new TopicNotFoundError("topic not found");
  return changes.write(async (tx, changed) => {
    const [topic] = await tx.select({ id: forumTopics.id }).from(forumTopics).where(eq(forumTopics.id, topicId));
    if (!topic) throw new TopicNotFoundError("topic not found");
    const rows = want
      ? await tx.insert(topicFollows).values({ topicId, memberId }).onConflictDoNothing().returning({ id: topicFollows.topicId })
      : await tx
          .delete(topicFollows)
          .where(and(eq(topicFollows.topicId, topicId), eq(topicFollows.memberId, memberId)))
          .returning({ id: topicFollows.topicId });
    // Asking twice changes nothing and names nothing.
    if (rows.length) changed(tag.account(memberId));
    return { following: want, changed: rows.length > 0 };
  });
}

/** Whether the member follows the topic (its page's button). */
export async function followsTopic(db: Db, memberId: string, topicId: number) {
  const [row] = await db
    .select({ id: topicFollows.topicId })
    .from(topicFollows)
    .where(and(eq(topicFollows.topicId, topicId), eq(topicFollows.memberId, memberId)));
  return Boolean(row);
}

/** The topics a member follows, in the order admins set. */
export function followedTopics(db: Db, memberId: string) {
  return db
    .select({ id: forumTopics.id, slug: forumTopics.slug, name: forumTopics.name })
    .from(topicFollows)
    .innerJoin(forumTopics, eq(forumTopics.id, topicFollows.topicId))
    .where(eq(topicFollows.memberId, memberId))
    .orderBy(asc(forumTopics.position), asc(forumTopics.id));
}

/**
 * Called in the transaction that stores a new question: each follower of its topic but the asker
 * is told (one statement), and the mails their choice asks for are queued. Not for a question
 * readers cannot see, nor to a follower who muted the asker. Returns the tags of what changed: each told member's inbox, and the outbox.
 */
export async function notifyTopicFollowers(tx: Tx, questionId: number): Promise<string[]> {
  const told = rowsOf<{ member_id: string }>(
    await tx.execute(sql`
    insert into notifications (member_id, kind, question_id)
    select f.member_id, 'topic-question', q.id
    from forum_questions q join topic_follows f on f.topic_id = q.topic_id
    where q.id = ${questionId} and q.hidden_at is null and f.member_id <> q.author_id
      -- Nobody is told of a question by a member they muted.
      and not exists (select 1 from member_mutes m where m.member_id = f.member_id and m.muted_id = q.author_id)
    returning member_id`),
  );
  if (!told.length) return [];
  await scheduleMailsForTopicQuestion(tx, questionId);
  return [...told.map((r) => tag.inbox(r.member_id)), tag.mail];
}
