// Passkeys (WebAuthn) through Better Auth's passkey plugin: members add one on /account/security and
// sign in with it on /auth instead of typing a password. A passkey that asked for the person's
// fingerprint, face or device PIN is something they have and something they are or know, so a
// session it starts is marked and counts as two-step (see session.server.ts).
import { passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { APIError } from "better-auth/api";
import { SITE_NAME, type Env } from "./env.server";

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
            before: async (session, context) =>
              context?.path === PASSKEY_SIGN_IN_PATH ? { data: { ...session, signInMethod: PASSKEY_METHOD } } : undefined,
          },
        },
      },
    },
  }),
} satisfies BetterAuthPlugin;

export function passkeyPlugins(env: Env) {
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
            throw new APIError("UNAUTHORIZED", { message: "Your device did not check that it was you. Unlock the passkey with your fingerprint, face or PIN." });
          }
        },
      },
    }),
    passkeySessions,
  ];
}
