// The data behind public pages (a forum page's questions, a question with its answers, the home
// page's lists), shared by every render between writes. Keys carry the freshness epoch, so any
// write makes every entry unreachable and the next render reads afresh; entries also expire after
// a minute. lru-cache's fetch shares one query among concurrent reads and keeps no failed read.
// Nothing here depends on who is asking.
import { LRUCache } from "lru-cache";

export interface ReadCache {
  /** The value of `key` read since the last write, or `load()` now (once, for all who ask meanwhile). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  size(): number;
}

export function createReadCache(epoch: { version(): number }, options: { maxEntries?: number; ttlMs?: number; enabled?: boolean } = {}): ReadCache {
  const enabled = options.enabled ?? true;
  // Values are boxed: lru-cache keeps objects, and a load may return null or a number.
  const cache = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
    max: options.maxEntries ?? 2000,
    ttl: options.ttlMs ?? 60_000,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!enabled) return load();
      return (await cache.fetch(`${epoch.version()}\n${key}`, { context: load }))!.value as T;
    },
    size: () => cache.size,
  };
}
