// Several reports hide a post until a moderator looks: reports of one post by `REPORTS_TO_HIDE`
// different established members hide it at once. Its reports stay open, so it waits in the queue
// where a moderator can restore it; its author is told as when a moderator hides it.
import { eq, sql } from "drizzle-orm";
import { LOOK_AGAIN_CATEGORY } from "~/lib/hidden-posts";
import type { Tx } from "~/server/infra/change-events.server";
import { rowsOf } from "~/server/infra/db.server";
import { inboxesAbout, questionTags } from "~/server/forum/forum.server";
import { recountAnswers } from "~/server/forum/forum.server";
import { postState, tellAuthorOfHiding, type PostType } from "~/server/forum/forum.server";
import { forumAnswers, forumQuestions } from "../../../db/schema";

/**
 * An established member: an account at least 7 days old with at least one post of its own that
 * others can see. Fresh accounts made to bury a post count for nothing, however many there are.
 */
export const ESTABLISHED_DAYS = 7;
const established = (member: ReturnType<typeof sql>) => sql`exists (
  select 1 from users u where u.id = ${member} and u.created_at <= now() - make_interval(days => ${ESTABLISHED_DAYS})
    and (exists (select 1 from forum_questions q where q.author_id = u.id and q.hidden_at is null)
      or exists (select 1 from forum_answers a where a.author_id = u.id and a.hidden_at is null)))`;

/** In the transaction that stored a report: hides the post when enough established members reported it. */
export async function hideIfReportedEnough(tx: Tx, type: PostType, id: number, threshold: number): Promise<string[]> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(distinct r.reporter_id)::int as n from reports r
      where r.target_type = ${type} and r.target_id = ${id} and r.status = 'open' and r.category <> ${LOOK_AGAIN_CATEGORY}
        and ${established(sql`r.reporter_id`)}`),
  );
  if ((row?.n ?? 0) < threshold) return [];
  const before = await postState(tx, type, id);
  if (!before || before.hiddenAt) return [];
  const tags = await tellAuthorOfHiding(tx, type, id, before);
  if (type === "question") {
    await tx.update(forumQuestions).set({ hiddenAt: new Date() }).where(eq(forumQuestions.id, id));
    return [...tags, ...(await questionTags(tx, id)), ...(await inboxesAbout(tx, { questionId: id }))];
  }
  await tx.update(forumAnswers).set({ hiddenAt: new Date() }).where(eq(forumAnswers.id, id));
  await recountAnswers(tx, before.questionId);
  return [...tags, ...(await questionTags(tx, before.questionId)), ...(await inboxesAbout(tx, { answerId: id }))];
}
