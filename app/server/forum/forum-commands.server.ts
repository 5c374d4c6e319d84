// Changing the forum: asking, answering, editing and deleting one's own posts, helpful marks and
// the asker's choice, and following (filing under a topic is question-topic.server.ts). Each checks who may, and throws one
// of forum-model's errors when they may not; each writes in one transaction that names what it
// changed (forum-changes.server.ts), and a write that changed nothing names nothing.
import { and, eq, isNull, sql } from "drizzle-orm";
import { isRowId } from "~/lib/validation";
import type { Db } from "~/server/infra/db.server";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { inboxesAbout, questionTags } from "./forum-changes.server";
import { ForbiddenError, KeptForOthersError, LAST_ANSWER_AT, NotFoundError, OwnAnswerError } from "./forum-model.server";
import { follow, notifyAuthor, notifyOfAnswer, unfollow } from "~/server/notifications/notifications.server";
import { forumAnswers, forumQuestions, helpedMost, helpfulMarks } from "../../../db/schema";
import { rendered } from "~/server/infra/stored-html.server";
import { deleteDraftIn } from "~/server/drafts/drafts.server";
import { notifyTopicFollowers } from "./topic-follows.server";

/** A post held for a moderator's look (holds.server.ts): hidden from everyone else until approved. */
const heldNow = (held?: boolean) => (held ? { hiddenAt: new Date(), heldAt: new Date() } : {});

/**
 * Stores a question by `authorId` (always the session's user). A repeated `submissionKey` from
 * the same author returns the question already stored instead of a second one.
 */
export async function askQuestion(
  { db, changes }: Writer,
  input: { authorId: string; title: string; content: string; submissionKey?: string; topicId?: number | null; held?: boolean },
) {
  const key = input.submissionKey || null;
  const inserted = await changes.write(async (tx, changed) => {
    const rows = await tx
      .insert(forumQuestions)
      .values({
        authorId: input.authorId,
        title: input.title,
        content: input.content,
        ...rendered(input.content),
        submissionKey: key,
        topicId: input.topicId ?? null,
        ...heldNow(input.held),
      })
      .onConflictDoNothing()
      .returning({ id: forumQuestions.id });
    // The asking draft ends with the post, in the same transaction: no tab can bring it back.
    await deleteDraftIn(tx, changed, input.authorId, { kind: "question", targetId: 0 });
    if (rows[0]) {
      // The asker follows their question: they are told of every answer.
      await follow(tx, rows[0].id, input.authorId);
      // A held question tells its topic's followers when a moderator approves it (holds.server.ts).
      changed(...(await questionTags(tx, rows[0].id)), ...(input.held ? [tag.review] : await notifyTopicFollowers(tx, rows[0].id)));
    }
    return rows;
  });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await db
    .select({ id: forumQuestions.id })
    .from(forumQuestions)
    .where(and(eq(forumQuestions.authorId, input.authorId), eq(forumQuestions.submissionKey, key!)));
  return { id: existing.id, created: false };
}

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
export async function setHelpful({ db, changes }: Writer, answerId: number, memberId: string, want?: boolean): Promise<{ marked: boolean }> {
  const answer = await visibleAnswer(db, answerId);
  if (answer.authorId === memberId) throw new OwnAnswerError("own answer");
  return changes.write(async (tx, changed) => {
    if (want !== false) {
      const added = await tx.insert(helpfulMarks).values({ answerId, memberId }).onConflictDoNothing().returning({ answerId: helpfulMarks.answerId });
      if (added.length) {
        changed(tag.question(answer.questionId));
        if (answer.authorId)
          changed(...(await notifyAuthor(tx, { memberId: answer.authorId, kind: "helpful", questionId: answer.questionId, answerId, actorId: memberId })));
        return { marked: true };
      }
      if (want === true) return { marked: true };
    }
    const removed = await tx
      .delete(helpfulMarks)
      .where(and(eq(helpfulMarks.answerId, answerId), eq(helpfulMarks.memberId, memberId)))
      .returning({ answerId: helpfulMarks.answerId });
    if (removed.length) changed(tag.question(answer.questionId));
    return { marked: false };
  });
}

