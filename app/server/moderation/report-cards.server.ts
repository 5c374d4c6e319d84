// The moderators' queue as cards, one per reported post: who wrote it (linked to their profile
// while it is public), its words as they were reported and as they are now, and every report of
// it, open or dealt with. Posts with an "at risk" report come first. Four statements in all.
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { URGENT_CATEGORY } from "~/lib/report-reasons";
import type { Db } from "~/server/infra/db.server";
import type { ReportView, TargetType } from "./reports.server";
import { PROFILE_LINK } from "~/server/members/members.server";
import { shownName } from "~/server/members/members.server";
import { forumAnswers, forumQuestions, profiles, reports, users } from "../../../db/schema";

export interface CardReport {
  id: number;
  category: string;
  reason: string;
  status: string;
  createdAt: string;
  reporterName: string;
}

export interface ReportCard {
  targetType: TargetType;
  targetId: number;
  questionId: number;
  urgent: boolean;
  hidden: boolean;
  authorName: string;
  authorProfile: string | null;
  /** The author's account (null once deleted), role and standing, for the card's standing forms. */
  authorId: string | null;
  authorRole: string;
  authorSilencedUntil: string | null;
  authorSuspended: boolean;
  titleNow: string | null;
  textNow: string;
  /** The words when first reported (null for reports older than the copy). */
  reportedTitle: string | null;
  reportedText: string | null;
  /** Whether the post was edited since it was first reported. */
  changedSince: boolean;
  /** Open reports of it, the oldest open one first in the queue's order. */
  openIds: number[];
  reports: CardReport[];
}

/** The cards for `open` (listReports' open reports, in the queue's order). */
export async function openReportCards(db: Db, open: ReportView[]): Promise<ReportCard[]> {
  const cards = new Map<string, ReportCard>();
  for (const r of open) {
    const key = `${r.targetType}:${r.targetId}`;
    const card = cards.get(key);
    if (card) {
      card.openIds.push(r.id);
      continue;
    }
    cards.set(key, {
      targetType: r.targetType,
      targetId: r.targetId,
      questionId: r.questionId,
      urgent: r.category === URGENT_CATEGORY,
      hidden: r.targetHidden,
      authorName: "Anonymous",
      authorProfile: null,
      authorId: null,
      authorRole: "member",
      authorSilencedUntil: null,
      authorSuspended: false,
      titleNow: r.targetTitle,
      textNow: r.targetContent,
      reportedTitle: null,
      reportedText: null,
      changedSince: false,
      openIds: [r.id],
      reports: [],
    });
  }
  if (!cards.size) return [];
  const targets = [...cards.values()];
  const of = (type: TargetType) => targets.filter((c) => c.targetType === type).map((c) => c.targetId);
  const [all, askers, answerers] = await Promise.all([
    db
      .select({
        id: reports.id,
        targetType: reports.targetType,
        targetId: reports.targetId,
        category: reports.category,
        reason: reports.reason,
        status: reports.status,
        createdAt: reports.createdAt,
        reporterName: profiles.displayName,
        reportedTitle: reports.reportedTitle,
        reportedText: reports.reportedText,
      })
      .from(reports)
      .leftJoin(profiles, eq(profiles.id, reports.reporterId))
      .where(or(...targets.map((c) => and(eq(reports.targetType, c.targetType), eq(reports.targetId, c.targetId)))))
      .orderBy(desc(reports.createdAt), desc(reports.id)),
    authorsOf(db, "question", of("question")),
    authorsOf(db, "answer", of("answer")),
  ]);
  for (const r of all) {
    const card = cards.get(`${r.targetType}:${r.targetId}`)!;
    card.reports.push({
      id: r.id,
      category: r.category,
      reason: r.reason,
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
      reporterName: shownName(r.reporterName) ?? "Anonymous",
    });
    // Newest first: the last one kept is the oldest copy, the words as first reported.
    if (r.reportedText !== null) {
      card.reportedTitle = r.reportedTitle;
      card.reportedText = r.reportedText;
    }
  }
  for (const card of targets) {
    const author = (card.targetType === "question" ? askers : answerers).get(card.targetId);
    card.authorName = shownName(author?.displayName ?? null) ?? "Anonymous";
    card.authorProfile = shownName(author?.displayName ?? null) ? (author?.link ?? null) : null;
    card.authorId = author?.id ?? null;
    card.authorRole = author?.role ?? "member";
    card.authorSilencedUntil = author?.silencedUntil && author.silencedUntil.getTime() > Date.now() ? author.silencedUntil.toISOString() : null;
    card.authorSuspended = Boolean(author?.suspendedAt);
    card.changedSince = card.reportedText !== null && (card.reportedText !== card.textNow || card.reportedTitle !== card.titleNow);
  }
  return targets;
}

async function authorsOf(db: Db, type: TargetType, ids: number[]) {
  type Author = {
    id: string | null;
    displayName: string | null;
    link: string | null;
    role: string | null;
    silencedUntil: Date | null;
    suspendedAt: Date | null;
  };
  if (!ids.length) return new Map<number, Author>();
  const table = type === "question" ? forumQuestions : forumAnswers;
  const rows = await db
    .select({
      id: table.id,
      authorId: users.id,
      displayName: profiles.displayName,
      link: PROFILE_LINK,
      role: users.role,
      silencedUntil: users.silencedUntil,
      suspendedAt: users.suspendedAt,
    })
    .from(table)
    .leftJoin(profiles, eq(profiles.id, table.authorId))
    .leftJoin(users, eq(users.id, table.authorId))
    .where(inArray(table.id, ids));
  return new Map<number, Author>(rows.map((r) => [r.id, { ...r, id: r.authorId }]));
}
