// Authentication is Better Auth's job: password hashing, sessions, email verification,
// password reset, TOTP two-factor with backup codes, and JWT/JWKS for the JSON API.
// We configure it here and add the helpers routes need (requireUser, requireRole).
import { betterAuth, getCurrentAdapter } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError, sendVerificationEmailFn } from "better-auth/api";
import { jwt, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { SITE_NAME } from "~/lib/seo";
import type { Env } from "~/server/infra/env.server";
import { isDatabaseUnavailable, type Db } from "~/server/infra/db.server";
import { isRateLimited, RateLimitedError, type LimitName, type RateLimiter } from "~/server/infra/rate-limit.server";
import { profiles, schema, users } from "../../../db/schema";
import { checkDisplayName, passwordProblem } from "~/server/members/members.server";
import { claimTotpCode, CODE_USED_MESSAGE } from "./totp-replay.server";
import { passkeyPlugins } from "./passkey.server";
import { confirmEmailMail, knownAddressMail, resetPasswordMail } from "~/mail/account-mails";
import type { RenderedMail } from "~/mail/mail-document";
import { SIGN_UP_REFUSED_MESSAGE } from "~/server/notifications/notifications.server";
import { queueAccountMail } from "~/server/notifications/notifications.server";
import { noticePasskeyAdded } from "./account-notices.server";
import { betterAuthLogger, type Logger } from "~/server/infra/log.server";
import { answeringOutages } from "./auth-outage.server";
import { authChangeTags } from "./auth-changes.server";
import type { Changes } from "~/server/infra/change-events.server";
import { clientOf, countSecretCheck, twoFactorUserId } from "./auth-limits.server";
import { isSuspended } from "~/server/members/members.server";
import { SUSPENDED_MESSAGE } from "~/lib/standing";
import { ageProblem } from "~/lib/minimum-age";

export { ROLES, type Role } from "~/lib/roles";

// Where each endpoint that sets a password takes the new one from.
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
};

const refuse = (message: string, code: string) => new APIError("BAD_REQUEST", { message, code });

/** A name as an account may hold it: empty (no display name yet), or one the rule accepts. */
function nameToStore(raw: unknown): { name: string; problem: string | null } {
  if (raw === undefined || raw === null || (typeof raw === "string" && !raw.trim())) return { name: "", problem: null };
  const checked = checkDisplayName(raw);
  return checked.problem === null ? { name: checked.name, problem: null } : { name: "", problem: checked.problem };
}
function storedName(raw: unknown) {
  const { name, problem } = nameToStore(raw);
  if (problem) throw refuse(problem, "NAME_REFUSED");
  return name;
}