/** The page's Helpful button: a first press marks, a second takes the mark back. */
export const toggleHelpful = (writer: Writer, answerId: number, memberId: string) => setHelpful(writer, answerId, memberId);

/** The asker's choice set to this answer (kept if it already is; the author is told when it moves to theirs). */
export async function chooseHelpedMost({ db, changes }: Writer, questionId: number, answerId: number, askerId: string): Promise<{ answerId: number }> {
  const answer = await visibleAnswer(db, answerId);
  if (answer.questionId !== questionId) throw new NotFoundError("answer not found");
  if (answer.askerId !== askerId) throw new ForbiddenError("not the asker");
  if (answer.authorId === askerId) throw new OwnAnswerError("own answer");
  return changes.write(async (tx, changed) => {
    const moved = await tx
      .insert(helpedMost)
      .values({ questionId, answerId })
      .onConflictDoUpdate({ target: helpedMost.questionId, set: { answerId, createdAt: sql`now()` }, setWhere: sql`${helpedMost.answerId} <> ${answerId}` })
      .returning({ id: helpedMost.questionId });
    if (moved.length) changed(tag.question(questionId));
    if (moved.length && answer.authorId)
      changed(...(await notifyAuthor(tx, { memberId: answer.authorId, kind: "helped-most", questionId, answerId, actorId: askerId })));
    return { answerId };
  });
}

/** The asker clears their choice; only the asker of a visible question may. */
export async function clearHelpedMost({ db, changes }: Writer, questionId: number, askerId: string) {
  if (!isRowId(questionId)) throw new NotFoundError("question not found");
  const [question] = await db
    .select({ authorId: forumQuestions.authorId })
    .from(forumQuestions)
    .where(and(eq(forumQuestions.id, questionId), isNull(forumQuestions.hiddenAt)));
  if (!question) throw new NotFoundError("question not found");
  if (question.authorId !== askerId) throw new ForbiddenError("not the asker");
  await changes.write(async (tx, changed) => {
    const cleared = await tx.delete(helpedMost).where(eq(helpedMost.questionId, questionId)).returning({ id: helpedMost.questionId });
    if (cleared.length) changed(tag.question(questionId));
  });
}

/**
 * The asker chooses the answer that helped them most (another one moves the choice; the same one
 * again clears it). Only the asker may, and not for an answer of their own.
 */
export async function toggleHelpedMost({ db, changes }: Writer, questionId: number, answerId: number, askerId: string): Promise<{ chosen: boolean }> {
  const answer = await visibleAnswer(db, answerId);
  if (answer.questionId !== questionId) throw new NotFoundError("answer not found");
  if (answer.askerId !== askerId) throw new ForbiddenError("not the asker");
  if (answer.authorId === askerId) throw new OwnAnswerError("own answer");
  return changes.write(async (tx, changed) => {
    changed(tag.question(questionId));
    const cleared = await tx
      .delete(helpedMost)
      .where(and(eq(helpedMost.questionId, questionId), eq(helpedMost.answerId, answerId)))
      .returning({ id: helpedMost.questionId });
    if (cleared.length) return { chosen: false };
    await tx
      .insert(helpedMost)
      .values({ questionId, answerId })
      .onConflictDoUpdate({ target: helpedMost.questionId, set: { answerId, createdAt: sql`now()` } });
    if (answer.authorId) changed(...(await notifyAuthor(tx, { memberId: answer.authorId, kind: "helped-most", questionId, answerId, actorId: askerId })));
    return { chosen: true };
  });
}

/** Throws NotFoundError unless the question exists and is visible. */
async function visibleQuestion(db: Db, questionId: number) {
  if (!isRowId(questionId)) throw new NotFoundError("question not found");
  const [row] = await db
    .select({ id: forumQuestions.id })
    .from(forumQuestions)
    .where(and(eq(forumQuestions.id, questionId), isNull(forumQuestions.hiddenAt)));
  if (!row) throw new NotFoundError("question not found");
}

