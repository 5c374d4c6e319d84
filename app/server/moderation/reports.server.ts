// Reports from members and the moderators' queue: hide, restore, dismiss. Hidden content
// disappears from every list, count, page and feed (forum.server.ts filters on hidden_at).
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { isRowId } from "~/lib/validation";
import type { Db } from "~/server/infra/db.server";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { queueAccountMail } from "~/server/notifications/notifications.server";
import { urgentReportMail } from "~/mail/account-mails";
import { URGENT_CATEGORY, type ReportCategory } from "~/lib/report-reasons";
import { inboxesAbout, questionTags } from "~/server/forum/forum.server";
import { recountAnswers, NotFoundError } from "~/server/forum/forum.server";
import { forumAnswers, forumQuestions, notifications, profiles, reports, users } from "../../../db/schema";
import { shownName } from "~/server/members/members.server";
import { recordAction } from "~/server/members/members.server";
import { postState, tellAuthorOfHiding } from "~/server/forum/forum.server";
import { hideIfReportedEnough } from "./report-threshold.server";
import { LOOK_AGAIN_CATEGORY } from "~/lib/hidden-posts";

export type TargetType = "question" | "answer";

/** The post as it is now: its words (a question's title too) and whether readers see it. */
async function targetNow(db: Db | Tx, type: TargetType, id: number) {
  if (type === "question") {
    const [row] = await db
      .select({ title: forumQuestions.title, content: forumQuestions.content, hiddenAt: forumQuestions.hiddenAt })
      .from(forumQuestions)
      .where(eq(forumQuestions.id, id));
    return row;
  }
  const [row] = await db
    .select({ title: sql<string | null>`null`, content: forumAnswers.content, hiddenAt: forumAnswers.hiddenAt })
    .from(forumAnswers)
    .where(eq(forumAnswers.id, id));
  return row;
}

/**
 * A member reports a question or answer with a reason; a second open report by the same member is
 * not stored twice. The post's words are copied as they are now, since they may be edited later.
 * An "at risk" report tells every moderator at once, on the site and by mail.
 */
export async function reportContent(
  { changes }: Pick<Writer, "changes">,
  input: { targetType: TargetType; targetId: number; reporterId: string; category: ReportCategory; reason: string; siteUrl: string; hideAfter?: number },
) {
  return changes.write(async (tx, changed) => {
    const target = await targetNow(tx, input.targetType, input.targetId);
    if (!target || target.hiddenAt) throw new NotFoundError("nothing to report");
    const [existing] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.targetType, input.targetType),
          eq(reports.targetId, input.targetId),
          eq(reports.reporterId, input.reporterId),
          eq(reports.status, "open"),
        ),
      );
    // The same member reporting the same thing again adds nothing; they are told so.
    if (existing) return { id: existing.id, repeated: true };
    const [row] = await tx
      .insert(reports)
      .values({
        targetType: input.targetType,
        targetId: input.targetId,
        reporterId: input.reporterId,
        category: input.category,
        reason: input.reason,
        reportedTitle: target.title,
        reportedText: target.content,
      })
      .returning({ id: reports.id });
    changed(tag.review);
    if (input.category === URGENT_CATEGORY) changed(...(await tellModerators(tx, input.siteUrl)));
    if (input.hideAfter) changed(...(await hideIfReportedEnough(tx, input.targetType, input.targetId, input.hideAfter)));
    return { id: row.id, repeated: false };
  });
}

/** Every moderator and admin: a notice in their bell and a mail, sent whatever their mail choice. */
async function tellModerators(tx: Tx, siteUrl: string) {
  const moderators = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.role, ["moderator", "admin"]));
  if (!moderators.length) return [];
  await tx.insert(notifications).values(moderators.map((m) => ({ memberId: m.id, kind: "report-urgent" })));
  for (const m of moderators) await queueAccountMail(tx, { memberId: m.id, to: m.email, ...urgentReportMail(siteUrl) });
  return [...moderators.map((m) => tag.inbox(m.id)), tag.mail];
}

