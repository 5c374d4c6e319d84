// Each member's count of unread notifications, for the top bar of every page they see. It depends
// on the member's own inbox tag only: a notification for them, or their reading one, changes it
// here and on every instance; other members' writes leave it alone. lru-cache's fetch shares one
// count among concurrent asks.
import { LRUCache } from "lru-cache";
import type { TagClock } from "./tags.server";

export interface UnreadCache {
  /** The member's current unread count, reading it (once) when not known. */
  get(memberId: string): Promise<number>;
  /** The count if known and current, without reading it. */
  peek(memberId: string): number | undefined;
}

interface Entry {
  n: number;
  at: number;
}

export function createUnreadCache(
  clock: TagClock,
  inboxTag: (memberId: string) => string,
  count: (memberId: string) => Promise<number>,
  options: { maxEntries?: number; ttlMs?: number } = {},
): UnreadCache {
  const cache = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 10_000,
    ttl: options.ttlMs ?? 60_000,
    fetchMethod: async (memberId) => {
      const at = clock.now();
      return { n: await count(memberId), at };
    },
  });
  const current = (memberId: string, entry: Entry | undefined) => (entry && clock.fresh([inboxTag(memberId)], entry.at) ? entry : undefined);
  return {
    async get(memberId) {
      const entry = current(memberId, await cache.fetch(memberId)) ?? current(memberId, await cache.fetch(memberId, { forceRefresh: true }));
      return entry ? entry.n : count(memberId);
    },
    peek: (memberId) => current(memberId, cache.get(memberId))?.n,
  };
}
