// What a change to a question shows on, for the commands that make one: the question's page, the
// whole forum's lists and its topic's lists; and whose unread counts a hidden or restored post
// changes. Read inside the command's transaction, so the tags match what it wrote.
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import { forumQuestions, notifications } from "../../../db/schema";
import { tag } from "~/server/infra/change-tags.server";
import type { Tx } from "~/server/infra/change-events.server";
import type { Db } from "~/server/infra/db.server";

/** The tags of question `id`: its page, the forum's lists and its topic's (none when it is gone). */
export async function questionTags(db: Db | Tx, id: number): Promise<string[]> {
  const [row] = await db.select({ topicId: forumQuestions.topicId }).from(forumQuestions).where(eq(forumQuestions.id, id));
  return row ? [tag.question(id), tag.forum, ...(row.topicId === null ? [] : [tag.topic(row.topicId)])] : [tag.question(id), tag.forum];
}

/** The inboxes whose unread count depends on a question or an answer (unread notices about it). */
export async function inboxesAbout(db: Db | Tx, about: { questionId?: number; answerId?: number }): Promise<string[]> {
  const conditions: SQL[] = [];
  if (about.questionId !== undefined) conditions.push(eq(notifications.questionId, about.questionId));
  if (about.answerId !== undefined) conditions.push(eq(notifications.answerId, about.answerId));
  if (!conditions.length) return [];
  const rows = await db
    .selectDistinct({ memberId: notifications.memberId })
    .from(notifications)
    .where(and(or(...conditions), isNull(notifications.readAt)));
  return rows.map((r) => tag.inbox(r.memberId));
}
