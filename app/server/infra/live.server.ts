// Live updates: the change events applied on this instance (its own writes and the ones heard
// from other instances), handed to the open streams of this process. A stream only ever learns
// which things changed (tags), never what they now say; the page asks the normal, authorised
// routes for that (docs/decisions/026-live-updates-over-server-sent-events.md).
import { and, eq, ne } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import type { ChangeEvent, Changes, Writer } from "./change-events.server";
import { tag } from "./change-tags.server";
import type { Heard } from "./freshness.server";

export type LiveListener = (event: ChangeEvent) => void;

export interface LiveHub {
  /** The newest event id applied here: where a page rendered now stands in the stream. */
  position(): number;
  /** Hands an applied event (or "all": something unheard) to every stream. */
  hear(heard: Heard): void;
  /** Adds a stream; returns how to remove it. `close` ends it (shutdown). */
  subscribe(listener: LiveListener, close: () => void): () => void;
  /**
   * Resolves once this instance has applied event `id` (or after `timeoutMs`): a page told of a
   * change by one instance may ask another, which must not answer from before it.
   */
  reached(id: number, timeoutMs: number): Promise<void>;
  /** How many streams are open here. */
  size(): number;
  /** Ends every open stream (the process is stopping); later ones are refused. */
  closeAll(): void;
  readonly closed: boolean;
}

// Events already handed on, so that one heard twice (a resync after "all") goes out once.
const REMEMBERED_IDS = 5_000;
// "All" comes up to every 750 ms while the listening connection is in doubt: one look at the
// database per second at most, for every stream of the process together.
const RESYNC_MS = 1_000;

export function createLiveHub(changes: Pick<Changes, "since" | "latest">): LiveHub {
  const streams = new Map<LiveListener, () => void>();
  const sent = new Set<number>();
  let newest = 0;
  let closed = false;
  let resyncing: Promise<void> | null = null;
  let lastResync = 0;
  const waiters = new Set<{ id: number; done: () => void }>();

  const publish = (event: ChangeEvent) => {
    if (sent.has(event.id)) return;
    sent.add(event.id);
    if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value!);
    newest = Math.max(newest, event.id);
    for (const waiter of waiters) if (waiter.id <= newest) waiter.done();
    for (const listener of streams.keys()) listener(event);
  };

  /** Reads from the database what came after the newest event known here. */
  const resync = () => {
    if (resyncing || Date.now() - lastResync < RESYNC_MS) return;
    lastResync = Date.now();
    resyncing = changes
      .since(newest)
      .then((events) => events?.forEach(publish))
      .catch(() => {})
      .finally(() => (resyncing = null));
  };

  // Where this instance stands when it starts: a page rendered before any write says so.
  void changes
    .latest()
    .then((id) => (newest = Math.max(newest, id)))
    .catch(() => {});

  return {
    position: () => newest,
    hear(heard) {
      if (heard === "all") return resync();
      publish(heard);
    },
    reached(id, timeoutMs) {
      if (id <= newest) return Promise.resolve();
      return new Promise((resolve) => {
        const waiter = {
          id,
          done: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.done, timeoutMs);
        waiters.add(waiter);
      });
    },
    subscribe(listener, close) {
      streams.set(listener, close);
      return () => void streams.delete(listener);
    },
    size: () => streams.size,
    closeAll() {
      closed = true;
      for (const close of [...streams.values()]) close();
      streams.clear();
    },
    get closed() {
      return closed;
    },
  };
}

/**
 * Turns a member's live updates on or off. Their session's view of them changes (the account
 * tag), so their open streams look again and end when it is off; nothing public changes.
 */
export function setLiveUpdates({ changes }: Pick<Writer, "changes">, memberId: string, on: boolean) {
  return changes.write(async (tx, changed) => {
    const rows = await tx
      .update(profiles)
      .set({ liveUpdates: on })
      .where(and(eq(profiles.id, memberId), ne(profiles.liveUpdates, on)))
      .returning({ id: profiles.id });
    // Saving the setting it already has changes nothing.
    if (rows.length) changed(tag.account(memberId));
  });
}

// How long a route asked after a change waits for this instance to have heard of it.
const CATCH_UP_MS = 1_000;

/** Waits until this instance has applied event `at` (a page's `?at=<id>`), a second at most. */
export function caughtUp(at: string | null, runtime: { live: Pick<LiveHub, "reached"> }) {
  return at && /^\d{1,15}$/.test(at) ? runtime.live.reached(Number(at), CATCH_UP_MS) : Promise.resolve();
}