/**
 * A member follows a visible question (told of its answers); a missing or hidden one is not found.
 * Following is the member's own: no page anyone else sees changes.
 */
export async function followQuestion({ db }: Pick<Writer, "db">, questionId: number, memberId: string) {
  await visibleQuestion(db, questionId);
  await follow(db, questionId, memberId);
}

// Unknown and hidden questions are not found for stopping either, as for following: a client
// learns its id is wrong instead of being told it stopped following nothing.
export async function unfollowQuestion({ db }: Pick<Writer, "db">, questionId: number, memberId: string) {
  await visibleQuestion(db, questionId);
  await unfollow(db, questionId, memberId);
}

/** Stores an answer and counts it, in one transaction; idempotent per submission key. */
export async function answerQuestion(
  { changes }: Pick<Writer, "changes">,
  input: { questionId: number; authorId: string; content: string; submissionKey?: string; held?: boolean },
) {
  return changes.write(async (tx, changed) => {
    const [question] = await tx
      .select({ id: forumQuestions.id })
      .from(forumQuestions)
      .where(and(eq(forumQuestions.id, input.questionId), isNull(forumQuestions.hiddenAt)))
      .for("update");
    if (!question) throw new NotFoundError("question not found");
    // The draft of this answer ends with the post, in the same transaction.
    await deleteDraftIn(tx, changed, input.authorId, { kind: "answer", targetId: input.questionId });
    const key = input.submissionKey || null;
    const inserted = await tx
      .insert(forumAnswers)
      .values({
        questionId: input.questionId,
        authorId: input.authorId,
        content: input.content,
        ...rendered(input.content),
        submissionKey: key,
        ...heldNow(input.held),
      })
      .onConflictDoNothing()
      .returning({ id: forumAnswers.id });
    if (!inserted[0]) {
      const [existing] = await tx
        .select({ id: forumAnswers.id })
        .from(forumAnswers)
        .where(and(eq(forumAnswers.authorId, input.authorId), eq(forumAnswers.submissionKey, key!)));
      return { id: existing.id, created: false };
    }
    // Held: followed now, counted and announced when a moderator approves it (holds.server.ts).
    if (input.held) await follow(tx, input.questionId, input.authorId);
    if (input.held) return (changed(tag.review), { id: inserted[0].id, created: true });
    await tx
      .update(forumQuestions)
      .set({ answerCount: sql`${forumQuestions.answerCount} + 1`, lastAnswerAt: LAST_ANSWER_AT })
      .where(eq(forumQuestions.id, input.questionId));
    changed(...(await questionTags(tx, input.questionId)));
    changed(...(await notifyOfAnswer(tx, { questionId: input.questionId, answerId: inserted[0].id, authorId: input.authorId })));
    return { id: inserted[0].id, created: true };
  });
}

// A hidden post stays its author's to edit (to mend it before asking for another look), not to delete.
async function ownedQuestion(db: Db, id: number, authorId: string, hiddenToo = false) {
  if (!isRowId(id)) throw new NotFoundError("question not found");
  const [row] = await db.select({ authorId: forumQuestions.authorId, hiddenAt: forumQuestions.hiddenAt }).from(forumQuestions).where(eq(forumQuestions.id, id));
  if (!row || (row.hiddenAt && !(hiddenToo && row.authorId === authorId))) throw new NotFoundError("question not found");
  if (row.authorId !== authorId) throw new ForbiddenError("not the author");
}

async function ownedAnswer(db: Db, id: number, authorId: string, hiddenToo = false) {
  if (!isRowId(id)) throw new NotFoundError("answer not found");
  const [row] = await db
    .select({ authorId: forumAnswers.authorId, questionId: forumAnswers.questionId, hiddenAt: forumAnswers.hiddenAt })
    .from(forumAnswers)
    .where(eq(forumAnswers.id, id));
  if (!row || (row.hiddenAt && !(hiddenToo && row.authorId === authorId))) throw new NotFoundError("answer not found");
  if (row.authorId !== authorId) throw new ForbiddenError("not the author");
  return row;
}

