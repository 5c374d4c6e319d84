// A member's standing: silenced until a date (reads and signs in, posts nothing) or suspended
// (no sign-in, every session ended), and who may set it. Each change is one transaction with its
// line in the moderators' record; a suspension deletes the member's sessions and names their
// account, so every instance forgets the sessions it remembers (auth-changes.server.ts).
import { count, eq, sql } from "drizzle-orm";
import type { Role } from "~/lib/roles";
import { ROLES } from "~/lib/roles";
import { SILENCE_DAYS, silencedMessage } from "~/lib/standing";
import type { Db } from "~/server/infra/db.server";
import type { Tx, Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { recordAction } from "./moderator-record.server";
import { sessions, users } from "../../../db/schema";

/** A refusal with the words the moderator reads; nothing was changed. */
export class StandingRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 = 403,
  ) {
    super(message);
  }
}

interface Standing {
  role: Role;
  silencedUntil: Date | null;
  suspended: boolean;
}

async function standingRow(db: Db | Tx, memberId: string, lock = false): Promise<Standing | null> {
  const query = db.select({ role: users.role, silencedUntil: users.silencedUntil, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, memberId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const until = row.silencedUntil && row.silencedUntil.getTime() > Date.now() ? row.silencedUntil : null;
  return { role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : "member", silencedUntil: until, suspended: row.suspendedAt !== null };
}

/**
 * Null when the member may post; otherwise the message that says until when they may not and
 * where to write meanwhile. Every path that stores a post asks this first.
 */
export async function postingRefusal(db: Db | Tx, memberId: string): Promise<string | null> {
  const standing = await standingRow(db, memberId);
  if (standing?.suspended) return "This account is suspended, so it cannot post.";
  return standing?.silencedUntil ? silencedMessage(standing.silencedUntil) : null;
}

/** Whether an account may start a session (the auth library's hook asks before each sign-in). */
export async function isSuspended(db: Db, memberId: string) {
  return Boolean((await standingRow(db, memberId))?.suspended);
}

export const REASON_MAX = 500;

function checkedReason(raw: unknown) {
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (reason.length < 3) throw new StandingRefused("Please give a short reason (a few words): it is kept in the moderators' record.", 400);
  if (reason.length > REASON_MAX) throw new StandingRefused(`Please keep the reason under ${REASON_MAX} characters.`, 400);
  return reason;
}

interface Actor {
  id: string;
  role: Role;
}

/** Who may act on whom: never on oneself; moderators on members only; admins on members and moderators. */
function mayActOn(actor: Actor, target: { id: string; role: Role }) {
  if (actor.id === target.id) throw new StandingRefused("You cannot do this to your own account.");
  if (actor.role !== "admin" && actor.role !== "moderator") throw new StandingRefused("Only moderators can do this.");
  if (target.role === "admin") throw new StandingRefused("An admin cannot be silenced or suspended. An admin can change their role first.");
  if (target.role === "moderator" && actor.role !== "admin") throw new StandingRefused("Only an admin can act on a moderator.");
}

export type StandingChange =
  | { action: "silence"; days: number; reason: unknown }
  | { action: "suspend"; reason: unknown }
  | { action: "lift-silence" | "lift-suspension"; reason?: unknown };

/** Silences, suspends or lifts either; returns what the moderator is told. */
export async function changeStanding({ changes }: Pick<Writer, "changes">, actor: Actor, memberId: string, change: StandingChange) {
  const lifting = change.action === "lift-silence" || change.action === "lift-suspension";
  const reason = lifting ? (typeof change.reason === "string" && change.reason.trim() ? checkedReason(change.reason) : null) : checkedReason(change.reason);
  if (change.action === "silence" && !(SILENCE_DAYS as readonly number[]).includes(change.days)) {
    throw new StandingRefused("Please choose how long: 1 day, 7 days or 30 days.", 400);
  }
  return changes.write(async (tx, changed) => {
    const target = await standingRow(tx, memberId, true);
    if (!target) throw new StandingRefused("That member could not be found.", 404);
    mayActOn(actor, { id: memberId, role: target.role });
    const line = { actorId: actor.id, memberId, reason };
    if (change.action === "silence") {
      const until = new Date(Date.now() + change.days * 86_400_000);
      await tx.update(users).set({ silencedUntil: until }).where(eq(users.id, memberId));
      await recordAction(tx, { ...line, action: "silence", until });
      changed(tag.account(memberId));
      return { title: "Member silenced", until };
    }
    if (change.action === "suspend") {
      if (target.suspended) throw new StandingRefused("This account is already suspended.", 409);
      await tx.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, memberId));
      // Every session ends here; the account's tag makes each instance forget the ones it remembers.
      await tx.delete(sessions).where(eq(sessions.userId, memberId));
      await recordAction(tx, { ...line, action: "suspend" });
      changed(tag.account(memberId));
      return { title: "Account suspended", until: null };
    }
    const column = change.action === "lift-silence" ? { silencedUntil: null } : { suspendedAt: null };
    const was = change.action === "lift-silence" ? target.silencedUntil !== null : target.suspended;
    if (!was) throw new StandingRefused(change.action === "lift-silence" ? "This member is not silenced." : "This account is not suspended.", 409);
    await tx.update(users).set(column).where(eq(users.id, memberId));
    await recordAction(tx, { ...line, action: change.action });
    changed(tag.account(memberId));
    return { title: change.action === "lift-silence" ? "Silence lifted" : "Suspension lifted", until: null };
  });
}

/**
 * An admin gives a member a role. An admin may step down (never the last one); the member's posts
 * show their new role beside their name, and their sessions learn of it on every instance.
 */
export async function changeRole({ changes }: Pick<Writer, "changes">, actor: Actor, memberId: string, role: unknown, rawReason: unknown) {
  if (actor.role !== "admin") throw new StandingRefused("Only an admin can change a member's role.");
  if (typeof role !== "string" || !(ROLES as readonly string[]).includes(role)) throw new StandingRefused("Please choose member, moderator or admin.", 400);
  const reason = checkedReason(rawReason);
  return changes.write(async (tx, changed) => {
    const target = await standingRow(tx, memberId, true);
    if (!target) throw new StandingRefused("That member could not be found.", 404);
    if (target.role === role) throw new StandingRefused(`This member is already ${role === "admin" ? "an" : "a"} ${role}.`, 409);
    if (target.role === "admin") {
      // Admins' rows are locked in one order, so two admins stepping down at once cannot both pass.
      await tx.execute(sql`select id from users where role = 'admin' order by id for update`);
      const [admins] = await tx.select({ n: count() }).from(users).where(eq(users.role, "admin"));
      if ((admins?.n ?? 0) <= 1) throw new StandingRefused("This is the last admin: make someone else an admin first.", 409);
    }
    await tx.update(users).set({ role }).where(eq(users.id, memberId));
    await recordAction(tx, { actorId: actor.id, memberId, action: "role", reason, detail: `${target.role} → ${role}` });
    changed(tag.account(memberId), tag.member(memberId));
    return { title: "Role changed", role: role as Role };
  });
}