export function createAuth(options: {
  db: Db;
  env: Env;
  secret: string;
  log: Logger;
  /** Our per-account limits, applied to the library's own endpoints as much as to our forms. */
  limiter?: RateLimiter;
  /** Where a successful call's changes are recorded (auth-changes.server.ts): remembered sessions, names. */
  changes: Changes;
  /** One round trip to the database: tells an outage from a refusal (auth-outage.server.ts). */
  ping?: () => Promise<void>;
  /** Called after an account mail was queued in the outbox, to send it at once. */
  onMail?: () => void;
}) {
  const { db, env, limiter, changes } = options;
  // Account mails wait in the outbox (email/outbox.server.ts); a sender delivers them at once.
  const queue = async (user: { id: string; email: string }, mail: RenderedMail) => {
    await queueAccountMail(db, { memberId: user.id, to: user.email, ...mail });
    options.onMail?.();
  };
  // Mails anyone can make the site send to an address (a sign-up with it, a confirmation link
  // asked for again) go out a few an hour per address and kind, counted by every instance,
  // whoever asks and from wherever; past that they are dropped without a word to the asker, who
  // learns nothing about the address either way. Reset links have their own limit (resetAccount).
  const queueUnasked = async (kind: "known-address" | "confirm", user: { id: string; email: string }, mail: RenderedMail) => {
    try {
      await limiter?.consume("unaskedMail", `${kind} ${user.email.trim().toLowerCase()}`);
    } catch (error) {
      if (!isRateLimited(error)) throw error;
      options.log.info({ kind }, "account mail not queued: this address had several of this kind in the last hour");
      return;
    }
    await queue(user, mail);
  };
  // Takes a point, answering 429 with our message when the limit is reached.
  const consume = async (name: LimitName, key: string) => {
    try {
      await limiter?.consume(name, key);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { message: error.message, code: "RATE_LIMITED" },
        { "Retry-After": String(error.retryAfterSeconds), "X-Retry-After": String(error.retryAfterSeconds) },
      );
    }
  };
  const auth = betterAuth({
    appName: SITE_NAME,
    baseURL: env.SITE_URL,
    basePath: "/api/auth",
    secret: options.secret,
    telemetry: { enabled: false },
    logger: betterAuthLogger(options.log, isDatabaseUnavailable),
    // What the library cannot handle is thrown to answeringOutages, not printed to the console.
    onAPIError: { throw: true },
    trustedOrigins: [env.SITE_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
        passkey: schema.passkeys,
        jwks: schema.jwks,
        rateLimit: schema.rateLimits,
      },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "member", input: false },
        // Read by the session hook below; never set through the library, never in its answers.
        suspendedAt: { type: "date", required: false, input: false, returned: false },
      },
      // Deleting through the library's own endpoint takes the password every time (never just a
      // fresh session, which anyone at an unlocked screen has); the before hook insists on it.
      // What the member wrote stays, shown as 'Anonymous'. /account offers removing it too.
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: !env.requireEmailVerification,
      requireEmailVerification: env.requireEmailVerification,
      // With verification on, signing up with a known address answers like a new sign-up; the
      // owner gets a mail saying so instead of a confirmation link.
      onExistingUserSignUp: ({ user }) => queueUnasked("known-address", user, knownAddressMail(user.email, env.SITE_URL)),
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) => queue(user, resetPasswordMail(user.email, url)),
    },
    emailVerification: {
      sendOnSignUp: env.requireEmailVerification,
      // ADMIN_EMAILS grants the role only to an address its owner has proved: whoever signs up
      // first with a listed address gets nothing until they open the link mailed to it.
      afterEmailVerification: async (user) => {
        if (!env.ADMIN_EMAILS.includes(user.email.toLowerCase())) return;
        await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
      },
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, url }) => queueUnasked("confirm", user, confirmEmailMail(url)),
    },
    databaseHooks: {
      // A suspended account starts no session, whichever way it signs in (password, passkey,
      // two-step code); the refusal comes after the credentials were checked, so only the owner reads it.
      session: {
        create: {
          before: async (session, ctx) => {
            // Read through the library's own adapter: a sign-up starts its session inside the
            // transaction that creates the account, which another connection would wait on.
            const adapter = ctx ? await getCurrentAdapter(ctx.context.adapter) : null;
            const user = adapter
              ? await adapter.findOne<{ suspendedAt?: Date | null }>({ model: "user", where: [{ field: "id", value: session.userId }] })
              : null;
            const suspended = adapter ? Boolean(user?.suspendedAt) : await isSuspended(db, session.userId);
            if (suspended) throw new APIError("FORBIDDEN", { message: SUSPENDED_MESSAGE, code: "ACCOUNT_SUSPENDED" });
          },
        },
      },
      user: {
        create: {
          // Every account starts as a member; roles come from the CLI or a verified listed address.
          // The name is held to the display-name rule whatever path creates the account.
          before: async (user) => ({ data: { ...user, role: "member", name: storedName(user.name) } }),
          // A name chosen at sign-up (checked by the hook below) is the member's display name.
          after: async (user) => {
            if (user.name) await db.update(profiles).set({ displayName: user.name }).where(eq(profiles.id, user.id));
          },
        },
        update: {
          before: async (user) => ("name" in user ? { data: { ...user, name: storedName(user.name) } } : undefined),
        },
      },
    },
    hooks: {
      // Before every call, through the HTTP handler or `auth.api` alike. First our per-account
      // limits, so that the library's own JSON endpoints (/api/auth/sign-in/email,
      // /api/auth/request-password-reset ...) are held to them as our forms are (the client
      // address is the one the HTTP server trusts, server/app.ts); then the rules the library
      // does not know (our password policy, reserved names, one use per one-time code).
      before: createAuthMiddleware(async (ctx) => {
        const email = typeof ctx.body?.email === "string" ? ctx.body.email.trim().toLowerCase().slice(0, 320) : "";
        await countSecretCheck(ctx, consume);
        if ((ctx.path === "/request-password-reset" || ctx.path === "/forget-password") && email) {
          await consume("resetAccount", email);
        }
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const passwordField = NEW_PASSWORD_FIELDS[ctx.path];
        if (passwordField && typeof body[passwordField] === "string") {
          const problem = passwordProblem(body[passwordField]);
          if (problem) throw refuse(problem, "PASSWORD_REFUSED");
        }
        // The minimum age is confirmed by every sign-up, the JSON endpoint's as much as the form's
        // (which sends it once its checkbox is ticked): without it nothing is created.
        if (ctx.path === "/sign-up/email" && body.ageConfirmed !== true) throw refuse(ageProblem(env.MINIMUM_AGE), "AGE_NOT_CONFIRMED");
        if ((ctx.path === "/sign-up/email" || ctx.path === "/update-user") && body.name !== undefined) {
          const problem = nameToStore(body.name).problem;
          if (problem) throw refuse(problem, "NAME_REFUSED");
        }
        if (ctx.path === "/delete-user" && (typeof body.password !== "string" || !body.password)) {
          throw refuse("Please enter your password to delete your account.", "PASSWORD_REQUIRED");
        }
        // Deletion by a mailed token is not offered: nothing here ever sends one. The library's
        // session list would hand any one session the raw tokens of all the others; /account
        // lists sessions through our own code, without tokens, so the endpoint is closed.
        if (ctx.path === "/delete-user/callback" || ctx.path === "/list-sessions") throw new APIError("NOT_FOUND");
        if (ctx.path === "/two-factor/verify-totp" && typeof body.code === "string") {
          const userId = await twoFactorUserId(ctx);
          if (userId && !(await claimTotpCode(db, ctx.context.secretConfig, userId, body.code))) {
            throw new APIError("UNAUTHORIZED", { message: CODE_USED_MESSAGE, code: "TOTP_CODE_USED" });
          }
        }
      }),
      // After every call, through the HTTP handler or `auth.api` alike.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email" && !isAPIError(ctx.context.returned) && typeof ctx.body?.email === "string") {
          // A member who got in after a few mistakes starts again from a full allowance here.
          await limiter?.reset("signInAccount", `${ctx.body.email.trim().toLowerCase().slice(0, 320)} ${clientOf(ctx.headers)}`);
        }
        if (ctx.path === "/sign-up/email" && isAPIError(ctx.context.returned) && ctx.context.returned.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
          // Signed in at once without a confirmation step, a sign-up cannot hide that the address
          // is taken; it says so in our words, and the owner learns that someone tried.
          const known = await ctx.context.internalAdapter.findUserByEmail(String(ctx.body?.email ?? "").toLowerCase());
          if (known) await queueUnasked("known-address", known.user, knownAddressMail(known.user.email, env.SITE_URL));
          throw new APIError("UNPROCESSABLE_ENTITY", { message: SIGN_UP_REFUSED_MESSAGE, code: "SIGN_UP_REFUSED" });
        }
        // A redirect (a confirmation link's way back, say) comes as an APIError too: only a
        // refusal (a status of 400 or more) changed nothing.
        const returned = ctx.context.returned;
        if (!isAPIError(returned) || returned.statusCode < 400) {
          const member = ctx.context.session?.user.id ?? ctx.context.newSession?.user.id;
          await changes.record(authChangeTags(ctx.path, member, Boolean(ctx.context.session)));
        }
        // A listed admin address signing up while verification is off is sent the confirmation
        // link anyway: opening it is what makes the account an admin.
        const created = ctx.context.newSession?.user;
        if (
          ctx.path === "/sign-up/email" &&
          created &&
          !created.emailVerified &&
          !env.requireEmailVerification &&
          env.ADMIN_EMAILS.includes(created.email.toLowerCase())
        ) {
          await sendVerificationEmailFn(ctx, created);
        }
      }),
    },
    rateLimit: {
      enabled: env.RATE_LIMITS,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 300, max: 5 },
        "/reset-password": { window: 300, max: 10 },
        "/two-factor/verify-totp": { window: 60, max: 10 },
        "/two-factor/verify-backup-code": { window: 60, max: 10 },
        // Per address, beside the per-account limits: each checks a member's password or code.
        "/verify-password": { window: 60, max: 10 },
        "/change-password": { window: 60, max: 10 },
        "/delete-user": { window: 60, max: 10 },
        "/two-factor/enable": { window: 60, max: 10 },
        "/two-factor/disable": { window: 60, max: 10 },
        "/two-factor/get-totp-uri": { window: 60, max: 10 },
        "/two-factor/generate-backup-codes": { window: 60, max: 10 },
        "/two-factor/verify-otp": { window: 60, max: 10 },
      },
    },
    advanced: {
      // The HTTP server overwrites X-Forwarded-For with the client address it trusts.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      useSecureCookies: env.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      twoFactor({ issuer: SITE_NAME }),
      ...passkeyPlugins(env, {
        db,
        onAdded: async (userId, name) => {
          await noticePasskeyAdded({ db, changes }, { userId, passkeyName: name, siteUrl: env.SITE_URL });
          options.onMail?.();
        },
      }),
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        // Tokens come from GET /api/auth/token; signing one into a header on every session read
        // (every page a member opens) would be work nobody uses.
        disableSettingJwtHeader: true,
        // API tokens carry who (sub), the role and the session they came from (sid, checked on
        // every API call so that ending the session ends the token), nothing personal.
        jwt: {
          expirationTime: "15m",
          definePayload: ({ user, session }) => ({ role: (user as { role?: string }).role ?? "member", sid: session.id }),
        },
      }),
    ],
  });
  auth.handler = answeringOutages(auth.handler, { log: options.log, ping: options.ping });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
