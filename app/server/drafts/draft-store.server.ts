// Drafts: text a member is still writing, kept on the server per member and per thing written
// (asking, an answer to a question, an edit, a story), not per address. A draft is private: its
// writes name no public tag, so no page or shared read is made stale (a draft begun or ended names
// the member's own drafts tag, for their count), and nothing here is ever logged.
// Each save says which version it started from; a save over a newer version is refused, so two
// tabs never silently overwrite each other (docs/decisions/025-drafts-on-the-server.md).
import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { LIMITS } from "~/lib/limits";
import { blogPosts, drafts, forumAnswers, forumQuestions } from "../../../db/schema";
import type { Db } from "~/server/infra/db.server";
import type { Changed, Tx, Writer } from "~/server/infra/change-events.server";
import type { RateLimiter } from "~/server/infra/rate-limit.server";
import { tag } from "~/server/infra/change-tags.server";

import { DRAFT_KINDS, type DraftKind } from "~/lib/draft-kinds";

export { DRAFT_KINDS, type DraftKind };
export interface DraftKey {
  kind: DraftKind;
  /** The question, answer or story it belongs to; 0 for a new question or story. */
  targetId: number;
}

export interface Draft {
  title: string;
  body: string;
  version: number;
  updatedAt: Date;
}

/** Kept this many days after the last save, then removed. */
export const DRAFT_KEPT_DAYS = 90;

export const isDraftKind = (value: unknown): value is DraftKind => typeof value === "string" && (DRAFT_KINDS as readonly string[]).includes(value);

/** A kind and target from untrusted input (a form, the API's path), or null. */
export function draftKeyOf(kind: unknown, target: unknown): DraftKey | null {
  if (!isDraftKind(kind)) return null;
  const text = typeof target === "number" ? String(target) : typeof target === "string" ? target : "";
  if (!/^\d{1,9}$/.test(text)) return null;
  const targetId = Number(text);
  // A new question or story has no target; everything else belongs to one.
  if ((kind === "question" || kind === "story") !== (targetId === 0)) return null;
  return { kind, targetId };
}

/** The longest title and body a draft of this kind may hold: the same as its form's. */
export function draftLimits(kind: DraftKind) {
  const story = kind === "story" || kind === "story-version";
  return { title: LIMITS.titleMax, body: story ? LIMITS.storyMax : LIMITS.contentMax };
}

const where = (memberId: string, key: DraftKey) => and(eq(drafts.memberId, memberId), eq(drafts.kind, key.kind), eq(drafts.targetId, key.targetId));

export async function getDraft(db: Db | Tx, memberId: string, key: DraftKey): Promise<Draft | null> {
  const [row] = await db
    .select({ title: drafts.title, body: drafts.body, version: drafts.version, updatedAt: drafts.updatedAt })
    .from(drafts)
    .where(where(memberId, key));
  return row ?? null;
}

export type SaveDraftResult =
  | { ok: true; draft: Draft }
  | { ok: false; reason: "conflict"; current: Draft | null }
  | { ok: false; reason: "too-long"; field: "title" | "body"; max: number }
  | { ok: false; reason: "no-target" };

/** Whether what a draft belongs to is there: a draft for a question or story that is not is refused. */
export async function draftTargetExists(tx: Db | Tx, key: DraftKey) {
  if (key.targetId === 0) return true;
  const table = key.kind === "edit-answer" ? forumAnswers : key.kind === "story-version" ? blogPosts : forumQuestions;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, key.targetId));
  return Boolean(row);
}

/**
 * Saves a member's draft. `baseVersion` is the version the text was loaded or last saved as (0:
 * none yet). A save from another version is refused with the text stored now (null when the
 * draft is gone: discarded, or deleted by posting it, so a stale tab cannot bring it back).
 * Takes one point of the member's draft budget; throws RateLimitedError when it is spent.
 */
