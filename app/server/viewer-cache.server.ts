// Who a session cookie belongs to, kept for a short while so that a member's page views do not
// each ask the database (and check the cookie's signature) again. An entry lives at most
// VIEWER_TTL_MS and never past the session's own expiry. Every change Better Auth makes (sign in
// or out, revoked sessions, password, two-factor, deleted account) and every name, session or
// account change of ours clears the whole cache (auth.server.ts, routes/account.tsx), in this
// thread and, through `onInvalidate`, in the other serving threads (server.js); a role set from the command line
// (`npm run user:role`) reaches a running server within VIEWER_TTL_MS.
import type { Viewer } from "./session.server";

export const VIEWER_TTL_MS = 30_000;

export interface ViewerCache {
  /** The viewer of this session cookie value, if it was read within the last VIEWER_TTL_MS. */
  get(token: string): Viewer | undefined;
  set(token: string, viewer: Viewer, sessionExpiresAt: number): void;
  /** Forget everyone; other workers hear of it unless it came from one of them. */
  invalidate(options?: { fromPeer?: boolean }): void;
  onInvalidate(listener: () => void): void;
  size(): number;
}

export function createViewerCache(options: { ttlMs?: number; maxEntries?: number } = {}): ViewerCache {
  const ttlMs = options.ttlMs ?? VIEWER_TTL_MS;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { viewer: Viewer; until: number }>();
  const listeners: (() => void)[] = [];
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
    invalidate({ fromPeer = false } = {}) {
      entries.clear();
      if (!fromPeer) for (const listener of listeners) listener();
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    size: () => entries.size,
  };
}
