// What a cached thing depends on, and whether it is still fresh. Every cache entry (a shared read,
// a stored page, a member's unread count, a remembered session) records the tags it depends on and
// the clock's reading when its work began; a change names tags and moves the clock. An entry is
// fresh while none of its tags changed after it began, so a read that started before a write
// and finished after it is never taken for current.
import { AsyncLocalStorage } from "node:async_hooks";
import { LRUCache } from "lru-cache";

export interface TagClock {
  /** The reading to record when work on an entry begins. */
  now(): number;
  /** Whether an entry that began at `at` and depends on `tags` is still current. */
  fresh(tags: Iterable<string>, at: number): boolean;
  /** Records that `tags` changed: every entry depending on one of them is stale from now on. */
  change(tags: Iterable<string>): void;
  /** Everything is stale (a listening connection that may have missed changes). */
  changeAll(): void;
}

// Tags that changed are remembered for the newest MAX_REMEMBERED; an entry older than the
// oldest forgotten change cannot be judged and counts as stale, so forgetting costs a read, never
// freshness.
const MAX_REMEMBERED = 100_000;

export function createTagClock(options: { maxRemembered?: number } = {}): TagClock {
  let tick = 0;
  let floor = 0;
  const changedAt = new LRUCache<string, { at: number }>({
    max: options.maxRemembered ?? MAX_REMEMBERED,
    dispose: (value, _key, reason) => {
      if (reason === "evict") floor = Math.max(floor, value.at);
    },
  });
  return {
    now: () => tick,
    fresh(tags, at) {
      if (at < floor) return false;
      for (const tag of tags) {
        const changed = changedAt.get(tag);
        if (changed && changed.at > at) return false;
      }
      return true;
    },
    change(tags) {
      tick++;
      for (const tag of tags) changedAt.set(tag, { at: tick });
    },
    changeAll() {
      tick++;
      floor = tick;
      changedAt.clear();
    },
  };
}

/** What one render or one shared read has depended on so far. */
interface Dependencies {
  tags: Set<string>;
  /** A database query ran outside a shared read: what it read has no tags, so nothing may keep it. */
  untracked: boolean;
  /** Inside a shared read's own load, whose queries are covered by that read's tags. */
  inRead: boolean;
}

/**
 * What a render or a shared read depends on, gathered as it runs: the tags of the shared reads it
 * used, and whether it queried the database any other way. One per runtime, beside its clock.
 */
export interface DependencyTracker {
  /** Runs `work` and returns what it depended on. */
  collect<T>(work: () => Promise<T>, options?: { inRead?: boolean }): Promise<{ value: T; tags: Set<string>; untracked: boolean }>;
  /** Adds tags to what the current render or read depends on (nothing outside one). */
  dependOn(tags: Iterable<string>): void;
  /** Called for every database query: one made outside a shared read leaves its render untracked. */
  noteQuery(): void;
}

export function createDependencyTracker(): DependencyTracker {
  const current = new AsyncLocalStorage<Dependencies>();
  return {
    async collect(work, options = {}) {
      const deps: Dependencies = { tags: new Set(), untracked: false, inRead: options.inRead ?? false };
      const value = await current.run(deps, work);
      return { value, tags: deps.tags, untracked: deps.untracked };
    },
    dependOn(tags) {
      const deps = current.getStore();
      if (deps) for (const tag of tags) deps.tags.add(tag);
    },
    noteQuery() {
      const deps = current.getStore();
      if (deps && !deps.inRead) deps.untracked = true;
    },
  };
}
