// The record of moderators' actions: one line per action, written in the action's own
// transaction, so a hide or a silence never happens without its line. Read by admins and
// moderators on /admin/actions and beside a member on /admin/members.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/server/infra/db.server";
import type { Tx } from "~/server/infra/change-events.server";
import { shownName } from "./account-policy.server";
import { moderatorActions, profiles } from "../../../db/schema";

export const RECORDED_ACTIONS = [
  "hide",
  "restore",
  "dismiss",
  "approve",
  "reject",
  "silence",
  "suspend",
  "lift-silence",
  "lift-suspension",
  "role",
  "move-topic",
  "publish-story",
  "unpublish-story",
  "return-story",
  "decline-story",
] as const;
export type RecordedAction = (typeof RECORDED_ACTIONS)[number];

export interface ActionLine {
  actorId: string | null;
  action: RecordedAction;
  memberId?: string | null;
  /** A forum post, or a blog post (a member's story or an editor's article). */
  targetType?: "question" | "answer" | "story" | null;
  targetId?: number | null;
  reason?: string | null;
  until?: Date | null;
  detail?: string | null;
}

export async function recordAction(tx: Tx, line: ActionLine) {
  await tx.insert(moderatorActions).values({
    actorId: line.actorId,
    action: line.action,
    memberId: line.memberId ?? null,
    targetType: line.targetType ?? null,
    targetId: line.targetId ?? null,
    reason: line.reason ?? null,
    until: line.until ?? null,
    detail: line.detail ?? null,
  });
}

export const RECORD_PAGE_SIZE = 50;

export interface RecordEntry {
  id: number;
  action: RecordedAction;
  actorName: string;
  memberId: string | null;
  memberName: string;
  targetType: string | null;
  targetId: number | null;
  reason: string | null;
  until: string | null;
  detail: string | null;
  createdAt: string;
}

const actor = alias(profiles, "actor");
const member = alias(profiles, "member");

/** Newest first, a page at a time; only one member's lines when `memberId` is given. */
export async function listActions(db: Db, options: { page?: number; memberId?: string } = {}) {
  const page = Math.max(1, Math.min(10_000, Math.floor(options.page ?? 1)));
  const where = options.memberId ? eq(moderatorActions.memberId, options.memberId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: moderatorActions.id,
        action: moderatorActions.action,
        actorName: actor.displayName,
        memberId: moderatorActions.memberId,
        memberName: member.displayName,
        targetType: moderatorActions.targetType,
        targetId: moderatorActions.targetId,
        reason: moderatorActions.reason,
        until: moderatorActions.until,
        detail: moderatorActions.detail,
        createdAt: moderatorActions.createdAt,
      })
      .from(moderatorActions)
      .leftJoin(actor, eq(actor.id, moderatorActions.actorId))
      .leftJoin(member, eq(member.id, moderatorActions.memberId))
      .where(and(where))
      .orderBy(desc(moderatorActions.createdAt), desc(moderatorActions.id))
      .limit(RECORD_PAGE_SIZE)
      .offset((page - 1) * RECORD_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(moderatorActions)
      .where(where ?? sql`true`),
  ]);
  const entries = rows.map((r): RecordEntry => ({
    id: r.id,
    action: r.action as RecordedAction,
    actorName: shownName(r.actorName) ?? "A former moderator",
    memberId: r.memberId,
    memberName: shownName(r.memberName) ?? "A member without a name",
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    until: r.until ? new Date(r.until).toISOString() : null,
    detail: r.detail,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
  const n = total?.n ?? 0;
  return { entries, page, pages: Math.max(1, Math.ceil(n / RECORD_PAGE_SIZE)), total: n };
}
