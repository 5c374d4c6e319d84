// Writes and the change events they leave. A command writes in one transaction and names, as
// tags, the things it changed; the event (an increasing id and the tags) is stored in that same
// transaction and told to the other instances by a NOTIFY that PostgreSQL delivers when it
// commits. Once it has committed, this instance applies it at once, so the writer's next request
// already sees the write. Ids are handed out under a transaction lock, so they increase in
// commit order and a subscriber that reconnects can ask for everything after the last it saw.
import { asc, gt, lt, max, min, or, sql, eq } from "drizzle-orm";
import type pg from "pg";
import { changeEvents } from "../../../db/schema";
import type { Db } from "./db.server";

export const CHANGES_CHANNEL = "capsiva_changes";

/** One committed change: its place in the stream and what it changed. */
export interface ChangeEvent {
  id: number;
  tags: readonly string[];
}

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Names what a write changed; falsy values are left out, so conditional tags read plainly. */
export type Changed = (...tags: (string | null | undefined | false)[]) => void;

export interface Changes {
  /**
   * Runs `work` in one transaction. The tags it names are stored as one change event in that
   * transaction and applied once it commits; naming none (a write that changed nothing) leaves
   * no event and clears nothing.
   */
  write<T>(work: (tx: Tx, changed: Changed) => Promise<T>): Promise<T>;
  /** A change already committed by code that is not ours (the auth library's writes). */
  record(tags: readonly string[]): Promise<void>;
  /** The events after `id`, oldest first; null when some of them are no longer kept. */
  since(id: number): Promise<ChangeEvent[] | null>;
  /** The newest event's id (0 before the first): where a page rendered now stands in the stream. */
  latest(): Promise<number>;
  /** Forgets events older than the retention (run now and then by every instance). */
  prune(): Promise<void>;
}

/** What a writer needs: the database, and the change stream its writes go to. */
export interface Writer {
  db: Db;
  changes: Changes;
}

// Any fixed number no other application on the database uses as a lock: ids in commit order.
const EVENT_LOCK_KEY = 2799270047;
// A NOTIFY payload must stay under 8,000 bytes; a change naming more tags is read by its id.
const PAYLOAD_LIMIT = 7_000;
export const EVENTS_KEPT_MINUTES = 60;

export function createChanges(options: {
  db: Db;
  /** PostgreSQL's pool, where other instances listen; none on the embedded database. */
  pool?: pg.Pool;
  /** This instance's id, so that it does not apply its own events twice. */
  instance: string;
  /** Applies a committed event here (caches, live streams). */
  apply: (event: ChangeEvent) => void;
}): Changes {
  const { db, instance, apply } = options;
  const notify = Boolean(options.pool);

  const store = async (tx: Db | Tx, tags: readonly string[]): Promise<ChangeEvent> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_LOCK_KEY})`);
    const [row] = await tx
      .insert(changeEvents)
      .values({ tags: [...tags] })
      .returning({ id: changeEvents.id });
    const event = { id: row.id, tags };
    if (notify) await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payloadOf(instance, event)})`);
    return event;
  };

  return {
    async write(work) {
      const tags = new Set<string>();
      const changed: Changed = (...names) => {
        for (const name of names) if (name) tags.add(name);
      };
      let event: ChangeEvent | undefined;
      const result = await db.transaction(async (tx) => {
        const value = await work(tx, changed);
        if (tags.size) event = await store(tx, [...tags]);
        return value;
      });
      if (event) apply(event);
      return result;
    },
    async record(tags) {
      if (!tags.length) return;
      apply(await db.transaction((tx) => store(tx, tags)));
    },
    async since(id) {
      const oldest = db.select({ id: min(changeEvents.id) }).from(changeEvents);
      const rows = await db
        .select({ id: changeEvents.id, tags: changeEvents.tags })
        .from(changeEvents)
        .where(or(gt(changeEvents.id, id), eq(changeEvents.id, oldest)))
        .orderBy(asc(changeEvents.id));
      // The oldest kept event is read too: if even it comes after `id`, something between was pruned.
      if (rows[0] && rows[0].id > id + 1) return null;
      return rows.filter((r) => r.id > id);
    },
    async latest() {
      const [row] = await db.select({ id: max(changeEvents.id) }).from(changeEvents);
      return row?.id ?? 0;
    },
    async prune() {
      await db.delete(changeEvents).where(lt(changeEvents.createdAt, sql`now() - make_interval(mins => ${EVENTS_KEPT_MINUTES})`));
    },
  };
}

/** "<instance> <id> <tags, comma-separated>", or without the tags when they would not fit. */
export function payloadOf(instance: string, event: ChangeEvent) {
  const full = `${instance} ${event.id} ${event.tags.join(",")}`;
  return Buffer.byteLength(full) <= PAYLOAD_LIMIT ? full : `${instance} ${event.id}`;
}

/** The payload's parts; `tags` null when they were left out (read them by id). */
export function parsePayload(payload: string): { instance: string; id: number; tags: string[] | null } | null {
  const [from, id, tags] = payload.split(" ");
  if (!from || !/^\d+$/.test(id ?? "")) return null;
  return { instance: from, id: Number(id), tags: tags === undefined ? null : tags.split(",").filter(Boolean) };
}
