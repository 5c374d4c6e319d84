// Following questions and being told of answers. The asker and everyone who answers follow a
// question by themselves; any member may follow or unfollow it. A new answer tells the asker
// ('answer') and the other followers ('followed'), never its own author. Lists and counts leave
// out what readers cannot see (a hidden question or answer), so nothing hidden is announced.
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/server/infra/db.server";
import { rowsOf } from "~/server/infra/db.server";
import { tag } from "~/server/infra/change-tags.server";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { scheduleMailsForAnswer } from "./email/outbox.server";
import { isStoryKind, STORY_KINDS, type StoryKind } from "~/lib/story-notices";
import { REPORT_KINDS, REPORT_PATHS, type ReportKind } from "~/lib/report-notices";
import { blogPosts, forumAnswers, forumQuestions, memberMutes, notifications, profiles, questionFollows } from "../../../db/schema";
import { shownName } from "~/server/members/members.server";
import { HIDDEN_KIND } from "~/lib/hidden-posts";

export const NOTIFICATIONS_PAGE_SIZE = 30;
/** A new question filed under a topic the member follows (topic-follows.server.ts). */
const TOPIC_QUESTION = "topic-question";
const asker = alias(profiles, "asker");
const ANONYMOUS = "Anonymous";

export async function follow(db: Db | Tx, questionId: number, memberId: string) {
  await db.insert(questionFollows).values({ questionId, memberId }).onConflictDoNothing();
}

export async function unfollow(db: Db, questionId: number, memberId: string) {
  await db.delete(questionFollows).where(and(eq(questionFollows.questionId, questionId), eq(questionFollows.memberId, memberId)));
}

/**
 * Called in the transaction that stores a new answer: its author follows the question, and the
 * asker and the other followers are told (one statement each). Returns the tags of what changed:
 * each told member's inbox, and the mail outbox.
 */
export async function notifyOfAnswer(tx: Tx, input: { questionId: number; answerId: number; authorId: string }): Promise<string[]> {
  await follow(tx, input.questionId, input.authorId);
  const told = rowsOf<{ member_id: string }>(
    await tx.execute(sql`
    insert into notifications (member_id, kind, question_id, answer_id)
    select f.member_id, case when f.member_id = q.author_id then 'answer' else 'followed' end, q.id, ${input.answerId}
    from question_follows f join forum_questions q on q.id = f.question_id
    where f.question_id = ${input.questionId} and f.member_id <> ${input.authorId}
      -- Nobody is told of an answer by a member they muted (nor mailed).
      and not exists (select 1 from member_mutes m where m.member_id = f.member_id and m.muted_id = ${input.authorId})
    on conflict do nothing
    returning member_id`),
  );
  if (!told.length) return [];
  await scheduleMailsForAnswer(tx, input.answerId);
  return [...told.map((r) => tag.inbox(r.member_id)), tag.mail];
}

/**
 * Tells an answer's author that it was marked helpful, or chosen as the one that helped most.
 * Returns the tags of what changed (their inbox and the outbox), none when they had been told.
 */
export async function notifyAuthor(
  tx: Tx,
  { actorId, ...input }: { memberId: string; kind: "helpful" | "helped-most"; questionId: number; answerId: number; actorId: string },
) {
  // A member the author muted cannot notify them.
  const [muted] = await tx
    .select({ id: memberMutes.id })
    .from(memberMutes)
    .where(and(eq(memberMutes.memberId, input.memberId), eq(memberMutes.mutedId, actorId)));
  if (muted) return [];
  const added = await tx.insert(notifications).values(input).onConflictDoNothing().returning({ id: notifications.id });
  if (!added.length) return [];
  await scheduleMailsForAnswer(tx, input.answerId);
  return [tag.inbox(input.memberId), tag.mail];
}

// Only what readers can see: the question and the answer both visible. A notice about the
// account itself (a passkey added) or an editor's decision on the member's story has neither and
// is always shown to its member.
const ACCOUNT_KINDS = ["passkey-added", ...REPORT_KINDS, ...STORY_KINDS] as const;
// A new question in a followed topic has no answer: shown while the question is (on the site's
// list; the API's list keeps to answers and marks). A hidden post's notice is its author's, about
// the hidden post itself: shown while the post exists.
const visibleOrAccount = (accountNotices: boolean) =>
  or(
    and(
      isNotNull(forumQuestions.id),
      isNotNull(forumAnswers.id),
      isNull(forumQuestions.hiddenAt),
      isNull(forumAnswers.hiddenAt),
      sql`${notifications.kind} <> ${HIDDEN_KIND}`,
    ),
    accountNotices ? and(eq(notifications.kind, TOPIC_QUESTION), isNotNull(forumQuestions.id), isNull(forumQuestions.hiddenAt)) : sql`false`,
    accountNotices ? and(isNull(notifications.questionId), inArray(notifications.kind, [...ACCOUNT_KINDS])) : sql`false`,
    accountNotices ? and(eq(notifications.kind, HIDDEN_KIND), isNotNull(forumQuestions.id)) : sql`false`,
  );

