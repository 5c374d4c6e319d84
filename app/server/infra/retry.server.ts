// Waiting longer after each failure: one rule for every retry in the server (reaching the database
// at start, recording a sent mail, a refused mail's next try, the change listener's reconnect), so
// that each reads the same and none retries in a tight loop.

export interface Backoff {
  /** The wait after the first failure. */
  firstMs: number;
  /** The longest wait, reached by doubling. */
  maxMs: number;
  /**
   * Spread each wait by up to this fraction either way (0.2: 80-120 %), so that instances that
   * failed together do not all try again at the same moment.
   */
  jitter?: number;
}

/** The wait after failure number `attempt` (from 1): `firstMs` doubled each time, up to `maxMs`. */
export function backoffMs(attempt: number, { firstMs, maxMs, jitter = 0 }: Backoff): number {
  const wait = Math.min(firstMs * 2 ** Math.max(0, attempt - 1), maxMs);
  return jitter ? wait * (1 - jitter + Math.random() * 2 * jitter) : wait;
}

/**
 * Runs `work` until it succeeds, waiting `backoffMs` between tries. After each failure
 * `retryIf` decides (it may log): false throws that failure.
 */
export async function retry<T>(work: () => Promise<T>, options: Backoff & { retryIf(error: unknown, attempt: number, waitMs: number): boolean }): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const waitMs = backoffMs(attempt, options);
      if (!options.retryIf(error, attempt, waitMs)) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
