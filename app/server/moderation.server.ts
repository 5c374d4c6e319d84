// Reports from members and the moderators' queue: hide, restore, dismiss. Hidden content
// disappears from every list, count, page and feed (forum.server.ts filters on hidden_at).
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { isRowId } from "~/lib/validation";
import type { Db } from "./db.server";
import type { Writer } from "./change-events.server";
import { inboxesAbout, questionTags } from "./forum-changes.server";
import { recountAnswers, NotFoundError } from "./forum.server";
import { forumAnswers, forumQuestions, profiles, reports } from "../../db/schema";
import { shownName } from "./account-policy.server";

export type TargetType = "question" | "answer";

async function targetExists(db: Db, type: TargetType, id: number) {
  const table = type === "question" ? forumQuestions : forumAnswers;
  const [row] = await db.select({ id: table.id, hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id));
  return row;
}

/** A member reports a question or answer; a second open report by the same member is not stored twice. */
export async function reportContent(db: Db, input: { targetType: TargetType; targetId: number; reporterId: string; reason: string }) {
  const target = await targetExists(db, input.targetType, input.targetId);
  if (!target || target.hiddenAt) throw new NotFoundError("nothing to report");
  const [existing] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(eq(reports.targetType, input.targetType), eq(reports.targetId, input.targetId), eq(reports.reporterId, input.reporterId), eq(reports.status, "open")),
    );
  // The same member reporting the same thing again adds nothing; they are told so.
  if (existing) return { id: existing.id, repeated: true };
  const [row] = await db.insert(reports).values(input).returning({ id: reports.id });
  return { id: row.id, repeated: false };
}

export interface ReportView {
  id: number;
  targetType: TargetType;
  targetId: number;
  questionId: number;
  reason: string;
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
    .orderBy(status === "open" ? reports.createdAt : desc(reports.resolvedAt))
    .limit(limit);
  return rows
    .filter((r) => r.qContent !== null || r.aContent !== null)
    .map((r): ReportView => ({
      id: r.id,
      targetType: r.targetType as TargetType,
      targetId: r.targetId,
      questionId: r.targetType === "question" ? r.targetId : r.aQuestionId!,
      reason: r.reason,
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
      reporterName: shownName(r.reporterName) ?? "Anonymous",
      targetTitle: r.qTitle,
      targetContent: (r.qContent ?? r.aContent)!,
      targetHidden: Boolean(r.qHidden ?? r.aHidden),
    }));
}

/** Open reports whose post still exists: what the reports page lists as waiting for review. */
export async function countOpenReports(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .leftJoin(forumQuestions, and(eq(reports.targetType, "question"), eq(forumQuestions.id, reports.targetId)))
    .leftJoin(forumAnswers, and(eq(reports.targetType, "answer"), eq(forumAnswers.id, reports.targetId)))
    .where(and(eq(reports.status, "open"), sql`(${forumQuestions.id} is not null or ${forumAnswers.id} is not null)`));
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
    if (type === "question") {
      const rows = await tx
        .update(forumQuestions)
        .set({ hiddenAt: hidden ? now : null })
        .where(eq(forumQuestions.id, id))
        .returning({ id: forumQuestions.id });
      if (!rows[0]) throw new NotFoundError("question not found");
      changed(...(await questionTags(tx, id)), ...(await inboxesAbout(tx, { questionId: id })));
    } else {
      const rows = await tx
        .update(forumAnswers)
        .set({ hiddenAt: hidden ? now : null })
        .where(eq(forumAnswers.id, id))
        .returning({ questionId: forumAnswers.questionId });
      if (!rows[0]) throw new NotFoundError("answer not found");
      await recountAnswers(tx, rows[0].questionId);
      changed(...(await questionTags(tx, rows[0].questionId)), ...(await inboxesAbout(tx, { answerId: id })));
    }
    await tx
      .update(reports)
      .set({ status: hidden ? "hidden" : "restored", resolvedBy: moderatorId, resolvedAt: now })
      .where(and(eq(reports.targetType, type), eq(reports.targetId, id), inArray(reports.status, hidden ? ["open"] : ["open", "hidden"])));
  });
}

export const hideContent = (writer: Pick<Writer, "changes">, type: TargetType, id: number, moderatorId: string) =>
  setHidden(writer, type, id, true, moderatorId);
export const restoreContent = (writer: Pick<Writer, "changes">, type: TargetType, id: number, moderatorId: string) =>
  setHidden(writer, type, id, false, moderatorId);

export async function dismissReport(db: Db, reportId: number, moderatorId: string) {
  if (!isRowId(reportId)) return false;
  const rows = await db
    .update(reports)
    .set({ status: "dismissed", resolvedBy: moderatorId, resolvedAt: new Date() })
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .returning({ id: reports.id });
  return rows.length > 0;
}