/** How many notifications a member has not read (the top bar's count; the API's counts forum ones). */
export async function unreadCount(db: Db, memberId: string, options: { accountNotices?: boolean } = {}): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(forumQuestions, eq(forumQuestions.id, notifications.questionId))
    .leftJoin(forumAnswers, eq(forumAnswers.id, notifications.answerId))
    .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt), visibleOrAccount(options.accountNotices ?? true)));
  return row.n;
}

type Kind = "answer" | "followed" | "helpful" | "helped-most";
type ForumItem = {
  id: number;
  kind: Kind;
  questionId: number;
  questionTitle: string;
  answerId: number;
  authorName: string;
  createdAt: string;
  unread: boolean;
};
type AccountItem = {
  id: number;
  kind: "passkey-added" | ReportKind;
  questionId: null;
  questionTitle: null;
  answerId: null;
  authorName: null;
  createdAt: string;
  unread: boolean;
};
/** A new question in a followed topic: `authorName` is its asker's. */
type TopicItem = Omit<ForumItem, "kind" | "answerId"> & { kind: typeof TOPIC_QUESTION; answerId: null };
/** `postPublished`: whether the story is on the blog now (null once it is gone). */
type StoryItem = Omit<AccountItem, "kind"> & { kind: StoryKind; postTitle: string; postPublished: boolean | null };
/** One of the member's posts was hidden: its question's title and the reason (an entry of its own). */
type HiddenItem = Omit<AccountItem, "kind"> & { kind: typeof HIDDEN_KIND; postTitle: string; hiddenWhat: "question" | "answer"; reason: string | null };

