// Which of our per-account limits an auth library call counts against, before it runs. Every
// check of a password, a two-step code or a backup code counts, whichever door it comes through
// (our forms call the same endpoints, auth-calls.server.ts): a guesser gains nothing by using the
// library's JSON endpoints, or by sending each guess from another address.
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { LimitName } from "~/server/infra/rate-limit.server";

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Consume = (name: LimitName, key: string) => Promise<void>;

/** Endpoints that check the signed-in member's password. */
const PASSWORD_PATHS = new Set([
  "/verify-password",
  "/change-password",
  "/delete-user",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/generate-backup-codes",
]);
/** Endpoints that check a two-step code or a backup code (signed in, or halfway through signing in). */
const CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp"]);
const TWO_FACTOR_COOKIE = "two_factor";

/** The client address of an auth call: the server sets X-Forwarded-For to the one it trusts. */
export function clientOf(headers: Headers | undefined): string {
  return headers?.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/** The account key every secret check counts under: the address, as signing in names it. */
const accountKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

/**
 * Takes the points a call that checks a secret costs: per account everywhere (accountSecrets);
 * for a signed-in member also the re-authentication limit (reauth), which our own confirmation
 * form spends too; at sign-in per account and address; halfway through a sign-in per pending
 * sign-in. Calls that check nothing cost nothing here.
 */
export async function countSecretCheck(ctx: AuthContext, consume: Consume) {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (ctx.path === "/sign-in/email") {
    if (typeof body.email !== "string" || !body.email.trim()) return;
    const email = accountKey(body.email);
    await consume("signInAccount", `${email} ${clientOf(ctx.headers)}`);
    await consume("accountSecrets", email);
    return;
  }
  if (!PASSWORD_PATHS.has(ctx.path) && !CODE_PATHS.has(ctx.path)) return;
  const session = await getSessionFromCtx(ctx);
  if (session) return countMemberSecretCheck(consume, session.user);
  if (!CODE_PATHS.has(ctx.path)) return; // The endpoint itself refuses a call without a session.
  // Halfway through signing in: per pending sign-in (the library's two-factor cookie), per address
  // as a fallback, and per account.
  const pending = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]*)/.exec(ctx.headers?.get("cookie") ?? "")?.[1];
  await consume("twoFactorAttempt", pending ? `pending ${pending}` : `address ${clientOf(ctx.headers)}`);
  const userId = await pendingUserId(ctx);
  const user = userId ? await ctx.context.internalAdapter.findUserById(userId) : null;
  if (user) await consume("accountSecrets", accountKey(user.email));
}

/** The points a secret checked for a signed-in member costs, wherever it is checked. */
export async function countMemberSecretCheck(consume: Consume, member: { id: string; email: string }) {
  await consume("reauth", member.id);
  await consume("accountSecrets", accountKey(member.email));
}

/** Whose sign-in the library's signed two-factor cookie belongs to, or null. */
async function pendingUserId(ctx: AuthContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

/**
 * Whose code a /two-factor/verify-totp call checks: the signed-in member's (turning two-step
 * verification on) or, halfway through signing in, the one the library's signed cookie names.
 */
export async function twoFactorUserId(ctx: AuthContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  return session ? session.user.id : pendingUserId(ctx);
}
