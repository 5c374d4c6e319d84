// Passkeys (WebAuthn) through Better Auth's passkey plugin: members add one on /account/security and
// sign in with it on /auth instead of typing a password. A passkey that asked for the person's
// fingerprint, face or device PIN is something they have and something they are or know, so a
// session it starts is marked and counts as two-step (see session.server.ts).
import { passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/server/infra/db.server";
import { SITE_NAME } from "~/lib/seo";
import type { Env } from "~/server/infra/env.server";
import { claimProof, hasFreshProof } from "./reauth.server";
import { passkeys } from "../../../db/schema";

export const PASSKEY_SIGN_IN_PATH = "/passkey/verify-authentication";
/** What a session started with a passkey carries in `signInMethod`. */
export const PASSKEY_METHOD = "passkey";

/** Marks sessions created by a passkey sign-in; every other session keeps a null method. */
const passkeySessions = {
  id: "passkey-sessions",
  schema: { session: { fields: { signInMethod: { type: "string", required: false, input: false } } } },
  init: () => ({
    options: {
      databaseHooks: {
        session: {
          create: {
            before: async (session, context) => (context?.path === PASSKEY_SIGN_IN_PATH ? { data: { ...session, signInMethod: PASSKEY_METHOD } } : undefined),
          },
        },
      },
    },
  }),
} satisfies BetterAuthPlugin;

const OPTIONS_PATH = "/passkey/generate-register-options";
// Calls that add or remove a passkey: each spends the session's proof, so one proof is one change.
const SPENDING_PATHS = new Set(["/passkey/verify-registration", "/passkey/delete-passkey"]);
export const REAUTH_REQUIRED = "REAUTH_REQUIRED";

/**
 * Adding or removing a passkey needs the session to have re-entered its password (or a fresh
 * two-step code) moments before (reauth.server.ts): a stolen cookie alone can neither plant a
 * lasting way in nor take the owner's away. Registration options may be asked for again under
 * one proof; storing or deleting a passkey spends it, atomically, so two registrations sent
 * together store one passkey. After one is added the member is told; after a passkey sign-in,
 * the passkey's last use is recorded.
 */
function passkeyGuard(db: Db, onAdded: (userId: string, name: string) => Promise<void>) {
  return {
    id: "passkey-guard",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === OPTIONS_PATH || SPENDING_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const adding = ctx.path !== "/passkey/delete-passkey";
            const session = await getSessionFromCtx(ctx);
            if (!session) throw new APIError("UNAUTHORIZED", { message: "Please sign in again before changing your passkeys.", code: "SESSION_REQUIRED" });
            const proven = SPENDING_PATHS.has(ctx.path)
              ? await claimProof(db, session.session.id, session.user.id)
              : await hasFreshProof(db, session.session.id, session.user.id);
            if (!proven) {
              const change = adding ? "adding" : "removing";
              throw new APIError("FORBIDDEN", { message: `Confirm your password (or a two-step code) before ${change} a passkey.`, code: REAUTH_REQUIRED });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/passkey/verify-registration" || ctx.path === PASSKEY_SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { id?: string; name?: string; userId?: string } | undefined;
            if (isAPIError(returned) || !returned) return;
            if (ctx.path === PASSKEY_SIGN_IN_PATH) {
              const credentialId = (ctx.body as { response?: { id?: unknown } } | undefined)?.response?.id;
              if (typeof credentialId === "string")
                await db
                  .update(passkeys)
                  .set({ lastUsedAt: sql`now()` })
                  .where(eq(passkeys.credentialID, credentialId));
              return;
            }
            if (returned.userId) await onAdded(returned.userId, returned.name ?? "");
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** The member's passkeys with when each was added and last used (for the security page). */
export async function memberPasskeys(db: Db, userId: string) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
}

/** Removes all of a member's passkeys (offered with a password reset and signing out everywhere). */
export async function removeAllPasskeys(db: Db, userId: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length;
}

export function passkeyPlugins(env: Env, deps: { db: Db; onAdded: (userId: string, name: string) => Promise<void> }) {
  const site = new URL(env.SITE_URL);
  return [
    passkey({
      rpID: site.hostname,
      rpName: SITE_NAME,
      origin: site.origin,
      // A passkey the browser can offer without an email typed first, unlocked by the person.
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      authentication: {
        // The plugin accepts a passkey used without user verification; we do not, because such a
        // sign-in would be one factor but counted as two.
        afterVerification: async ({ verification }) => {
          if (!verification.authenticationInfo.userVerified) {
            throw new APIError("UNAUTHORIZED", {
              message: "Your device did not check that it was you. Unlock the passkey with your fingerprint, face or PIN.",
            });
          }
        },
      },
    }),
    passkeySessions,
    passkeyGuard(deps.db, deps.onAdded),
  ];
}
