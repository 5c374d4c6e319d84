// What the JSON API needs to know about a token's subject.
import { and, eq, gt, sql } from "drizzle-orm";
import { sessions, users } from "../../../db/schema";
import type { Db } from "~/server/infra/db.server";

/** Whether `id` is a user (a token outlives a deleted account by up to its expiry). */
export async function userExists(db: Db, id: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row);
}

/** Whether the session a token names is still open: one indexed read by primary key. */
export async function sessionOpen(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return Boolean(row);
}
