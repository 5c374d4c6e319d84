// Limits for what can be abused (posting, reporting, sign-in and reset per account, the JSON API),
// with rate-limiter-flexible. On PostgreSQL the counts live in the database (one table shared by
// every instance, so three instances do not allow three times a limit); the embedded database has
// one process, which counts in memory. If the database cannot be reached, counting goes on in
// memory (the library's insurance limiter) rather than turning every form into an error.
import crypto from "node:crypto";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export const LIMITS = {
  question: { points: 5, duration: 600, message: "You have asked several questions in a short time. Please wait a few minutes before asking another." },
  answer: { points: 20, duration: 600, message: "You have posted many answers in a short time. Please wait a few minutes before answering again." },
  report: { points: 20, duration: 600, message: "You have sent many reports in a short time. Please wait a few minutes." },
  story: { points: 3, duration: 3600, message: "You have shared several stories in a short time. Please wait before sharing another." },
  edit: { points: 60, duration: 600, message: "Too many changes in a short time. Please wait a few minutes." },
  // Failed sign-ins count per account and client address, so that someone else's guessing
  // cannot lock a member out; the wider per-account ceiling counts every password, two-step code
  // and backup code checked for the account, through any form or endpoint and from any address
  // (at most 100 an hour, as NIST SP 800-63B allows).
  signInAccount: { points: 10, duration: 900, message: "Too many sign-in attempts for this account. Please wait a few minutes and try again." },
  accountSecrets: { points: 100, duration: 3600, message: "Too many attempts for this account. Please wait a while and try again." },
  resetAccount: {
    points: 3,
    duration: 3600,
    message: "We have already sent several reset links to this address. Please check your inbox, or try again later.",
  },
  twoFactorAttempt: { points: 10, duration: 900, message: "Too many codes tried. Please sign in again in a few minutes." },
  // Mails the site sends to an address without its owner asking (someone tried to join with it,
  // a confirmation link again): a few an hour per address and kind, whoever asks.
  unaskedMail: { points: 3, duration: 3600, message: "Several mails of this kind went to this address in the last hour." },
  api: { points: 120, duration: 60, message: "Too many requests. Please slow down." },
  search: { points: 60, duration: 60, message: "Too many searches in a short time. Please wait a moment." },
  // The ask form's similar questions, looked up as a member pauses while typing a title.
  similar: { points: 60, duration: 60, message: "Too many look-ups in a short time. Please wait a moment." },
  // A password or code checked for a signed-in member (confirming it is them before a security
  // change, at our forms or the auth library's endpoints): a stolen session may not guess freely.
  reauth: { points: 10, duration: 900, message: "Too many tries. Please wait a few minutes and try again." },
  // Previews of a post before saving: each one renders Markdown, so one member cannot keep a
  // thread of the server busy with them.
  preview: { points: 30, duration: 600, message: "You have asked for many previews in a short time. Please wait a few minutes, or save your changes." },
  // Drafts saved as a member types (a couple of seconds after each pause, and when a page is
  // left): generous for long writing, but one member cannot keep the database writing freely.
  draft: { points: 300, duration: 600, message: "Your draft is being saved very often. Please wait a few minutes; your text is kept on this device." },
} as const;
export type LimitName = keyof typeof LIMITS;

export class RateLimitedError extends Error {
  readonly name = "RateLimitedError";
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * Whether `error` is a refused point. By name as well as by class: a limiter made by one copy of
 * this module (a test's runtime) may be used by code loaded as another (the app's server build).
 */
export function isRateLimited(error: unknown): error is RateLimitedError {
  return error instanceof RateLimitedError || (error instanceof Error && error.name === "RateLimitedError" && "retryAfterSeconds" in error);
}

export interface RateLimiter {
  /** Takes one point for `key` under `name`; throws RateLimitedError when none is left. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Forgets `key`'s count under `name` (a member who signed in after a few mistakes). */
  reset(name: LimitName, key: string): Promise<void>;
}

/** The table rate_limit_counters (db/schema/auth.ts), made by the migrations. */
const TABLE = "rate_limit_counters";

export function createRateLimiter(options: { enabled: boolean; pool?: pg.Pool }): RateLimiter {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    const memory = new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.duration });
    limiters.set(
      name,
      options.pool
        ? new RateLimiterPostgres({
            storeClient: options.pool,
            storeType: "pool",
            tableName: TABLE,
            tableCreated: true,
            keyPrefix: name,
            points: rule.points,
            duration: rule.duration,
            insuranceLimiter: memory,
          })
        : memory,
    );
  }
  // Keys are hashed: they hold email and client addresses, which the table need not show, and
  // the column is 255 characters.
  const keyOf = (key: string) => crypto.createHash("sha256").update(key).digest("base64url");
  const limited = (name: LimitName, res: RateLimiterRes) => new RateLimitedError(LIMITS[name].message, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  return {
    async consume(name, key) {
      if (!options.enabled) return;
      try {
        await limiters.get(name)!.consume(keyOf(key));
      } catch (error) {
        if (error instanceof RateLimiterRes) throw limited(name, error);
        throw error;
      }
    },
    async reset(name, key) {
      if (!options.enabled) return;
      await limiters.get(name)!.delete(keyOf(key));
    },
  };
}