export async function editQuestion({ db, changes }: Writer, input: { id: number; authorId: string; title: string; content: string }) {
  await ownedQuestion(db, input.id, input.authorId, true);
  await changes.write(async (tx, changed) => {
    // A draft of this edit (kept through the API) ends with the edit, as a post's does.
    await deleteDraftIn(tx, changed, input.authorId, { kind: "edit-question", targetId: input.id });
    await tx
      .update(forumQuestions)
      .set({ title: input.title, content: input.content, ...rendered(input.content), updatedAt: new Date() })
      .where(eq(forumQuestions.id, input.id));
    changed(...(await questionTags(tx, input.id)));
  });
}

export async function deleteQuestion({ db, changes }: Writer, input: { id: number; authorId: string }) {
  await ownedQuestion(db, input.id, input.authorId);
  await changes.write(async (tx, changed) => {
    // Checked under the question's lock, which an answer being stored also takes: an answer
    // cannot slip in between the check and the delete.
    await tx.select({ id: forumQuestions.id }).from(forumQuestions).where(eq(forumQuestions.id, input.id)).for("update");
    const [others] = await tx
      .select({ id: forumAnswers.id })
      .from(forumAnswers)
      .where(and(eq(forumAnswers.questionId, input.id), sql`${forumAnswers.authorId} is distinct from ${input.authorId}`))
      .limit(1);
    if (others) throw new KeptForOthersError("answered by others");
    // Named before it goes: its topic, and the inboxes that counted notices about it.
    changed(...(await questionTags(tx, input.id)), ...(await inboxesAbout(tx, { questionId: input.id })));
    await tx.delete(forumQuestions).where(eq(forumQuestions.id, input.id));
  });
}

export async function editAnswer({ db, changes }: Writer, input: { id: number; authorId: string; content: string }) {
  const row = await ownedAnswer(db, input.id, input.authorId, true);
  await changes.write(async (tx, changed) => {
    await deleteDraftIn(tx, changed, input.authorId, { kind: "edit-answer", targetId: input.id });
    await tx
      .update(forumAnswers)
      .set({ content: input.content, ...rendered(input.content), updatedAt: new Date() })
      .where(eq(forumAnswers.id, input.id));
    changed(...(await questionTags(tx, row.questionId)));
  });
  return row.questionId;
}

/** Whether anyone marked the answer helpful or chose it as the one that helped them most. */
async function markedByOthers(tx: Tx, answerId: number) {
  const [mark] = await tx.select({ id: helpfulMarks.answerId }).from(helpfulMarks).where(eq(helpfulMarks.answerId, answerId)).limit(1);
  const [chosen] = mark ? [mark] : await tx.select({ id: helpedMost.answerId }).from(helpedMost).where(eq(helpedMost.answerId, answerId)).limit(1);
  return Boolean(chosen);
}

export async function deleteAnswer({ db, changes }: Writer, input: { id: number; authorId: string }) {
  const row = await ownedAnswer(db, input.id, input.authorId);
  await changes.write(async (tx, changed) => {
    if (await markedByOthers(tx, input.id)) throw new KeptForOthersError("marked helpful");
    changed(...(await questionTags(tx, row.questionId)), ...(await inboxesAbout(tx, { answerId: input.id })));
    await tx.delete(forumAnswers).where(eq(forumAnswers.id, input.id));
    await tx
      .update(forumQuestions)
      .set({ answerCount: sql`greatest(${forumQuestions.answerCount} - 1, 0)`, lastAnswerAt: LAST_ANSWER_AT })
      .where(eq(forumQuestions.id, row.questionId));
  });
  return row.questionId;
}

export { recountAnswers } from "./answer-count.server";
