// What the JSON API needs to know about a token's subject.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Db } from "./db.server";

/** Whether `id` is a user (a token outlives a deleted account by up to its expiry). */
export async function userExists(db: Db, id: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row);
}