/** One page of a member's notifications, newest first, read and unread (the API lists forum ones). */
export async function listNotifications(
  db: Db,
  memberId: string,
  page?: number,
): Promise<{ items: (ForumItem | TopicItem | AccountItem | StoryItem | HiddenItem)[]; hasMore: boolean }>;
export async function listNotifications(
  db: Db,
  memberId: string,
  page: number,
  options: { accountNotices: false },
): Promise<{ items: ForumItem[]; hasMore: boolean }>;
export async function listNotifications(db: Db, memberId: string, page = 1, options: { accountNotices?: boolean } = {}) {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      questionId: notifications.questionId,
      questionTitle: forumQuestions.title,
      answerId: notifications.answerId,
      authorName: profiles.displayName,
      askerName: asker.displayName,
      postTitle: notifications.postTitle,
      reason: notifications.reason,
      postPublished: blogPosts.published,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(forumQuestions, eq(forumQuestions.id, notifications.questionId))
    .leftJoin(forumAnswers, eq(forumAnswers.id, notifications.answerId))
    .leftJoin(profiles, eq(profiles.id, forumAnswers.authorId))
    .leftJoin(asker, eq(asker.id, forumQuestions.authorId))
    .leftJoin(blogPosts, eq(blogPosts.id, notifications.postId))
    .where(and(eq(notifications.memberId, memberId), visibleOrAccount(options.accountNotices ?? true)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * NOTIFICATIONS_PAGE_SIZE);
  return {
    items: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((r): ForumItem | TopicItem | AccountItem | StoryItem | HiddenItem => {
      const createdAt = new Date(r.createdAt).toISOString();
      if (r.kind === TOPIC_QUESTION && r.questionId !== null && r.questionTitle !== null) {
        const { questionId, questionTitle } = r;
        return {
          id: r.id,
          kind: TOPIC_QUESTION,
          questionId,
          questionTitle,
          answerId: null,
          authorName: shownName(r.askerName) ?? ANONYMOUS,
          createdAt,
          unread: r.readAt === null,
        };
      }
      if (r.kind === HIDDEN_KIND) {
        const hiddenWhat = r.answerId === null ? "question" : "answer";
        const base = { id: r.id, questionId: null, questionTitle: null, answerId: null, authorName: null, createdAt, unread: r.readAt === null };
        return { ...base, kind: HIDDEN_KIND, postTitle: r.questionTitle ?? "", hiddenWhat, reason: r.reason };
      }
      if (r.questionId === null || r.answerId === null || r.questionTitle === null) {
        const account = {
          id: r.id,
          kind: (REPORT_KINDS as readonly string[]).includes(r.kind) ? (r.kind as ReportKind) : ("passkey-added" as const),
          questionId: null,
          questionTitle: null,
          answerId: null,
          authorName: null,
          createdAt,
          unread: r.readAt === null,
        };
        return isStoryKind(r.kind) ? { ...account, kind: r.kind, postTitle: r.postTitle ?? "", postPublished: r.postPublished } : account;
      }
      return {
        id: r.id,
        kind: (["answer", "followed", "helpful", "helped-most"].includes(r.kind) ? r.kind : "followed") as Kind,
        questionId: r.questionId,
        questionTitle: r.questionTitle,
        answerId: r.answerId,
        authorName: shownName(r.authorName) ?? ANONYMOUS,
        createdAt,
        unread: r.readAt === null,
      };
    }),
    hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE,
  };
}

/** Where a story notice leads: the article while it is out, the story while it is the member's. */
function storyPath(kind: StoryKind, post: { id: number | null; slug: string | null; published: boolean | null; authorId: string | null }, memberId: string) {
  if (kind === "story-published" && post.published && post.slug) return `/article/${post.slug}`;
  // Taken off the blog since: the article is gone, the story itself is still its author's to read.
  if ((kind === "story-returned" || kind === "story-published") && post.id !== null && post.published === false && post.authorId === memberId)
    return `/account/stories/${post.id}`;
  return "/account";
}

/**
 * Opens one notification (from the list or a mail) and returns where it points; null when it is
 * not this member's. The question page shows every answer, so all of the member's notifications
 * about that question are read from then on.
 */
export async function openNotification({ db, changes }: Writer, memberId: string, id: number) {
  const [row] = await db
    .select({
      kind: notifications.kind,
      questionId: notifications.questionId,
      answerId: notifications.answerId,
      post: { id: blogPosts.id, slug: blogPosts.slug, published: blogPosts.published, authorId: blogPosts.authorId },
    })
    .from(notifications)
    .leftJoin(blogPosts, eq(blogPosts.id, notifications.postId))
    .where(and(eq(notifications.id, id), eq(notifications.memberId, memberId)));
  if (!row) return null;
  if (row.kind === TOPIC_QUESTION && row.questionId !== null) {
    await markQuestionRead({ changes }, memberId, row.questionId);
    return { questionId: row.questionId, answerId: null, path: `/forum/${row.questionId}` } as const;
  }
  if (row.kind === HIDDEN_KIND && row.questionId !== null) {
    // The author's own hidden post, where they can read why, edit it and ask for another look.
    await markRead(changes, memberId, and(eq(notifications.id, id), isNull(notifications.readAt)));
    return { questionId: null, answerId: null, path: `/forum/${row.questionId}${row.answerId === null ? "" : `#answer-${row.answerId}`}` } as const;
  }
  if (row.questionId === null || row.answerId === null) {
    // An account or story notice: read once opened; it points at the security page or the story.
    await markRead(changes, memberId, and(eq(notifications.id, id), isNull(notifications.readAt)));
    const path = isStoryKind(row.kind)
      ? storyPath(row.kind, row.post ?? { id: null, slug: null, published: null, authorId: null }, memberId)
      : row.kind in REPORT_PATHS
        ? REPORT_PATHS[row.kind as ReportKind]
        : "/account/security";
    return { questionId: null, answerId: null, path } as const;
  }
  await markQuestionRead({ changes }, memberId, row.questionId);
  return { questionId: row.questionId, answerId: row.answerId, path: null };
}

/** Marks read what `where` picks of a member's notifications; only their own unread count changes. */
function markRead(changes: Writer["changes"], memberId: string, where: SQL | undefined) {
  return changes.write(async (tx, changed) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt), where))
      .returning({ id: notifications.id });
    // Marking read what was already read changes nothing.
    if (rows.length) changed(tag.inbox(memberId));
    return rows.length;
  });
}

export const markAllRead = ({ changes }: Pick<Writer, "changes">, memberId: string) => markRead(changes, memberId, undefined);

/** Marks read every one of a member's notifications about one question (a group on the page). */
export const markQuestionRead = ({ changes }: Pick<Writer, "changes">, memberId: string, questionId: number) =>
  markRead(changes, memberId, eq(notifications.questionId, questionId));
