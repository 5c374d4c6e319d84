// Hearing of changes made elsewhere. Each instance applies its own writes' change events as they
// commit (change-events.server.ts) and hears the other instances' through a PostgreSQL LISTEN
// connection of its own. A lost connection may have missed events, so when it comes back
// everything is stale. A connection can also die without a word (a NAT or firewall dropping it):
// a heartbeat through it proves it still carries messages, and while it cannot prove that,
// everything is made stale each second (docs/decisions/014). The embedded database serves one
// process: nothing to hear.
import crypto from "node:crypto";
import net from "node:net";
import pg from "pg";
import { createTagClock, type TagClock } from "~/server/infra/cache/tags.server";
import { CHANGES_CHANNEL, parsePayload, type ChangeEvent } from "./change-events.server";
import type { Logger } from "./log.server";
import { backoffMs } from "./retry.server";

/** A change event, or "all": something may have changed that nobody heard of. */
export type Heard = ChangeEvent | "all";

export interface Freshness {
  /** This instance's id in change events' messages. */
  readonly instance: string;
  /** What every cache of this instance asks whether an entry is still current. */
  readonly clock: TagClock;
  /** Applies a committed event here: its tags go stale, and listeners hear of it. */
  apply(event: ChangeEvent): void;
  /** Listeners hear every change applied here, local or from another instance. */
  onChange(listener: (heard: Heard) => void): void;
  /** Whether messages from other instances are known to arrive (always, on the embedded database). */
  healthy(): boolean;
  /** Connects the listening connection (PostgreSQL only); resolves once it listens. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

// A heartbeat goes through the listening connection every quarter second: a NOTIFY to this
// connection's own channel. PostgreSQL delivers notifications in commit order, so once it comes
// back every change committed before it was sent has been heard. Without an echo of a heartbeat
// sent in the last STALE_MS, everything is made stale every STALE_MS (a write is at most about a
// second old to readers); without one for DOUBT_MS the connection is dropped and opened again. A
// heartbeat is only held against the connection once a whole turn of the event loop has read input
// after it was sent: a thread rendering for seconds at a time reads the echo late (decision 014).
const HEARTBEAT_MS = 250;
const STALE_MS = 750;
const DOUBT_MS = 1500;

export function createFreshness(options: { databaseUrl?: string; pool?: pg.Pool; log?: Logger; connectTimeoutMs?: number; clock?: TagClock } = {}): Freshness {
  const { databaseUrl, pool, log } = options;
  const instance = crypto.randomUUID().replaceAll("-", "");
  const clock = options.clock ?? createTagClock();
  const pingChannel = `capsiva_ping_${instance}`;
  // When the newest echoed heartbeat was sent, and the heartbeat waiting for its echo.
  let confirmedAt = Date.now();
  // `judged`: how many times it was judged unanswered; the second judging follows a full turn.
  let waiting: { seq: number; sentAt: number; judged: number } | null = null;
  let seq = 0;
  let lastForcedClear = 0;
  // Whether caches are being cleared for want of an echo (said once in the log, when it starts).
  let clearing = false;
  let doubting = false;
  let beat: NodeJS.Timeout | undefined;
  const listeners: ((heard: Heard) => void)[] = [];
  let client: pg.Client | undefined;
  let socket: net.Socket | undefined;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const tell = (heard: Heard) => {
    for (const listener of listeners) listener(heard);
  };
  const apply = (event: ChangeEvent) => {
    clock.change(event.tags);
    tell(event);
  };
  const applyAll = () => {
    clock.changeAll();
    tell("all");
  };

  /** An event from another instance; its tags are read by id when they did not fit the message. */
  const heard = (payload: string) => {
    const message = parsePayload(payload);
    if (!message || message.instance === instance) return;
    if (message.tags) return apply({ id: message.id, tags: message.tags });
    pool
      ?.query<{ tags: string[] }>("select tags from change_events where id = $1", [message.id])
      .then(({ rows }) => (rows[0] ? apply({ id: message.id, tags: rows[0].tags }) : applyAll()))
      .catch(() => applyAll());
  };

