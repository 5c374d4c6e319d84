// The data behind public pages (a forum page's questions, a question with its answers, the home
// page's lists), shared by every render until something it shows changes. Each read names the
// tags it depends on; its load may add those known only from what it read (dependOn: the members
// whose names it shows). A change to one of them makes it stale here and on every instance.
// lru-cache's fetch shares one query among concurrent reads and keeps no failed read. Nothing here
// depends on who is asking.
import { LRUCache } from "lru-cache";
import type { DependencyTracker, TagClock } from "./tags.server";

export interface ReadCache {
  /**
   * The value of `key`, read again when one of its tags changed since it was read (once, for all
   * who ask meanwhile). The current render depends on its tags from then on.
   */
  get<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T>;
  /** Within a load: what it read depends on these tags too (the members whose names it shows). */
  dependOn(tags: Iterable<string>): void;
  size(): number;
}

interface Entry {
  value: unknown;
  tags: string[];
  at: number;
}

interface Load {
  load: () => Promise<unknown>;
  tags: readonly string[];
}

// A read that keeps finding its value stale (writes landing on it faster than it loads) stops
// waiting for the cache after this many tries and reads for itself.
const TRIES = 3;

export function createReadCache(clock: TagClock, deps: DependencyTracker, options: { maxEntries?: number; ttlMs?: number; enabled?: boolean } = {}): ReadCache {
  const enabled = options.enabled ?? true;
  /** Loads a value with the tags it depends on: its own, and those its load added or used. */
  const loadEntry = async ({ load, tags }: Load): Promise<Entry> => {
    const at = clock.now();
    const { value, tags: found } = await deps.collect(load, { inRead: true });
    return { value, tags: [...new Set([...tags, ...found])], at };
  };
  const cache = new LRUCache<string, Entry, Load>({
    max: options.maxEntries ?? 2000,
    ttl: options.ttlMs ?? 60_000,
    fetchMethod: async (_key, _stale, { context }) => loadEntry(context),
  });
  return {
    async get<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
      const context: Load = { load, tags };
      let entry: Entry | undefined;
      for (let attempt = 0; enabled && attempt < TRIES && !entry; attempt++) {
        const found = await cache.fetch(key, { context, forceRefresh: attempt > 0 });
        // Shared with a load that began before a change this request already follows: not current.
        entry = found && clock.fresh(found.tags, found.at) ? found : undefined;
      }
      entry ??= await loadEntry(context);
      deps.dependOn(entry.tags);
      return entry.value as T;
    },
    dependOn: (tags) => deps.dependOn(tags),
    size: () => cache.size,
  };
}
