// A member's own data: display name, the export of everything they wrote, and deleting the
// account (keeping their posts as 'Anonymous', or deleting them too) in one transaction.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/server/infra/db.server";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { questionTags } from "~/server/forum/forum.server";
import { draftsOf } from "~/server/drafts/drafts.server";
import { LAST_ANSWER_AT } from "~/server/forum/forum.server";
import { accounts, blogPosts, forumAnswers, forumQuestions, profiles, reports, sessions, users } from "../../../db/schema";
import type { Role } from "~/lib/roles";
import { recordAction } from "~/server/members/members.server";

/** Sets the member's name: it shows wherever their posts do, and greets them in their sessions. */
export async function setDisplayName({ changes }: Pick<Writer, "changes">, userId: string, displayName: string) {
  await changes.write(async (tx, changed) => {
    const rows = await tx
      .update(profiles)
      .set({ displayName })
      .where(and(eq(profiles.id, userId), sql`${profiles.displayName} is distinct from ${displayName}`))
      .returning({ id: profiles.id });
    // The same name again changes nothing.
    if (rows.length) changed(tag.member(userId), tag.account(userId));
  });
}

/**
 * Gives the account with this address (any case) a role; its sessions learn of it at once on every
 * instance. Returns the address as stored, or null when no account has it.
 */
export async function setRole({ changes }: Pick<Writer, "changes">, email: string, role: Role) {
  return changes.write(async (tx, changed) => {
    const [before] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    const [row] = await tx
      .update(users)
      .set({ role })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .returning({ id: users.id, email: users.email });
    // Their posts show their role beside their name ("Moderator", "Capsiva staff").
    if (row) changed(tag.account(row.id), tag.member(row.id));
    // The moderators' record keeps it too, by nobody on the site: it came from the command line.
    if (row && before?.role !== role)
      await recordAction(tx, {
        actorId: null,
        memberId: row.id,
        action: "role",
        reason: "Set from the command line",
        detail: `${before?.role ?? "member"} → ${role}`,
      });
    return row?.email ?? null;
  });
}

export async function exportAccount(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      createdAt: users.createdAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const questions = await db
    .select({
      id: forumQuestions.id,
      title: forumQuestions.title,
      content: forumQuestions.content,
      createdAt: forumQuestions.createdAt,
      updatedAt: forumQuestions.updatedAt,
      hidden: sql<boolean>`${forumQuestions.hiddenAt} is not null`,
    })
    .from(forumQuestions)
    .where(eq(forumQuestions.authorId, userId))
    .orderBy(desc(forumQuestions.createdAt));
  const answers = await db
    .select({
      id: forumAnswers.id,
      questionId: forumAnswers.questionId,
      content: forumAnswers.content,
      createdAt: forumAnswers.createdAt,
      updatedAt: forumAnswers.updatedAt,
      hidden: sql<boolean>`${forumAnswers.hiddenAt} is not null`,
    })
    .from(forumAnswers)
    .where(eq(forumAnswers.authorId, userId))
    .orderBy(desc(forumAnswers.createdAt));
  const posts = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      published: blogPosts.published,
      createdAt: blogPosts.createdAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.authorId, userId))
    .orderBy(desc(blogPosts.createdAt));
  const reportRows = await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId));
  const sessionRows = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account: user,
    profile: { displayName: profile?.displayName ?? null, createdAt: profile?.createdAt ?? null },
    questions,
    answers,
    blogPosts: posts,
    reports: reportRows,
    sessions: sessionRows,
    // Text still being written (kind, what it belongs to, title and body, last saved).
    drafts: await draftsOf(db, userId),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccount>>>;

