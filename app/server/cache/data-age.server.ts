// How old the data behind a render is. A render that used a shared read taken 50 s earlier is a
// page of 50-second-old data: it must be kept for the rest of that read's minute, not a minute
// more. The page cache runs each render inside `measureDataAge`; reads report their age.
import { AsyncLocalStorage } from "node:async_hooks";

const renders = new AsyncLocalStorage<{ oldest: number }>();

/**
 * Runs `fn` (a render) while noting the time of the oldest shared data it reads. `since()` is
 * that time, or now when it read none (what it read itself is as fresh as the page).
 */
export function measureDataAge<T>(fn: () => T): { result: T; since: () => number } {
  const store = { oldest: Infinity };
  const result = renders.run(store, fn);
  return { result, since: () => Math.min(store.oldest, Date.now()) };
}

/** Called by caches of shared data: this render used data read at `readAt`. */
export function noteDataRead(readAt: number) {
  const store = renders.getStore();
  if (store && readAt < store.oldest) store.oldest = readAt;
}

/** The time of the oldest shared data the current render has read so far (else now). */
export function dataSince(): number {
  return Math.min(renders.getStore()?.oldest ?? Infinity, Date.now());
}
