// Finding a member for moderators: by name, or (for admins) by email address too. Emails are
// read only when the viewer is an admin, so a moderator's page never carries them.
import { and, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "~/server/infra/db.server";
import { shownName } from "./account-policy.server";
import { profiles, users } from "../../../db/schema";

export interface MemberLine {
  id: string;
  name: string;
  email: string | null;
  role: string;
  silencedUntil: string | null;
  suspended: boolean;
  joinedAt: string;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: users.id,
  displayName: profiles.displayName,
  email: users.email,
  role: users.role,
  silencedUntil: users.silencedUntil,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
};

function line(
  r: { id: string; displayName: string | null; email: string; role: string; silencedUntil: Date | null; suspendedAt: Date | null; createdAt: Date },
  withEmail: boolean,
): MemberLine {
  return {
    id: r.id,
    name: shownName(r.displayName) ?? "No name yet",
    email: withEmail ? r.email : null,
    role: r.role,
    silencedUntil: r.silencedUntil && r.silencedUntil.getTime() > Date.now() ? r.silencedUntil.toISOString() : null,
    suspended: r.suspendedAt !== null,
    joinedAt: new Date(r.createdAt).toISOString(),
  };
}

/** Up to 25 members whose name (or, for admins, email) holds `query`; staff and silenced first when empty. */
export async function findMembers(db: Db, query: string, options: { withEmail: boolean }) {
  const q = query.trim().slice(0, 100);
  const match = q
    ? options.withEmail
      ? or(ilike(profiles.displayName, like(q)), ilike(users.email, like(q)))
      : ilike(profiles.displayName, like(q))
    : // With nothing typed: the staff and anyone silenced or suspended, the accounts one looks after.
      or(sql`${users.role} <> 'member'`, sql`${users.silencedUntil} > now()`, sql`${users.suspendedAt} is not null`);
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(match))
    .orderBy(profiles.displayName, users.id)
    .limit(25);
  return rows.map((r) => line(r, options.withEmail));
}

export async function memberById(db: Db, id: string, options: { withEmail: boolean }) {
  if (!id || id.length > 100) return null;
  const [row] = await db.select(columns).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, id));
  return row ? line(row, options.withEmail) : null;
}
