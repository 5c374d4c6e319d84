// Who a session cookie belongs to, kept for a short while so that a member's reads of public
// pages do not each ask the database again. An entry lives at most VIEWER_TTL_MS and never past
// the session's own expiry, and it depends on the member's account tag and on the sessions tag:
// sign-out, revoked sessions, a new password, two-step, a name, a role or a silence ends it on every
// instance. Writes and private pages never use it (session.server.ts).
import { LRUCache } from "lru-cache";
import type { Viewer } from "~/server/infra/viewer";
import type { TagClock } from "./tags.server";

export const VIEWER_TTL_MS = 30_000;

export interface ViewerCache {
  /** The viewer of this session cookie value, if it was read recently and nothing changed since. */
  get(token: string): Viewer | undefined;
  /** Keeps the viewer read at `at` (the clock's reading before the read began). */
  set(token: string, viewer: Viewer, sessionExpiresAt: number, at: number): void;
  size(): number;
}

export function createViewerCache(clock: TagClock, tagsOf: (memberId: string) => string[], options: { ttlMs?: number; maxEntries?: number } = {}): ViewerCache {
  const ttlMs = options.ttlMs ?? VIEWER_TTL_MS;
  const cache = new LRUCache<string, { viewer: Viewer; at: number }>({ max: options.maxEntries ?? 10_000, ttl: ttlMs });
  return {
    get(token) {
      const entry = cache.get(token);
      if (!entry) return undefined;
      if (clock.fresh(tagsOf(entry.viewer.id), entry.at)) return entry.viewer;
      cache.delete(token);
      return undefined;
    },
    set(token, viewer, sessionExpiresAt, at) {
      const ttl = Math.min(ttlMs, sessionExpiresAt - Date.now());
      if (ttl > 0) cache.set(token, { viewer, at }, { ttl });
    },
    size: () => cache.size,
  };
}
