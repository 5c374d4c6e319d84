// The one authority on "something changed". After every successful write (a web form, the JSON
// API, the auth library's hooks, a command-line tool) `bump` is called once; every cache in this
// process clears or re-keys on it, and every other instance hears of it through PostgreSQL
// NOTIFY on a connection of its own. A lost connection may have missed notifications, so when it
// comes back everything is cleared. On the embedded database there is one process: no messages.
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

export function createFreshness(options: { databaseUrl?: string; pool?: pg.Pool; log?: Logger } = {}): Freshness {
  const { databaseUrl, pool, log } = options;
  const instance = crypto.randomUUID();
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

  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    const lost = () => {
      if (client !== next || stopped) return;
      client = undefined;
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      log?.warn("freshness: lost the listening connection; reconnecting");
      schedule();
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      const [from, scope] = (message.payload ?? "").split(" ");
      if (from !== instance && SCOPES.has(scope as Scope)) apply(scope as Scope);
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
    retryMs = 250;
    // Whatever was said while nobody listened is unknown: start again from the database.
    if (reconnecting) apply("all");
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
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
