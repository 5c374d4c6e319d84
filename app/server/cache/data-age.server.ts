// How old the data behind a render is. A render that used a shared read taken 50 s earlier is a
// page of 50-second-old data: it must be kept for the rest of that read's minute, not a minute
// more. The page cache runs each render inside `measureDataAge`; reads report their age.
import { AsyncLocalStorage } from "node:async_hooks";

const renders = new AsyncLocalStorage<{ oldest: number }>();

/** Runs `fn` (a render) while noting the time of the oldest data it reads. */
export function measureDataAge<T>(fn: () => T): { result: T; since: () => number } {
  const store = { oldest: Date.now() };
  const result = renders.run(store, fn);
  return { result, since: () => store.oldest };
}

/** Called by caches of shared data: this render used data read at `readAt`. */
export function noteDataRead(readAt: number) {
  const store = renders.getStore();
  if (store && readAt < store.oldest) store.oldest = readAt;
}

/** The time of the oldest data the current render has read so far (now, outside a render). */
export function dataSince(): number {
  return renders.getStore()?.oldest ?? Date.now();
}
