// New members' posts held for a look, and the same words posted twice. A new member (an account
// younger than a day, or with fewer than 3 approved posts) whose post has a link, or an account in
// its first day posting more than 3 times, has the post stored but held: hidden from everyone but
// its author (hidden_at and held_at both set, so every list leaves it out as it does hidden posts)
// until a moderator approves it. HOLD_NEW_MEMBERS_POSTS=false turns both rules off.
import { and, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import { isRowId } from "~/lib/validation";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import type { Db } from "~/server/infra/db.server";
import { inboxesAbout, questionTags } from "./forum-changes.server";
import { recountAnswers } from "./forum-commands.server";
import { NotFoundError } from "./forum-model.server";
import { postState, tellAuthorOfHiding, type PostType } from "./hidden-posts.server";
import { notifyOfAnswer } from "~/server/notifications/notifications.server";
import { notifyTopicFollowers } from "./topic-follows.server";
import { recordAction } from "~/server/members/members.server";
import { forumAnswers, forumQuestions, profiles, users } from "../../../db/schema";

export const NEW_MEMBER_HOURS = 24;
export const APPROVED_POSTS_NEEDED = 3;
export const FIRST_DAY_POSTS = 3;
export const REPEATED_TEXT = "You have already posted these exact words today. Please add something new, or edit your earlier post instead.";

// A web address, a "www." name, a Markdown link, or a bare domain with a common ending.
const LINK = /\bhttps?:\/\/|\bwww\.|\]\(|\b[a-z0-9-]+\.(?:com|net|org|info|biz|shop|store|online|site|xyz|io|co|me|ru|cn|top|click|link)\b/i;
export const hasLink = (...texts: string[]) => texts.some((t) => LINK.test(t));

const DAY = sql`now() - interval '1 day'`;

/** What to do with a new post: refuse it (the same words again), hold it, or show it. */
export async function screenPost(db: Db, input: { authorId: string; texts: string[]; content: string; submissionKey?: string; on: boolean }) {
  if (!input.on) return { refuse: null, hold: false };
  const key = input.submissionKey ?? null;
  // The same words again within a day; a form sent twice (the same submission key) is not "again".
  const again = (table: typeof forumQuestions | typeof forumAnswers) =>
    db
      .select({ n: count() })
      .from(table)
      .where(
        and(
          eq(table.authorId, input.authorId),
          eq(table.content, input.content),
          gt(table.createdAt, DAY),
          // Without a key (the API may send none), every earlier post counts.
          key === null ? undefined : sql`${table.submissionKey} is distinct from ${key}`,
        ),
      );
  const [[q], [a]] = await Promise.all([again(forumQuestions), again(forumAnswers)]);
  if (q.n + a.n > 0) return { refuse: REPEATED_TEXT, hold: false };
  const [member] = await db
    .select({
      role: users.role,
      young: sql<boolean>`${users.createdAt} > now() - make_interval(hours => ${NEW_MEMBER_HOURS})`,
      approved: sql<number>`(select count(*)::int from forum_questions q where q.author_id = ${input.authorId} and q.hidden_at is null)
        + (select count(*)::int from forum_answers a where a.author_id = ${input.authorId} and a.hidden_at is null)`,
      today: sql<number>`(select count(*)::int from forum_questions q where q.author_id = ${input.authorId} and q.created_at > ${DAY})
        + (select count(*)::int from forum_answers a where a.author_id = ${input.authorId} and a.created_at > ${DAY})`,
    })
    .from(users)
    .where(eq(users.id, input.authorId));
  if (!member || member.role === "moderator" || member.role === "admin") return { refuse: null, hold: false };
  const isNew = member.young || Number(member.approved) < APPROVED_POSTS_NEEDED;
  const hold = (isNew && hasLink(...input.texts)) || (member.young && Number(member.today) >= FIRST_DAY_POSTS);
  return { refuse: null, hold };
}

export interface HeldPost {
  targetType: PostType;
  targetId: number;
  questionId: number;
  title: string;
  content: string;
  authorName: string;
  createdAt: string;
}

/** Held posts, oldest first: what waits for a moderator's approval beside the reports. */
export async function listHeld(db: Db, limit = 100): Promise<HeldPost[]> {
  const [questions, answers] = await Promise.all([
    db
      .select({
        id: forumQuestions.id,
        title: forumQuestions.title,
        content: forumQuestions.content,
        name: profiles.displayName,
        createdAt: forumQuestions.createdAt,
      })
      .from(forumQuestions)
      .leftJoin(profiles, eq(profiles.id, forumQuestions.authorId))
      .where(isNotNull(forumQuestions.heldAt))
      .limit(limit),
    db
      .select({
        id: forumAnswers.id,
        questionId: forumAnswers.questionId,
        title: forumQuestions.title,
        content: forumAnswers.content,
        name: profiles.displayName,
        createdAt: forumAnswers.createdAt,
      })
      .from(forumAnswers)
      .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
      .leftJoin(profiles, eq(profiles.id, forumAnswers.authorId))
      .where(isNotNull(forumAnswers.heldAt))
      .limit(limit),
  ]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  return [
    ...questions.map((q) => ({
      targetType: "question" as const,
      targetId: q.id,
      questionId: q.id,
      title: q.title,
      content: q.content,
      authorName: q.name?.trim() || "Anonymous",
      createdAt: iso(q.createdAt),
    })),
    ...answers.map((a) => ({
      targetType: "answer" as const,
      targetId: a.id,
      questionId: a.questionId,
      title: a.title,
      content: a.content,
      authorName: a.name?.trim() || "Anonymous",
      createdAt: iso(a.createdAt),
    })),
  ].sort((x, y) => x.createdAt.localeCompare(y.createdAt));
}

/** How many posts wait for approval (part of the count beside Admin). */
export async function countHeld(db: Db) {
  const [[q], [a]] = await Promise.all([
    db.select({ n: count() }).from(forumQuestions).where(isNotNull(forumQuestions.heldAt)),
    db.select({ n: count() }).from(forumAnswers).where(isNotNull(forumAnswers.heldAt)),
  ]);
  return q.n + a.n;
}

/**
 * A moderator approves a held post (it shows, and now tells the question's or the topic's followers)
 * or rejects it (it stays hidden, and its author is told as when a moderator hides a post).
 */
export async function decideHeld({ changes }: Pick<Writer, "changes">, type: PostType, id: number, approve: boolean, moderatorId: string) {
  if (!isRowId(id)) throw new NotFoundError("post not found");
  return changes.write(async (tx, changed) => {
    const t = type === "question" ? forumQuestions : forumAnswers;
    const before = await postState(tx, type, id);
    const rows = await tx
      .update(t)
      .set(approve ? { heldAt: null, hiddenAt: null } : { heldAt: null })
      .where(and(eq(t.id, id), isNotNull(t.heldAt)))
      .returning({ id: t.id });
    if (!rows.length || !before) return false;
    await recordAction(tx, { actorId: moderatorId, action: approve ? "approve" : "reject", memberId: before.authorId, targetType: type, targetId: id });
    changed(tag.review, ...(await questionTags(tx, before.questionId)));
    if (!approve) {
      changed(...(await tellAuthorOfHiding(tx, type, id, { ...before, hiddenAt: null })));
      return true;
    }
    if (type === "question") changed(...(await notifyTopicFollowers(tx, id)));
    if (type === "answer") {
      await recountAnswers(tx, before.questionId);
      if (before.authorId) changed(...(await notifyOfAnswer(tx, { questionId: before.questionId, answerId: id, authorId: before.authorId })));
      changed(...(await inboxesAbout(tx, { answerId: id })));
    }
    return true;
  });
}