export async function saveDraft(
  { changes, limiter }: Pick<Writer, "changes"> & { limiter: RateLimiter },
  memberId: string,
  key: DraftKey,
  input: { title: string; body: string; baseVersion: number },
): Promise<SaveDraftResult> {
  const max = draftLimits(key.kind);
  if (input.title.length > max.title) return { ok: false, reason: "too-long", field: "title", max: max.title };
  if (input.body.length > max.body) return { ok: false, reason: "too-long", field: "body", max: max.body };
  await limiter.consume("draft", memberId);
  // A private write: a save over a draft names nothing; a new draft names only the member's own
  // drafts tag (their count of drafts), never a page or a shared read.
  return changes.write(async (tx, changed) => {
    if (!(await draftTargetExists(tx, key))) return { ok: false as const, reason: "no-target" as const };
    if (input.baseVersion === 0) {
      const [created] = await tx
        .insert(drafts)
        .values({ memberId, kind: key.kind, targetId: key.targetId, title: input.title, body: input.body, version: 1 })
        .onConflictDoNothing()
        .returning({ title: drafts.title, body: drafts.body, version: drafts.version, updatedAt: drafts.updatedAt });
      if (created) {
        changed(tag.drafts(memberId));
        return { ok: true as const, draft: created };
      }
      return { ok: false as const, reason: "conflict" as const, current: await getDraft(tx, memberId, key) };
    }
    const [saved] = await tx
      .update(drafts)
      .set({ title: input.title, body: input.body, version: sql`${drafts.version} + 1`, updatedAt: sql`now()` })
      .where(and(where(memberId, key), eq(drafts.version, input.baseVersion)))
      .returning({ title: drafts.title, body: drafts.body, version: drafts.version, updatedAt: drafts.updatedAt });
    if (saved) return { ok: true as const, draft: saved };
    return { ok: false as const, reason: "conflict" as const, current: await getDraft(tx, memberId, key) };
  });
}

/** Discards a member's draft (nothing happens when there is none). */
export async function deleteDraft({ changes }: Pick<Writer, "changes">, memberId: string, key: DraftKey): Promise<{ deleted: boolean }> {
  return changes.write(async (tx, changed) => ({ deleted: await deleteDraftIn(tx, changed, memberId, key) }));
}

/**
 * Removes the draft inside a posting command's transaction: the post and the draft's end commit
 * together. Names the member's drafts tag when there was one.
 */
export async function deleteDraftIn(tx: Tx, changed: Changed, memberId: string, key: DraftKey): Promise<boolean> {
  const removed = await tx.delete(drafts).where(where(memberId, key)).returning({ id: drafts.id });
  if (removed.length) changed(tag.drafts(memberId));
  return removed.length > 0;
}

/** How many drafts a member has (the pages read a draft only when there is some). */
export async function countDrafts(db: Db, memberId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(drafts).where(eq(drafts.memberId, memberId));
  return row?.n ?? 0;
}

/** The member's draft for `key`, read only when their cached count says they have any. */
export async function draftFor(runtime: { db: Db; draftCount: { get(memberId: string): Promise<number> } }, memberId: string, key: DraftKey) {
  return (await runtime.draftCount.get(memberId)) > 0 ? getDraft(runtime.db, memberId, key) : null;
}

/**
 * The member's drafts of one kind for several targets (their edits of their own answers on one
 * question), by target id: one read, and none when their count says they have no drafts.
 */
export async function draftsForTargets(
  runtime: { db: Db; draftCount: { get(memberId: string): Promise<number> } },
  memberId: string,
  kind: DraftKind,
  targetIds: number[],
): Promise<Map<number, Draft>> {
  if (!targetIds.length || (await runtime.draftCount.get(memberId)) === 0) return new Map();
  const rows = await runtime.db
    .select({ targetId: drafts.targetId, title: drafts.title, body: drafts.body, version: drafts.version, updatedAt: drafts.updatedAt })
    .from(drafts)
    .where(and(eq(drafts.memberId, memberId), eq(drafts.kind, kind), inArray(drafts.targetId, targetIds)));
  return new Map(rows.map(({ targetId, ...draft }) => [targetId, draft]));
}

/** Every draft of a member, newest first (their data export). */
export function draftsOf(db: Db, memberId: string) {
  return db
    .select({ kind: drafts.kind, targetId: drafts.targetId, title: drafts.title, body: drafts.body, version: drafts.version, updatedAt: drafts.updatedAt })
    .from(drafts)
    .where(eq(drafts.memberId, memberId))
    .orderBy(desc(drafts.updatedAt));
}

/** Removes drafts nobody saved for DRAFT_KEPT_DAYS (run now and then by every instance). */
export async function pruneDrafts(db: Db): Promise<number> {
  const removed = await db
    .delete(drafts)
    .where(lt(drafts.updatedAt, sql`now() - make_interval(days => ${DRAFT_KEPT_DAYS})`))
    .returning({ id: drafts.id });
  return removed.length;
}
