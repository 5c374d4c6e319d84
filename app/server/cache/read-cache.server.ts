// The data behind public pages (a forum page's questions, a question with its answers, the home
// page's latest activity), kept between writes so that members' page views, which are rendered
// for each of them, do not read the same rows again and again. An entry belongs to the content
// epoch it was read at (freshness.server.ts): any write makes every entry stale, so a member sees
// their own post on the next request. Entries also expire after a minute, like stored pages.
// lru-cache's fetch shares one query among concurrent reads of a key and keeps no failed read.
// What is cached is the same for everyone: nothing here depends on who is asking.
import { LRUCache } from "lru-cache";
import { noteDataRead } from "./data-age.server";

export interface ReadCache {
  /** The value of `key` read since the last write, or `load()` now (once, for all who ask meanwhile). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  size(): number;
}

export function createReadCache(
  epoch: { version(): number },
  options: { maxEntries?: number; ttlMs?: number; enabled?: boolean } = {},
): ReadCache {
  const enabled = options.enabled ?? true;
  // Values are boxed: lru-cache keeps objects, and a load may return null or a number.
  const ttlMs = options.ttlMs ?? 60_000;
  const cache = new LRUCache<string, { value: unknown; at: number }, () => Promise<unknown>>({
    max: options.maxEntries ?? 2000,
    ttl: ttlMs,
    fetchMethod: async (_key, _stale, { context, options: entry }) => {
      const at = Date.now();
      const value = await context();
      // A minute from the read's start, not its end: a page made from it expires as it does,
      // and the render that replaces that page finds fresh data, not the last moments of this.
      entry.ttl = Math.max(1, ttlMs - (Date.now() - at));
      return { value, at };
    },
  });
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!enabled) return load();
      // Keyed by epoch: entries of an older one are never read again and age out.
      const box = (await cache.fetch(`${epoch.version()}\n${key}`, { context: load }))!;
      // A page made from this read is as old as the read (data-age.server.ts).
      noteDataRead(box.at);
      return box.value as T;
    },
    size: () => cache.size,
  };
}
