// Questions written straight into the database, dated hours ago, for tests of lists and pages.
import { forumAnswers, forumQuestions } from "../../db/schema";
import type { Db } from "~/server/infra/db.server";

export const HOUR = 3600_000;

/** A question by `authorId` asked `hoursAgo` hours ago, with `answers` a minute apart after it. */
export async function seedQuestion(db: Db, authorId: string, title: string, hoursAgo: number, answers: string[] = []) {
  const at = new Date(Date.now() - hoursAgo * HOUR);
  const [q] = await db
    .insert(forumQuestions)
    .values({ title, content: `Content of ${title}`, authorId, createdAt: at, updatedAt: at, answerCount: answers.length })
    .returning();
  for (const [i, content] of answers.entries()) {
    const t = new Date(at.getTime() + (i + 1) * 60_000);
    await db.insert(forumAnswers).values({ questionId: q.id, content, authorId, createdAt: t, updatedAt: t });
  }
  return q;
}
