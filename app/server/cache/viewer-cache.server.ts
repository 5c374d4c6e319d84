// Who a session cookie belongs to, kept for a short while so that a member's reads of public
// pages do not each ask the database again. An entry lives at most VIEWER_TTL_MS and never past
// the session's own expiry. Any change of accounts anywhere (sign-out, revoked sessions, password,
// two-step, names, roles set from the command line, deletion) clears it on every instance through
// the freshness authority; writes and private pages never use it (session.server.ts).
import { LRUCache } from "lru-cache";
import type { Viewer } from "../viewer";

export const VIEWER_TTL_MS = 30_000;

export interface ViewerCache {
  /** The viewer of this session cookie value, if it was read within the last VIEWER_TTL_MS. */
  get(token: string): Viewer | undefined;
  set(token: string, viewer: Viewer, sessionExpiresAt: number): void;
  /** Forget everyone: called by the freshness authority on every change of accounts. */
  invalidate(): void;
  size(): number;
}

export function createViewerCache(options: { ttlMs?: number; maxEntries?: number } = {}): ViewerCache {
  const ttlMs = options.ttlMs ?? VIEWER_TTL_MS;
  const cache = new LRUCache<string, Viewer>({ max: options.maxEntries ?? 10_000, ttl: ttlMs });
  return {
    get: (token) => cache.get(token),
    set(token, viewer, sessionExpiresAt) {
      const ttl = Math.min(ttlMs, sessionExpiresAt - Date.now());
      if (ttl > 0) cache.set(token, viewer, { ttl });
    },
    invalidate: () => cache.clear(),
    size: () => cache.size,
  };
}
