// Re-authentication before a change that adds or removes a way into the account (a passkey). A
// session is not enough: it may be a stolen cookie. The member re-enters their password (or,
// without one, a fresh two-step code); we record a short-lived proof for that one session, which
// the auth library's passkey endpoints then require and spend (passkey.server.ts).
import { and, eq, gt, sql } from "drizzle-orm";
import type { SecretConfig } from "better-auth/crypto";
import type { Db } from "~/server/infra/db.server";
import { passwordHash } from "./account-data.server";
import { checkFreshTotpCode } from "./totp-replay.server";
import { reauthProofs, users } from "../../../db/schema";

/** How long a proof lasts: enough to answer the browser's passkey prompt, no more. */
export const REAUTH_WINDOW_SECONDS = 300;

export type ReauthMethod = "password" | "code" | "none";

/** What the member can prove themselves with: their password, else a two-step code. */
export async function reauthMethod(db: Db, userId: string): Promise<ReauthMethod> {
  if (await passwordHash(db, userId)) return "password";
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.on ? "code" : "none";
}

export interface ReauthInput {
  db: Db;
  userId: string;
  sessionId: string;
  secret: string;
  /**
   * Checks the password through the auth library's endpoint, which counts the try against the
   * member's limits (auth-limits.server.ts); throws RateLimitedError past them.
   */
  verifyPassword: (password: string) => Promise<boolean>;
  /** Counts a two-step code tried here against the same limits; throws RateLimitedError past them. */
  countCodeTry: () => Promise<void>;
  secretConfig: string | SecretConfig;
}

/** Checks the secret and, when right, records the proof for this session. */
export async function proveIdentity(input: ReauthInput): Promise<"ok" | "wrong" | "used" | "none"> {
  const method = await reauthMethod(input.db, input.userId);
  if (method === "none") return "none";
  let outcome: "ok" | "wrong" | "used";
  if (method === "password") {
    outcome = (await input.verifyPassword(input.secret)) ? "ok" : "wrong";
  } else {
    await input.countCodeTry();
    outcome = await checkFreshTotpCode(input.db, input.secretConfig, input.userId, input.secret.replace(/\s+/g, ""));
  }
  if (outcome !== "ok") return outcome;
  await input.db
    .insert(reauthProofs)
    .values({ sessionId: input.sessionId, userId: input.userId })
    .onConflictDoUpdate({ target: reauthProofs.sessionId, set: { provenAt: sql`now()` } });
  return "ok";
}

/** Whether this session proved itself within the window. */
export async function hasFreshProof(db: Db, sessionId: string, userId: string) {
  const [row] = await db
    .select({ id: reauthProofs.sessionId })
    .from(reauthProofs)
    .where(
      and(
        eq(reauthProofs.sessionId, sessionId),
        eq(reauthProofs.userId, userId),
        gt(reauthProofs.provenAt, sql`now() - make_interval(secs => ${REAUTH_WINDOW_SECONDS})`),
      ),
    );
  return Boolean(row);
}

/**
 * Spends this session's proof, if it is fresh: true for the one call that gets it. One proof
 * serves one change (one passkey added, or removed), however many requests arrive together.
 */
export async function claimProof(db: Db, sessionId: string, userId: string) {
  const rows = await db
    .delete(reauthProofs)
    .where(
      and(
        eq(reauthProofs.sessionId, sessionId),
        eq(reauthProofs.userId, userId),
        gt(reauthProofs.provenAt, sql`now() - make_interval(secs => ${REAUTH_WINDOW_SECONDS})`),
      ),
    )
    .returning({ id: reauthProofs.sessionId });
  return rows.length > 0;
}
