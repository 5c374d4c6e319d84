// Limits for what can be abused (posting, reporting, the JSON API). Counters live in this
// process's memory (rate-limiter-flexible); several instances behind one database would move
// them to PostgreSQL or Redis with the same library (see the README's Operations section).
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export const LIMITS = {
  question: { points: 5, duration: 600, message: "You have asked several questions in a short time. Please wait a few minutes before asking another." },
  answer: { points: 20, duration: 600, message: "You have posted many answers in a short time. Please wait a few minutes before answering again." },
  report: { points: 20, duration: 600, message: "You have sent many reports in a short time. Please wait a few minutes." },
  story: { points: 3, duration: 3600, message: "You have shared several stories in a short time. Please wait before sharing another." },
  edit: { points: 60, duration: 600, message: "Too many changes in a short time. Please wait a few minutes." },
  signInAccount: { points: 10, duration: 900, message: "Too many sign-in attempts for this account. Please wait a few minutes and try again." },
  resetAccount: { points: 3, duration: 3600, message: "We have already sent several reset links to this address. Please check your inbox, or try again later." },
  api: { points: 120, duration: 60, message: "Too many requests. Please slow down." },
  search: { points: 60, duration: 60, message: "Too many searches in a short time. Please wait a moment." },
} as const;
export type LimitName = keyof typeof LIMITS;

export class RateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export interface RateLimiter {
  /** Takes one point for `key` under `name`; throws RateLimitedError when none is left. */
  consume(name: LimitName, key: string): Promise<void>;
}

export function createRateLimiter(options: { enabled: boolean }): RateLimiter {
  const limiters = new Map<LimitName, RateLimiterMemory>();
  for (const [name, rule] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    limiters.set(name, new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.duration }));
  }
  return {
    async consume(name, key) {
      if (!options.enabled) return;
      try {
        await limiters.get(name)!.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw new RateLimitedError(LIMITS[name].message, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        }
        throw error;
      }
    },
  };
}
