// Members' public profiles. This is a health community, so a profile is off until its member turns
// it on, and only a member with a display name can: the page shows that name, the month they
// joined and what they asked and answered that readers can see. Its address is a random handle,
// never the account's id, and it stays the same if the profile is turned off and on again.
import crypto from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/server/infra/db.server";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { forumAnswers, forumQuestions, profiles } from "../../../db/schema";
import { shownName } from "./account-policy.server";

export const PROFILE_PAGE_SIZE = 20;

/**
 * The author's handle as a column, for the queries that show authors' names: set only while
 * their profile is public and they have a name, so 'Anonymous' never links anywhere.
 */
export const PROFILE_LINK = sql<
  string | null
>`case when ${profiles.publicProfile} and trim(coalesce(${profiles.displayName}, '')) <> '' then ${profiles.profileHandle} end`;

// No look-alike letters or digits: a handle may be read aloud or typed from a phone.
const HANDLE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const HANDLE = /^[a-hjkmnp-z2-9]{10}$/;

function newHandle(): string {
  const bytes = crypto.randomBytes(10);
  return Array.from(bytes, (b) => HANDLE_ALPHABET[b % HANDLE_ALPHABET.length]).join("");
}

export async function profileSettings(db: Db, userId: string) {
  const [row] = await db
    .select({ publicProfile: profiles.publicProfile, handle: profiles.profileHandle, displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const named = Boolean(row?.displayName?.trim());
  return { publicProfile: Boolean(row?.publicProfile && named), handle: row?.handle ?? null, named };
}

/** Turns a member's public profile on or off; on needs a display name. Returns the handle. */
export async function setPublicProfile(
  { db, changes }: Writer,
  userId: string,
  on: boolean,
): Promise<{ ok: true; handle: string | null } | { ok: false; problem: "no-name" }> {
  const settings = await profileSettings(db, userId);
  if (on && !settings.named) return { ok: false, problem: "no-name" };
  const handle = on ? (settings.handle ?? newHandle()) : settings.handle;
  await changes.write(async (tx, changed) => {
    const rows = await tx
      .update(profiles)
      .set({ publicProfile: on, profileHandle: handle })
      .where(and(eq(profiles.id, userId), sql`(${profiles.publicProfile}, ${profiles.profileHandle}) is distinct from (${on}, ${handle})`))
      .returning({ id: profiles.id });
    // Their name links to the profile wherever it shows; the same setting again changes nothing.
    if (rows.length) changed(tag.member(userId), tag.profiles);
  });
  return { ok: true, handle };
}

/** A public profile and one page of its member's visible questions and answers; null when not public. */
export async function getPublicProfile(db: Db, handle: string, page = 1) {
  if (!HANDLE.test(handle)) return null;
  const [profile] = await db
    .select({ id: profiles.id, displayName: profiles.displayName, createdAt: profiles.createdAt, link: PROFILE_LINK })
    .from(profiles)
    .where(eq(profiles.profileHandle, handle));
  const displayName = shownName(profile?.displayName);
  if (!profile?.link || !displayName) return null;
  const offset = (Math.max(1, page) - 1) * PROFILE_PAGE_SIZE;
  const visibleQuestion = and(eq(forumQuestions.authorId, profile.id), isNull(forumQuestions.hiddenAt));
  // Answers count only where readers can see them: neither the answer nor its question hidden.
  const visibleAnswer = and(eq(forumAnswers.authorId, profile.id), isNull(forumAnswers.hiddenAt), isNull(forumQuestions.hiddenAt));
  const [questions, answers, [questionTotal], [answerTotal]] = await Promise.all([
    db
      .select({ id: forumQuestions.id, title: forumQuestions.title, createdAt: forumQuestions.createdAt, answerCount: forumQuestions.answerCount })
      .from(forumQuestions)
      .where(visibleQuestion)
      .orderBy(desc(forumQuestions.createdAt), desc(forumQuestions.id))
      .limit(PROFILE_PAGE_SIZE)
      .offset(offset),
    db
      .select({
        id: forumAnswers.id,
        content: forumAnswers.content,
        createdAt: forumAnswers.createdAt,
        questionId: forumQuestions.id,
        questionTitle: forumQuestions.title,
      })
      .from(forumAnswers)
      .innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId))
      .where(visibleAnswer)
      .orderBy(desc(forumAnswers.createdAt), desc(forumAnswers.id))
      .limit(PROFILE_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(forumQuestions).where(visibleQuestion),
    db.select({ n: count() }).from(forumAnswers).innerJoin(forumQuestions, eq(forumQuestions.id, forumAnswers.questionId)).where(visibleAnswer),
  ]);
  const iso = (d: Date) => new Date(d).toISOString();
  return {
    memberId: profile.id,
    handle,
    displayName,
    joinedAt: iso(profile.createdAt),
    page: Math.max(1, page),
    pageCount: Math.max(1, Math.ceil(Math.max(questionTotal.n, answerTotal.n) / PROFILE_PAGE_SIZE)),
    questionTotal: questionTotal.n,
    answerTotal: answerTotal.n,
    questions: questions.map((q) => ({ ...q, createdAt: iso(q.createdAt) })),
    answers: answers.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
  };
}