/** Who wrote a post (null once their account is gone), for the moderators' record. */
export async function authorOf(db: Db | Tx, type: TargetType, id: number) {
  const table = type === "question" ? forumQuestions : forumAnswers;
  const [row] = await db.select({ authorId: table.authorId }).from(table).where(eq(table.id, id));
  return row?.authorId ?? null;
}

/** Tells each member whose report was just dealt with that a moderator looked at it (never how or by whom). */
async function tellReporters(tx: Tx, reporterIds: (string | null)[]) {
  const ids = [...new Set(reporterIds.filter((id): id is string => id !== null))];
  if (!ids.length) return [];
  await tx.insert(notifications).values(ids.map((memberId) => ({ memberId, kind: "report-handled" })));
  return ids.map((id) => tag.inbox(id));
}

export interface ReportView {
  id: number;
  targetType: TargetType;
  targetId: number;
  questionId: number;
  reason: string;
  category: string;
  status: string;
  createdAt: string;
  reporterName: string;
  targetTitle: string | null;
  targetContent: string;
  targetHidden: boolean;
}

/** Open reports (or recent resolved ones), with the reported text, in two statements. */
export async function listReports(db: Db, status: "open" | "resolved" = "open", limit = 100) {
  const rows = await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      category: reports.category,
      status: reports.status,
      createdAt: reports.createdAt,
      reporterName: profiles.displayName,
      qTitle: forumQuestions.title,
      qContent: forumQuestions.content,
      qHidden: forumQuestions.hiddenAt,
      aContent: forumAnswers.content,
      aHidden: forumAnswers.hiddenAt,
      aQuestionId: forumAnswers.questionId,
    })
    .from(reports)
    .leftJoin(profiles, eq(profiles.id, reports.reporterId))
    .leftJoin(forumQuestions, and(eq(reports.targetType, "question"), eq(forumQuestions.id, reports.targetId)))
    .leftJoin(forumAnswers, and(eq(reports.targetType, "answer"), eq(forumAnswers.id, reports.targetId)))
    .where(status === "open" ? eq(reports.status, "open") : sql`${reports.status} <> 'open'`)
    // "At risk" first in the queue, then the oldest.
    .orderBy(...(status === "open" ? [desc(sql`${reports.category} = ${URGENT_CATEGORY}`), reports.createdAt] : [desc(reports.resolvedAt)]))
    .limit(limit);
  return rows
    .filter((r) => r.qContent !== null || r.aContent !== null)
    .map((r): ReportView => ({
      id: r.id,
      targetType: r.targetType as TargetType,
      targetId: r.targetId,
      questionId: r.targetType === "question" ? r.targetId : r.aQuestionId!,
      reason: r.reason,
      category: r.category,
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
      reporterName: shownName(r.reporterName) ?? "Anonymous",
      targetTitle: r.qTitle,
      targetContent: (r.qContent ?? r.aContent)!,
      targetHidden: Boolean(r.qHidden ?? r.aHidden),
    }));
}

