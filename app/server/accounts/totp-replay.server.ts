// A one-time code is good once. The auth library accepts any code of the previous, current or
// next 30-second step, so a code seen over a shoulder or in a log would work again for up to a
// minute and a half. Before it checks one, we find the step the code belongs to and claim it in
// PostgreSQL with one conditional UPDATE: only a step later than the last accepted one passes,
// and two requests with the same code (on one instance or on several) cannot both win.
import { createOTP } from "@better-auth/utils/otp";
import { base32 } from "@better-auth/utils/base32";
import { symmetricDecrypt, type SecretConfig } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "~/server/infra/db.server";
import { twoFactors } from "../../../db/schema";

export const TOTP_PERIOD = 30;
const DIGITS = 6;
export const CODE_USED_MESSAGE = "This code has already been used. Please wait for the next code from your authenticator app.";

/** The time step (of the previous, current and next) whose code is `code`, or null. */
export async function totpStepOf(secret: string | Uint8Array, code: string, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const otp = createOTP(secret, { period: TOTP_PERIOD, digits: DIGITS });
  const current = Math.floor(now / 1000 / TOTP_PERIOD);
  for (const step of [current - 1, current, current + 1]) {
    if ((await otp.hotp(step)) === code) return step;
  }
  return null;
}

/**
 * Claims `code` for `userId`: false when the code (or a later one) was already accepted. A code
 * that matches no step is left to the auth library, which refuses it as wrong.
 */
export async function claimTotpCode(db: Db, key: string | SecretConfig, userId: string, code: string) {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) return true;
  const stored = await symmetricDecrypt({ key, data: row.secret });
  // Secrets imported from another provider are kept as "base32:<secret>".
  const secret = stored.startsWith("base32:") ? base32.decode(stored.slice(7).toUpperCase()) : stored;
  const step = await totpStepOf(secret, code);
  if (step === null) return true;
  const claimed = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}

/**
 * Checks a code for a member who proves who they are without a password (before adding a
 * passkey): "ok" only for a right code never accepted before, claimed so it works once.
 */
export async function checkFreshTotpCode(db: Db, key: string | SecretConfig, userId: string, code: string): Promise<"ok" | "wrong" | "used"> {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row || !/^\d{6}$/.test(code)) return "wrong";
  const stored = await symmetricDecrypt({ key, data: row.secret });
  const secret = stored.startsWith("base32:") ? base32.decode(stored.slice(7).toUpperCase()) : stored;
  if ((await totpStepOf(secret, code)) === null) return "wrong";
  return (await claimTotpCode(db, key, userId, code)) ? "ok" : "used";
}
