// A question's count of visible answers and its last answer's time, recomputed after a change
// that shows or hides an answer (hiding, restoring, approving a held one).
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/server/infra/db.server";
import type { Tx } from "~/server/infra/change-events.server";
import { LAST_ANSWER_AT } from "./forum-model.server";
import { forumQuestions } from "../../../db/schema";

/** Recomputes a question's visible-answer count and last answer (after hiding or restoring an answer). */
export async function recountAnswers(db: Db | Tx, questionId: number) {
  await db
    .update(forumQuestions)
    .set({
      answerCount: sql`(select count(*)::int from forum_answers a where a.question_id = ${questionId} and a.hidden_at is null)`,
      lastAnswerAt: LAST_ANSWER_AT,
    })
    .where(eq(forumQuestions.id, questionId));
}
