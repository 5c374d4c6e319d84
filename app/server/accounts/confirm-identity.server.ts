// "Is it really you?" before a change that adds or takes away a way into the account (adding or
// removing a passkey): the member re-enters their password, or without one a fresh two-step code.
// The password is checked by the auth library's endpoint and the code here, and both count
// against the member's limits (auth-limits.server.ts), so a stolen session cannot guess on.
import { authMessage, callAuth, type AuthCaller } from "./auth-calls.server";
import { countMemberSecretCheck } from "./auth-limits.server";
import { LIMITS } from "~/lib/limits";
import { isRateLimited, RateLimitedError } from "~/server/infra/rate-limit.server";
import { proveIdentity } from "./reauth.server";
import type { Db } from "~/server/infra/db.server";
import type { RateLimiter } from "~/server/infra/rate-limit.server";

export type Confirmation = { ok: true } | { ok: false; status: 400 | 429; message: string };

const REFUSED = {
  wrong: "That is not right. Check your password (or the code from your authenticator app) and try again.",
  used: "This code has already been used. Please wait for the next code from your authenticator app.",
  none: "Your account has no password or two-step verification to confirm it is you. Choose a password first (Forgot password on the sign-in page).",
} as const;

/**
 * Checks `secret` for the signed-in member and, when right, records a short-lived proof for this
 * session (reauth.server.ts); `missing` is what to say when nothing was typed.
 */
export async function confirmIdentity(
  runtime: AuthCaller & { db: Db; limiter: RateLimiter },
  request: Request,
  viewer: { id: string; email: string; sessionId: string },
  secret: string,
  missing: string,
): Promise<Confirmation> {
  if (!secret) return { ok: false, status: 400, message: missing };
  try {
    const outcome = await proveIdentity({
      db: runtime.db,
      userId: viewer.id,
      sessionId: viewer.sessionId,
      secret: secret.slice(0, LIMITS.passwordMax + 1),
      secretConfig: (await runtime.auth.$context).secretConfig,
      verifyPassword: async (password) => {
        const result = await callAuth(runtime, request, "/verify-password", { password });
        if (result.status === 429) throw new RateLimitedError(authMessage(result), result.retryAfter ?? 60);
        return result.ok;
      },
      countCodeTry: () => countMemberSecretCheck((name, key) => runtime.limiter.consume(name, key), viewer),
    });
    return outcome === "ok" ? { ok: true } : { ok: false, status: 400, message: REFUSED[outcome] };
  } catch (error) {
    if (isRateLimited(error)) return { ok: false, status: 429, message: error.message };
    throw error;
  }
}