/** The member's password hash, to confirm their identity before a destructive change. */
export async function passwordHash(db: Db, userId: string) {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/**
 * Deletes the account. With `content: "keep"` the member's questions, answers and stories stay,
 * shown as 'Anonymous'; with `content: "delete"` they are removed too. One transaction.
 */
export async function deleteAccount({ changes }: Pick<Writer, "changes">, userId: string, content: "keep" | "delete") {
  await changes.write(async (tx, changed) => {
    // Their name goes from every post that stays, their sessions end, and the members' count drops.
    changed(tag.member(userId), tag.account(userId), tag.members, tag.profiles);
    if (content === "delete") changed(...(await contentTags(tx, userId)));
    if (content === "delete") {
      // Answers by this member on other people's questions: keep the counts right.
      const answered = await tx
        .select({ questionId: forumAnswers.questionId })
        .from(forumAnswers)
        .where(and(eq(forumAnswers.authorId, userId), sql`${forumAnswers.hiddenAt} is null`));
      await tx.delete(forumAnswers).where(eq(forumAnswers.authorId, userId));
      const questionIds = [...new Set(answered.map((a) => a.questionId))];
      if (questionIds.length) {
        await tx
          .update(forumQuestions)
          .set({
            answerCount: sql`(select count(*)::int from forum_answers a where a.question_id = ${forumQuestions.id} and a.hidden_at is null)`,
            lastAnswerAt: LAST_ANSWER_AT,
          })
          .where(inArray(forumQuestions.id, questionIds));
      }
      const ownQuestions = tx.select({ id: forumQuestions.id }).from(forumQuestions).where(eq(forumQuestions.authorId, userId));
      await tx
        .delete(reports)
        .where(
          or(
            and(eq(reports.targetType, "question"), inArray(reports.targetId, ownQuestions)),
            and(eq(reports.targetType, "answer"), sql`not exists (select 1 from forum_answers a where a.id = ${reports.targetId})`),
          ),
        );
      await tx.delete(forumQuestions).where(eq(forumQuestions.authorId, userId));
      await tx.delete(blogPosts).where(eq(blogPosts.authorId, userId));
    }
    // Cascades to sessions, accounts, two-factor secrets and the profile; content that stays
    // loses its author and shows as 'Anonymous'.
    await tx.delete(users).where(eq(users.id, userId));
  });
}

/** What deleting a member's posts changes: each question they asked or answered, and their stories. */
async function contentTags(tx: Tx, userId: string) {
  const [asked, answered, stories] = await Promise.all([
    tx.select({ id: forumQuestions.id }).from(forumQuestions).where(eq(forumQuestions.authorId, userId)),
    tx.selectDistinct({ id: forumAnswers.questionId }).from(forumAnswers).where(eq(forumAnswers.authorId, userId)),
    tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.authorId, userId)),
  ]);
  const questions = [...new Set([...asked, ...answered].map((q) => q.id))];
  const tags = (await Promise.all(questions.map((id) => questionTags(tx, id)))).flat();
  return [...tags, ...(stories.length ? [tag.blog, ...stories.map((p) => tag.post(p.id))] : [])];
}

export async function memberStories(db: Db, userId: string) {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      published: blogPosts.published,
      returned: sql<boolean>`${blogPosts.returnedNote} is not null`,
      // Out once and taken down since (the first publication's date stays).
      unpublished: sql<boolean>`not ${blogPosts.published} and ${blogPosts.publishedAt} is not null`,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.authorId, userId))
    .orderBy(desc(blogPosts.createdAt))
    .limit(50);
}

export async function listSessions(db: Db, userId: string) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.updatedAt));
}

/** Ends one of the member's own sessions (never someone else's); every instance forgets it at once. */
export async function revokeSession({ changes }: Pick<Writer, "changes">, userId: string, sessionId: string) {
  // Session ids are short tokens; anything else (empty, huge, a NUL byte) names no session.
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(sessionId)) return false;
  return changes.write(async (tx, changed) => {
    const rows = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
      .returning({ id: sessions.id });
    if (rows.length) changed(tag.account(userId));
    return rows.length > 0;
  });
}

export async function revokeOtherSessions({ changes }: Pick<Writer, "changes">, userId: string, currentSessionId: string) {
  return changes.write(async (tx, changed) => {
    const rows = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.id} <> ${currentSessionId}`))
      .returning({ id: sessions.id });
    if (rows.length) changed(tag.account(userId));
    return rows.length;
  });
}