  /** Sends a heartbeat unless one is waiting for its echo. */
  const send = () => {
    if (!client || waiting) return;
    waiting = { seq: ++seq, sentAt: Date.now(), judged: 0 };
    client.query("select pg_notify($1, $2)", [pingChannel, String(seq)]).catch(() => {});
  };

  /** Drops the listening connection at once: its socket is ours (pg's `stream` option). */
  const drop = (which: pg.Client, itsSocket: net.Socket) => {
    which.removeAllListeners("notification");
    itsSocket.destroy();
    void which.end().catch(() => {});
  };

  const connect = async (reconnecting: boolean): Promise<void> => {
    const nextSocket = new net.Socket();
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5000,
      stream: () => nextSocket,
    });
    const lost = () => {
      if (client !== next || stopped) return;
      client = undefined;
      drop(next, nextSocket);
      waiting = null;
      if (!doubting) log?.warn("freshness: lost the listening connection; reconnecting, and clearing caches every second meanwhile");
      doubting = true;
      schedule();
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === CHANGES_CHANNEL) return heard(message.payload ?? "");
      if (message.channel !== pingChannel || client !== next || !waiting || String(waiting.seq) !== message.payload) return;
      confirmedAt = waiting.sentAt;
      waiting = null;
      clearing = false;
      if (doubting) log?.info("freshness: the listening connection carries messages again");
      doubting = false;
      // A late echo is followed by the next heartbeat at once, not at the next tick: waiting for
      // the tick would add up to a quarter second to what a slow round trip already cost.
      if (Date.now() - confirmedAt >= HEARTBEAT_MS) send();
    });
    await next.connect();
    await next.query(`listen ${CHANGES_CHANNEL}`);
    await next.query(`listen ${pingChannel}`);
    client = next;
    socket = nextSocket;
    waiting = null;
    failures = 0;
    // Whatever was said while nobody listened is unknown: start again from the database.
    if (reconnecting) applyAll();
  };

  /** One heartbeat tick: send a heartbeat, then judge the last one once pending input is read. */
  const heartbeat = () => {
    send();
    // Judged after this turn's I/O: an echo that arrived while the thread was busy rendering is
    // read first, so a busy thread is not mistaken for a silent connection.
    setImmediate(judge);
  };

  /** Overdue: no connection, or one that has had a full turn to deliver the echo and has not. */
  const overdue = (now: number, limitMs: number) => now - confirmedAt > limitMs && (!client || (waiting !== null && waiting.judged >= 2));

  /** Makes everything stale while the last echo is overdue, and reconnects after a missed heartbeat. */
  const judge = () => {
    const now = Date.now();
    if (waiting) waiting.judged++;
    if (overdue(now, STALE_MS) && now - lastForcedClear >= STALE_MS) {
      if (!clearing) log?.warn({ sinceEchoMs: now - confirmedAt }, "freshness: no echo from the listening connection in time; clearing caches until one comes");
      clearing = true;
      lastForcedClear = now;
      applyAll();
    }
    if (client && socket && waiting && waiting.judged >= 2 && now - waiting.sentAt > DOUBT_MS) {
      if (!doubting)
        log?.warn(
          { waitedMs: now - waiting.sentAt },
          "freshness: the listening connection missed its heartbeat; reconnecting, and clearing caches every second meanwhile",
        );
      doubting = true;
      drop(client, socket);
      client = undefined;
      waiting = null;
      schedule();
    }
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(
      () => {
        retry = undefined;
        connect(true).catch((error: unknown) => {
          log?.warn({ err: error instanceof Error ? error.message : String(error) }, "freshness: reconnect failed");
          failures++;
          schedule();
        });
      },
      backoffMs(failures + 1, { firstMs: 250, maxMs: 5000 }),
    );
    retry.unref();
  };

  return {
    instance,
    clock,
    apply,
    healthy: () => !databaseUrl || !overdue(Date.now(), STALE_MS),
    onChange(listener) {
      listeners.push(listener);
    },
    async start() {
      if (!databaseUrl || client) return;
      await connect(false);
      confirmedAt = Date.now();
      beat ??= setInterval(heartbeat, HEARTBEAT_MS);
      beat.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(beat);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
