// Who a session cookie belongs to, kept for a short while so that a member's reads of public
// pages do not each ask the database again. An entry lives at most VIEWER_TTL_MS and never past
// the session's own expiry. Any change of accounts anywhere (sign-out, revoked sessions, password,
// two-step, names, roles set from the command line, deletion) clears it on every instance through
// the freshness authority; writes and private pages never use it (session.server.ts).
import type { Viewer } from "./session.server";

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
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { viewer: Viewer; until: number }>();
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (Date.now() >= entry.until) {
        entries.delete(token);
        return undefined;
      }
      return entry.viewer;
    },
    set(token, viewer, sessionExpiresAt) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(token, { viewer, until: Math.min(Date.now() + ttlMs, sessionExpiresAt) });
    },
    invalidate() {
      entries.clear();
    },
    size: () => entries.size,
  };
}
