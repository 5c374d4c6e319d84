// The one authority on "something changed". After every successful write (a web form, the JSON
// API, the auth library's hooks, a command-line tool) `bump` is called once; every cache in this
// process clears or re-keys on it, and every other instance hears of it through PostgreSQL
// NOTIFY on a connection of its own. A lost connection may have missed notifications, so when it
// comes back everything is cleared. A connection can also die without a word (a NAT or firewall
// dropping it): a heartbeat through it proves it still carries messages, and while it cannot
// prove that, every cache is cleared each second (docs/decisions/014). On the embedded database
// there is one process: no messages.
import crypto from "node:crypto";
import pg from "pg";
import type { Logger } from "./log.server";

/** What changed: public content (stored pages, shared reads, stats), who is who, or both. */
export type Scope = "content" | "accounts" | "all";

export const CHANNEL = "capsiva_freshness";

export interface Freshness {
  /** The content epoch: goes up on every content change, here or on another instance. */
  current(): number;
  /** Called once after a write commits: local caches at once, other instances within moments. */
  bump(scope: Scope): void;
  /** Listeners run on every change, local or from another instance. */
  onBump(listener: (scope: Scope) => void): void;
  /** Whether messages from other instances are known to arrive (always, on the embedded database). */
  healthy(): boolean;
  /** Connects the listening connection (PostgreSQL only); resolves once it listens. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const SCOPES = new Set<Scope>(["content", "accounts", "all"]);

const OPEN_NOTIFICATION = /^\/notifications\/\d+(\.data)?$/;

/**
 * What a request changed, if it was a successful write (status under 400): "all" for the
 * member's own account pages, "content" for anything else. Reads change nothing, and the auth
 * library's calls (its endpoints, the /auth forms) are reported by its own hooks.
 */
export function writeScope(method: string, pathname: string, status: number): Scope | null {
  // Opening a notification is a link (a GET) that marks it read: a write like any other.
  if (method === "GET" && status < 400 && OPEN_NOTIFICATION.test(pathname)) return "content";
  if (method === "GET" || method === "HEAD" || method === "OPTIONS" || status >= 400) return null;
  if (/^\/(api\/)?auth(\/|\.data$|$)/.test(pathname)) return null;
  return /^\/account(\/|\.data$|$)/.test(pathname) ? "all" : "content";
}

// A heartbeat goes through the listening connection every quarter second: a NOTIFY to this
// connection's own channel. PostgreSQL delivers notifications in commit order, so once it comes
// back every write told before it was sent has been heard. Without an echo of a heartbeat sent in
// the last STALE_MS, caches are cleared every STALE_MS (a write is at most about a second old to
// readers); without one for DOUBT_MS the connection is dropped and opened again. A heartbeat is
// only held against the connection once a whole turn of the event loop has read input after it was
// sent: a thread rendering for seconds at a time reads the echo late, and clearing its caches then
// would make it slower still (docs/decisions/014).
const HEARTBEAT_MS = 250;
const STALE_MS = 750;
const DOUBT_MS = 1500;

export function createFreshness(options: { databaseUrl?: string; pool?: pg.Pool; log?: Logger; connectTimeoutMs?: number } = {}): Freshness {
  const { databaseUrl, pool, log } = options;
  const instance = crypto.randomUUID();
  const pingChannel = `capsiva_ping_${instance.replaceAll("-", "")}`;
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
  const listeners: ((scope: Scope) => void)[] = [];
  let epoch = 0;
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 250;
  let retry: NodeJS.Timeout | undefined;

  const apply = (scope: Scope) => {
    if (scope !== "accounts") epoch++;
    for (const listener of listeners) listener(scope);
  };

  /** Sends a heartbeat unless one is waiting for its echo. */
  const send = () => {
    if (!client || waiting) return;
    waiting = { seq: ++seq, sentAt: Date.now(), judged: 0 };
    client.query("select pg_notify($1, $2)", [pingChannel, String(seq)]).catch(() => {});
  };

  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5000,
    });
    const lost = () => {
      if (client !== next || stopped) return;
      client = undefined;
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      waiting = null;
      if (!doubting) log?.warn("freshness: lost the listening connection; reconnecting, and clearing caches every second meanwhile");
      doubting = true;
      schedule();
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === pingChannel) {
        if (client === next && waiting && String(waiting.seq) === message.payload) {
          confirmedAt = waiting.sentAt;
          waiting = null;
          clearing = false;
          if (doubting) log?.info("freshness: the listening connection carries messages again");
          doubting = false;
          // A late echo is followed by the next heartbeat at once, not at the next tick: waiting
          // for the tick would add up to a quarter second to what a slow round trip already cost.
          if (Date.now() - confirmedAt >= HEARTBEAT_MS) send();
        }
        return;
      }
      const [from, scope] = (message.payload ?? "").split(" ");
      if (from !== instance && SCOPES.has(scope as Scope)) apply(scope as Scope);
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    await next.query(`listen ${pingChannel}`);
    client = next;
    waiting = null;
    retryMs = 250;
    // Whatever was said while nobody listened is unknown: start again from the database.
    if (reconnecting) apply("all");
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

  /** Clears caches while the last echo is overdue, and reconnects after a missed heartbeat. */
  const judge = () => {
    const now = Date.now();
    if (waiting) waiting.judged++;
    if (overdue(now, STALE_MS) && now - lastForcedClear >= STALE_MS) {
      if (!clearing) log?.warn({ sinceEchoMs: now - confirmedAt }, "freshness: no echo from the listening connection in time; clearing caches until one comes");
      clearing = true;
      lastForcedClear = now;
      apply("all");
    }
    if (client && waiting && waiting.judged >= 2 && now - waiting.sentAt > DOUBT_MS) {
      const stuck = client;
      if (!doubting)
        log?.warn(
          { waitedMs: now - waiting.sentAt },
          "freshness: the listening connection missed its heartbeat; reconnecting, and clearing caches every second meanwhile",
        );
      doubting = true;
      client = undefined;
      waiting = null;
      stuck.removeAllListeners("notification");
      (stuck as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      void stuck.end().catch(() => {});
      schedule();
    }
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect(true).catch((error: unknown) => {
        log?.warn({ err: error instanceof Error ? error.message : String(error) }, "freshness: reconnect failed");
        retryMs = Math.min(retryMs * 2, 5000);
        schedule();
      });
    }, retryMs);
    retry.unref();
  };

  return {
    current: () => epoch,
    healthy: () => !databaseUrl || !overdue(Date.now(), STALE_MS),
    bump(scope) {
      apply(scope);
      if (!pool) return;
      pool.query("select pg_notify($1, $2)", [CHANNEL, `${instance} ${scope}`]).catch((error: unknown) => {
        log?.warn({ err: error instanceof Error ? error.message : String(error) }, "freshness: could not tell the other instances");
      });
    },
    onBump(listener) {
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
