// A hidden post as its author meets it: told once when it is hidden (the bell, and a mail as their
// mail choice says), with the report reason a moderator acted on and never who reported it; and
// one request per hiding for another look, which puts the post back in the moderators' queue.
import { and, desc, eq, sql } from "drizzle-orm";
import { HIDDEN_KIND, LOOK_AGAIN_CATEGORY } from "~/lib/hidden-posts";
import { URGENT_CATEGORY } from "~/lib/report-reasons";
import { isRowId } from "~/lib/validation";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { scheduleMailsForNotification } from "~/server/notifications/notifications.server";
import { NotFoundError } from "./forum-model.server";
import { forumAnswers, forumQuestions, notifications, reports } from "../../../db/schema";

export type PostType = "question" | "answer";

export class AlreadyAskedError extends Error {}

const tableOf = (type: PostType) => (type === "question" ? forumQuestions : forumAnswers);

/** The post's author, its question and whether it is hidden now (before a hide changes it). */
export async function postState(tx: Tx, type: PostType, id: number) {
  const t = tableOf(type);
  const [row] = await tx
    .select({
      authorId: t.authorId,
      hiddenAt: t.hiddenAt,
      lookAskedAt: t.lookAskedAt,
      questionId: type === "question" ? forumQuestions.id : forumAnswers.questionId,
    })
    .from(t)
    .where(eq(t.id, id));
  return row ?? null;
}

/**
 * The reason its author is told: the most reported open reason ("at risk" first, then the
 * oldest), or null when a moderator hid it without a report. An author's own request is no reason.
 */
async function reasonFor(tx: Tx, type: PostType, id: number) {
  const [row] = await tx
    .select({ category: reports.category, n: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, "open"), sql`${reports.category} <> ${LOOK_AGAIN_CATEGORY}`))
    .groupBy(reports.category)
    .orderBy(desc(sql`${reports.category} = ${URGENT_CATEGORY}`), desc(sql`count(*)`), sql`min(${reports.createdAt})`)
    .limit(1);
  return row?.category ?? null;
}

/**
 * Called in the transaction that hides a post, before its reports are resolved. When the post
 * was visible until now, records why and tells its author (a new hiding: they may ask again).
 * Returns the tags of what changed.
 */
export async function tellAuthorOfHiding(tx: Tx, type: PostType, id: number, before: { authorId: string | null; hiddenAt: Date | null; questionId: number }) {
  if (before.hiddenAt) return [];
  const reason = await reasonFor(tx, type, id);
  const t = tableOf(type);
  await tx.update(t).set({ hiddenReason: reason, lookAskedAt: null }).where(eq(t.id, id));
  if (!before.authorId) return [];
  const [notice] = await tx
    .insert(notifications)
    .values({ memberId: before.authorId, kind: HIDDEN_KIND, questionId: before.questionId, answerId: type === "answer" ? id : null, reason })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!notice) return [];
  await scheduleMailsForNotification(tx, notice.id);
  return [tag.inbox(before.authorId), tag.mail];
}

/**
 * The author of a hidden post asks a moderator to look at it again: once per hiding. It waits in
 * the moderators' queue as a report of its own, with the post's words as they are now.
 */
export async function askForAnotherLook({ changes }: Pick<Writer, "changes">, input: { type: PostType; id: number; authorId: string }) {
  if (!isRowId(input.id)) throw new NotFoundError("post not found");
  const t = tableOf(input.type);
  await changes.write(async (tx, changed) => {
    const [row] = await tx
      .select({ authorId: t.authorId, hiddenAt: t.hiddenAt, heldAt: t.heldAt, lookAskedAt: t.lookAskedAt, content: t.content })
      .from(t)
      .where(eq(t.id, input.id))
      .for("update");
    // Only its author learns that it is hidden: to anyone else it is not there.
    // A held post waits for its first look already: there is nothing to ask again.
    if (!row || !row.hiddenAt || row.heldAt || row.authorId !== input.authorId) throw new NotFoundError("post not found");
    if (row.lookAskedAt) throw new AlreadyAskedError("already asked");
    const [title] =
      input.type === "question" ? await tx.select({ title: forumQuestions.title }).from(forumQuestions).where(eq(forumQuestions.id, input.id)) : [];
    await tx.update(t).set({ lookAskedAt: new Date() }).where(eq(t.id, input.id));
    await tx.insert(reports).values({
      targetType: input.type,
      targetId: input.id,
      reporterId: input.authorId,
      category: LOOK_AGAIN_CATEGORY,
      reason: "",
      reportedTitle: title?.title ?? null,
      reportedText: row.content,
    });
    // The author's own page shows that they asked: the question's shared read changes with it.
    const state = await postState(tx, input.type, input.id);
    changed(tag.review, state && tag.question(state.questionId));
  });
}
