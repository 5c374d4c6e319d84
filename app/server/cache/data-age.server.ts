// How old the data behind a render is. A render that used a shared read taken 50 s earlier is a
// page of 50-second-old data: it must be kept for the rest of that read's minute, not a minute
// more. The page cache runs each render inside `measureDataAge`; reads report their age.
import { AsyncLocalStorage } from "node:async_hooks";

// One store per process, wherever this module is loaded from: the page cache in front and the
// routes' reads may be bundled (or, in tests, loaded) as two copies of it, and two stores would
// never see each other's renders.
const RENDERS = Symbol.for("capsiva.data-age.renders");
type RenderStore = AsyncLocalStorage<{ oldest: number; complete: boolean }>;
const shared = globalThis as { [RENDERS]?: RenderStore };
const renders: RenderStore = (shared[RENDERS] ??= new AsyncLocalStorage());

/**
 * Runs `fn` (a render) while noting the time of the oldest shared data it reads. `since()` is
 * that time, or now when it read none (what it read itself is as fresh as the page).
 */
export function measureDataAge<T>(fn: () => T): { result: T; since: () => number; complete: () => boolean } {
  const store = { oldest: Infinity, complete: true };
  const result = renders.run(store, fn);
  return { result, since: () => Math.min(store.oldest, Date.now()), complete: () => store.complete };
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

/**
 * Called when the current render went on without some of its data (a list left empty while the
 * database is away): such a page is right for this moment only, and no cache may keep it.
 */
export function noteIncomplete() {
  const store = renders.getStore();
  if (store) store.complete = false;
}

/** False when the current render went on without some of its data. */
export function renderComplete(): boolean {
  return renders.getStore()?.complete ?? true;
}
