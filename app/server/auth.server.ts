// Authentication is Better Auth's job: password hashing, sessions, email verification,
// password reset, TOTP two-factor with backup codes, and JWT/JWKS for the JSON API.
// We configure it here and add the helpers routes need (requireUser, requireRole).
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { jwt, twoFactor } from "better-auth/plugins";
import { SITE_NAME, type Env } from "./env.server";
import type { Db } from "./db.server";
import type { Mailer } from "./mail.server";
import { betterAuthLogger, type Logger } from "./log.server";
import { schema } from "../../db/schema";

export const ROLES = ["member", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

// Better Auth endpoints that only read: every other call may change who a session belongs to.
const READ_ONLY_PATHS = new Set(["/get-session", "/token", "/jwks", "/list-sessions", "/list-accounts", "/ok", "/error"]);
const MEMBERSHIP_PATHS = /^\/(sign-up\/|delete-user)/;

export function createAuth(options: {
  db: Db;
  env: Env;
  secret: string;
  mailer: Mailer;
  log: Logger;
  /** Called after every call that may change a session or a user (viewer-cache.server.ts). */
  onAccountChange?: () => void;
  /**
   * Called after a member joins or deletes their account: public pages show the member count,
   * and a deleted member's posts as 'Anonymous' (the page cache is cleared).
   */
  onMembershipChange?: () => void;
}) {
  const { db, env, mailer, onAccountChange, onMembershipChange } = options;
  return betterAuth({
    appName: SITE_NAME,
    baseURL: env.SITE_URL,
    basePath: "/api/auth",
    secret: options.secret,
    telemetry: { enabled: false },
    logger: betterAuthLogger(options.log),
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
        jwks: schema.jwks,
        rateLimit: schema.rateLimits,
      },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "member", input: false },
      },
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: !env.requireEmailVerification,
      requireEmailVerification: env.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: "Reset your Capsiva RA Community password",
          text:
            `Someone asked to reset the password for ${user.email}.\n\n` +
            `To choose a new password, open this link within an hour:\n${url}\n\n` +
            "If it was not you, ignore this message: your password stays as it is.",
        });
      },
    },
    emailVerification: {
      sendOnSignUp: env.requireEmailVerification,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: "Confirm your email for the Capsiva RA Community",
          text:
            "Welcome to the RA community!\n\n" +
            `Please confirm your email address by opening this link:\n${url}\n\n` +
            "If you did not sign up, you can ignore this message.",
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const isAdmin = env.ADMIN_EMAILS.includes(user.email.toLowerCase());
            return { data: { ...user, role: isAdmin ? "admin" : "member" } };
          },
        },
      },
    },
    hooks: {
      // After every call, through the HTTP handler or `auth.api` alike.
      after: createAuthMiddleware(async (ctx) => {
        if (READ_ONLY_PATHS.has(ctx.path)) return;
        onAccountChange?.();
        if (MEMBERSHIP_PATHS.test(ctx.path) && !isAPIError(ctx.context.returned)) onMembershipChange?.();
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
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        // Tokens come from GET /api/auth/token; signing one into a header on every session read
        // (every page a member opens) would be work nobody uses.
        disableSettingJwtHeader: true,
        // API tokens carry who (sub) and the role, nothing personal such as the email address.
        jwt: { expirationTime: "15m", definePayload: ({ user }) => ({ role: (user as { role?: string }).role ?? "member" }) },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
