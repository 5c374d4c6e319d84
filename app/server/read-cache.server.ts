// The data behind public pages (a forum page's questions, a question with its answers, the home
// page's latest activity), kept between writes so that members' page views, which are rendered
// for each of them, do not read the same rows again and again. An entry belongs to the page
// cache's version it was read at: any write that changes public content (which already clears
// the page cache) makes every entry stale, so a member sees their own post on the next request.
// Entries also expire after a minute, like stored pages. Concurrent reads of one key share one
// query. What is cached is the same for everyone: nothing here depends on who is asking.
import type { PageCache } from "./page-cache.server";

export interface ReadCache {
  /** The value of `key` read since the last write, or `load()` now (once, for all who ask meanwhile). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  size(): number;
}

export function createReadCache(
  pageCache: Pick<PageCache, "version">,
  options: { maxEntries?: number; ttlMs?: number; enabled?: boolean } = {},
): ReadCache {
  const maxEntries = options.maxEntries ?? 2000;
  const ttlMs = options.ttlMs ?? 60_000;
  const enabled = options.enabled ?? true;
  const entries = new Map<string, { version: number; at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!enabled) return load();
      const version = pageCache.version();
      const hit = entries.get(key);
      if (hit && hit.version === version && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry = { version, at: Date.now(), value };
      entries.set(key, entry);
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    size: () => entries.size,
  };
}
