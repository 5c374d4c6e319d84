// Muting: a member folds another member's posts on their own pages and stops being notified by
// them. Private to the member who mutes (only their /account lists it; the muted member is never
// told). Moderators and admins cannot be muted: their notes on posts keep the community safe.
import { and, desc, eq, inArray } from "drizzle-orm";
import { isRowId } from "~/lib/validation";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import type { Db } from "~/server/infra/db.server";
import { shownName } from "./account-policy.server";
import { memberMutes, profiles, users } from "../../../db/schema";

export class CannotMuteError extends Error {}

export const MUTE_SELF = "You cannot mute yourself.";
export const MUTE_STAFF = "Moderators and Capsiva staff cannot be muted: their notes help keep the community safe.";
export const MUTE_UNKNOWN = "That member could not be found.";

/** Mutes the member whose public profile has `handle`; muting them again changes nothing. */
export async function muteMember({ db, changes }: Pick<Writer, "db" | "changes">, memberId: string, handle: string) {
  const [target] = await db
    .select({ id: profiles.id, role: users.role })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.profileHandle, handle), eq(profiles.publicProfile, true)));
  if (!target) throw new CannotMuteError(MUTE_UNKNOWN);
  if (target.id === memberId) throw new CannotMuteError(MUTE_SELF);
  if (target.role === "moderator" || target.role === "admin") throw new CannotMuteError(MUTE_STAFF);
  await changes.write(async (tx, changed) => {
    const added = await tx.insert(memberMutes).values({ memberId, mutedId: target.id }).onConflictDoNothing().returning({ id: memberMutes.id });
    if (added.length) changed(tag.account(memberId));
  });
}

/** Removes one mute from the member's own list; false when it is not theirs (or not there). */
export async function unmute({ changes }: Pick<Writer, "changes">, memberId: string, muteId: number) {
  if (!isRowId(muteId)) return false;
  return changes.write(async (tx, changed) => {
    const rows = await tx
      .delete(memberMutes)
      .where(and(eq(memberMutes.id, muteId), eq(memberMutes.memberId, memberId)))
      .returning({ id: memberMutes.id });
    if (rows.length) changed(tag.account(memberId));
    return rows.length > 0;
  });
}

/** Whether a mute with this id exists at all (to tell "not yours" from "already gone"). */
export async function muteExists(db: Db, muteId: number) {
  if (!isRowId(muteId)) return false;
  const [row] = await db.select({ id: memberMutes.id }).from(memberMutes).where(eq(memberMutes.id, muteId));
  return Boolean(row);
}

/** The member's own list, newest first: the mute's id, the muted member's name and profile handle. */
export async function listMuted(db: Db, memberId: string) {
  const rows = await db
    .select({ id: memberMutes.id, name: profiles.displayName, handle: profiles.profileHandle, createdAt: memberMutes.createdAt })
    .from(memberMutes)
    .innerJoin(profiles, eq(profiles.id, memberMutes.mutedId))
    .where(eq(memberMutes.memberId, memberId))
    .orderBy(desc(memberMutes.createdAt), desc(memberMutes.id));
  return rows.map((r) => ({ id: r.id, name: shownName(r.name) ?? "A member", handle: r.handle, createdAt: new Date(r.createdAt).toISOString() }));
}

/** Which of `authorIds` the member muted (one statement; none asked, none read). */
export async function mutedAmong(db: Db, memberId: string, authorIds: (string | null)[]) {
  const ids = [...new Set(authorIds.filter((id): id is string => id !== null && id !== memberId))];
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: memberMutes.mutedId })
    .from(memberMutes)
    .where(and(eq(memberMutes.memberId, memberId), inArray(memberMutes.mutedId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** What a profile page offers its signed-in reader: Mute, Unmute (the mute's id), or nothing (staff, themselves). */
export async function muteChoice(db: Db, memberId: string, otherId: string): Promise<{ muteId: number | null } | null> {
  if (memberId === otherId) return null;
  const [row] = await db
    .select({ role: users.role, muteId: memberMutes.id })
    .from(users)
    .leftJoin(memberMutes, and(eq(memberMutes.memberId, memberId), eq(memberMutes.mutedId, users.id)))
    .where(eq(users.id, otherId));
  if (!row || row.role === "moderator" || row.role === "admin") return null;
  return { muteId: row.muteId };
}