/** Open reports whose post still exists: what the reports page lists as waiting for review. */
export async function countOpenReports(db: Db, options: { urgent?: boolean } = {}) {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .leftJoin(forumQuestions, and(eq(reports.targetType, "question"), eq(forumQuestions.id, reports.targetId)))
    .leftJoin(forumAnswers, and(eq(reports.targetType, "answer"), eq(forumAnswers.id, reports.targetId)))
    .where(
      and(
        eq(reports.status, "open"),
        sql`(${forumQuestions.id} is not null or ${forumAnswers.id} is not null)`,
        options.urgent ? eq(reports.category, URGENT_CATEGORY) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Hides or restores a post, and resolves its reports. Readers' pages and lists change with it, and
 * so does the unread count of every member with an unread notice about it (hidden ones are not counted).
 */
async function setHidden({ changes }: Pick<Writer, "changes">, type: TargetType, id: number, hidden: boolean, moderatorId: string) {
  if (!isRowId(id)) throw new NotFoundError(`${type} not found`);
  await changes.write(async (tx, changed) => {
    const now = new Date();
    let authorId: string | null;
    const before = await postState(tx, type, id);
    if (!before) throw new NotFoundError(`${type} not found`);
    // Its author is told why (from the open reports, resolved below), once per hiding.
    if (hidden) changed(...(await tellAuthorOfHiding(tx, type, id, before)));
    if (type === "question") {
      const rows = await tx
        .update(forumQuestions)
        .set(hidden ? { hiddenAt: now } : { hiddenAt: null, hiddenReason: null, lookAskedAt: null })
        .where(eq(forumQuestions.id, id))
        .returning({ id: forumQuestions.id, authorId: forumQuestions.authorId });
      if (!rows[0]) throw new NotFoundError("question not found");
      authorId = rows[0].authorId;
      changed(...(await questionTags(tx, id)), ...(await inboxesAbout(tx, { questionId: id })));
    } else {
      const rows = await tx
        .update(forumAnswers)
        .set(hidden ? { hiddenAt: now } : { hiddenAt: null, hiddenReason: null, lookAskedAt: null })
        .where(eq(forumAnswers.id, id))
        .returning({ questionId: forumAnswers.questionId, authorId: forumAnswers.authorId });
      if (!rows[0]) throw new NotFoundError("answer not found");
      authorId = rows[0].authorId;
      await recountAnswers(tx, rows[0].questionId);
      changed(...(await questionTags(tx, rows[0].questionId)), ...(await inboxesAbout(tx, { answerId: id })));
    }
    await recordAction(tx, { actorId: moderatorId, action: hidden ? "hide" : "restore", memberId: authorId, targetType: type, targetId: id });
    const status = hidden ? "hidden" : "restored";
    const resolved = await tx
      .update(reports)
      .set({ status, resolvedBy: moderatorId, resolvedAt: now })
      .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, "open")))
      .returning({ reporterId: reports.reporterId, category: reports.category });
    if (!hidden) {
      await tx
        .update(reports)
        .set({ status, resolvedBy: moderatorId, resolvedAt: now })
        .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, "hidden")));
    }
    changed(
      tag.review,
      ...(await tellReporters(
        tx,
        // An author's request for another look is not a report to thank them for.
        resolved.filter((r) => r.category !== LOOK_AGAIN_CATEGORY).map((r) => r.reporterId),
      )),
    );
  });
}

export const hideContent = (writer: Pick<Writer, "changes">, type: TargetType, id: number, moderatorId: string) =>
  setHidden(writer, type, id, true, moderatorId);
export const restoreContent = (writer: Pick<Writer, "changes">, type: TargetType, id: number, moderatorId: string) =>
  setHidden(writer, type, id, false, moderatorId);

export async function dismissReport({ changes }: Pick<Writer, "changes">, reportId: number, moderatorId: string) {
  if (!isRowId(reportId)) return false;
  return changes.write(async (tx, changed) => {
    const rows = await tx
      .update(reports)
      .set({ status: "dismissed", resolvedBy: moderatorId, resolvedAt: new Date() })
      .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
      .returning({ reporterId: reports.reporterId, category: reports.category, targetType: reports.targetType, targetId: reports.targetId });
    for (const r of rows) {
      const type = r.targetType as TargetType;
      await recordAction(tx, {
        actorId: moderatorId,
        action: "dismiss",
        memberId: await authorOf(tx, type, r.targetId),
        targetType: type,
        targetId: r.targetId,
      });
    }
    if (rows.length)
      changed(
        tag.review,
        ...(await tellReporters(
          tx,
          rows.filter((r) => r.category !== LOOK_AGAIN_CATEGORY).map((r) => r.reporterId),
        )),
      );
    return rows.length > 0;
  });
}
