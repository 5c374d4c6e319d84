// Each member's count of unread notifications, for the top bar of every page they see. Kept by
// write epoch like the shared reads (any write may notify someone, and reading one is a write),
// so a member's pages show a new answer or a read notification on the next request; in between,
// their pages ask the database nothing. lru-cache's fetch shares one count among concurrent asks.
import { LRUCache } from "lru-cache";

export interface UnreadCache {
  /** The member's unread count as of the current epoch, reading it (once) when not known. */
  get(memberId: string): Promise<number>;
  /** The count if known for the current epoch, without reading it. */
  peek(memberId: string): number | undefined;
}

export function createUnreadCache(
  epoch: { version(): number },
  count: (memberId: string) => Promise<number>,
  options: { maxEntries?: number; ttlMs?: number } = {},
): UnreadCache {
  const cache = new LRUCache<string, { n: number }, string>({
    max: options.maxEntries ?? 10_000,
    ttl: options.ttlMs ?? 60_000,
    fetchMethod: async (_key, _stale, { context }) => ({ n: await count(context) }),
  });
  const keyOf = (memberId: string) => `${epoch.version()}\n${memberId}`;
  return {
    async get(memberId) {
      return (await cache.fetch(keyOf(memberId), { context: memberId }))!.n;
    },
    peek: (memberId) => cache.get(keyOf(memberId))?.n,
  };
}
