// Filing a question under a topic. Its asker may; moderators may for any question, and when they
// move someone else's question the moderators' record keeps a line (from which topic to which),
// written in the same transaction as the move.
import { and, eq, sql } from "drizzle-orm";
import { isRowId } from "~/lib/validation";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { recordAction } from "~/server/members/members.server";
import { questionTags } from "./forum-changes.server";
import { ForbiddenError, NotFoundError, UnknownTopicError } from "./forum-model.server";
import { forumQuestions, forumTopics } from "../../../db/schema";

const topicName = async (tx: Tx, id: number | null) =>
  id === null ? "no topic" : ((await tx.select({ name: forumTopics.name }).from(forumTopics).where(eq(forumTopics.id, id)))[0]?.name ?? "a removed topic");

/**
 * Files a question under a topic, or under none (`topicId` null). Its asker may, and moderators
 * and admins may for any question; anyone else is refused. The topic must exist.
 */
export async function setQuestionTopic({ db, changes }: Writer, input: { questionId: number; topicId: number | null; actorId: string; moderator: boolean }) {
  if (!isRowId(input.questionId)) throw new NotFoundError("question not found");
  const [row] = await db
    .select({ authorId: forumQuestions.authorId, hiddenAt: forumQuestions.hiddenAt })
    .from(forumQuestions)
    .where(eq(forumQuestions.id, input.questionId));
  // Readers never see a hidden question: only moderators, who see it marked, may refile it.
  if (!row || (row.hiddenAt && !input.moderator)) throw new NotFoundError("question not found");
  if (!input.moderator && row.authorId !== input.actorId) throw new ForbiddenError("not the asker");
  if (input.topicId !== null) {
    const [topic] = isRowId(input.topicId) ? await db.select({ id: forumTopics.id }).from(forumTopics).where(eq(forumTopics.id, input.topicId)) : [];
    if (!topic) throw new UnknownTopicError(String(input.topicId));
  }
  // The question's text is unchanged: it is not marked edited (updated_at stays).
  await changes.write(async (tx, changed) => {
    const before = await questionTags(tx, input.questionId);
    const [was] = await tx.select({ topicId: forumQuestions.topicId }).from(forumQuestions).where(eq(forumQuestions.id, input.questionId)).for("update");
    const moved = await tx
      .update(forumQuestions)
      .set({ topicId: input.topicId })
      .where(and(eq(forumQuestions.id, input.questionId), sql`${forumQuestions.topicId} is distinct from ${input.topicId}`))
      .returning({ id: forumQuestions.id });
    // Both topics' lists change: the one it leaves and the one it joins (none if it stays).
    if (moved.length) changed(...before, input.topicId !== null && tag.topic(input.topicId));
    // The asker refiling their own question is theirs to do; a moderator moving another's is recorded.
    if (moved.length && input.moderator && row.authorId !== input.actorId) {
      const detail = `${await topicName(tx, was?.topicId ?? null)} → ${await topicName(tx, input.topicId)}`;
      await recordAction(tx, {
        actorId: input.actorId,
        action: "move-topic",
        memberId: row.authorId,
        targetType: "question",
        targetId: input.questionId,
        detail,
      });
    }
  });
}
