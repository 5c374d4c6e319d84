// Opens the database: PostgreSQL through node-postgres when a connection string is given,
// otherwise embedded PostgreSQL (PGlite) in a folder or in memory. Nothing else in the code
// knows which driver it is on.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { schema } from "../../../db/schema";
/**
 * Told of every query (drizzle's public logger hook): a public page whose render queried the
 * database outside a shared read cannot say what it depends on, so it is not stored.
 */
export interface QueryObserver {
  onQuery?: () => void;
}
const observing = (observer: QueryObserver) => ({ logQuery: () => observer.onQuery?.() });

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /** One round trip; throws when the database cannot be reached. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs start-up work on the same database: on PostgreSQL
   * under a session advisory lock held by a connection of its own (instances starting together
   * take turns); on PGlite, which one process holds, it simply runs.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Closes the connections. With `timeoutMs`, gives up waiting after that long: a query stuck
   * behind a lock would otherwise hold the close (and the process) for as long as it waits.
   * Resolves to whether everything closed in time.
   */
  close(options?: { timeoutMs?: number }): Promise<boolean>;
  /** PGlite only: the raw client (dumps, backups). */
  pglite?: PGlite;
  /** PostgreSQL only: the connection pool (counters shared by every instance). */
  pool?: pg.Pool;
  /** PostgreSQL only: statements sent through the pool since it opened. */
  statements?: () => number;
  /** Hears of every query made through `db` (runtime.server.ts connects it to the caches). */
  queries: QueryObserver;
}

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

export class DatabaseLockedError extends Error {}

// The advisory lock key for start-up work (migrations, the guide index): any fixed 64-bit number
// that no other application sharing the database uses; this one spells "capsiva" in ASCII.
const STARTUP_LOCK_KEY = "27992700474077537";

/** Bounds on waiting for PostgreSQL, in milliseconds (env.server.ts names the settings). */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  connectMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { statementMs: 10_000, lockMs: 5_000, idleInTransactionMs: 30_000, connectMs: 5_000 };

/** `url`: a postgres:// URL, `memory://`, or a folder path for PGlite. */
export async function openDatabase(
  url: string,
  options: { poolMax?: number; loadDataDir?: Blob; template?: string; timeouts?: DatabaseTimeouts } = {},
): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.poolMax ?? 10, options.timeouts ?? DEFAULT_TIMEOUTS);
  return openPglite(url, options.loadDataDir, options.template);
}

/**
 * Connection settings for every connection of ours: the server's own limits on a statement, a
 * lock wait and an idle transaction; a client-side limit a little longer than the statement's,
 * for when the server cannot say anything (a partition); and TCP keepalive, so that a path
 * that died quietly is found by the kernel too.
 */
export function connectionSettings(url: string, t: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    query_timeout: t.statementMs + 2000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

function openPostgres(url: string, poolMax: number, timeouts: DatabaseTimeouts): Database {
  const pool = new pg.Pool({ ...connectionSettings(url, timeouts), max: poolMax });
  // A client that loses its connection (a database restart) must not crash the process: idle
  // clients report through the pool, checked-out ones (a transaction between two statements)
  // on themselves. Either way the broken client is dropped and the next query opens a new one.
  pool.on("error", () => {});
  // Every statement goes through a pooled client's query(): counting there costs an increment and
  // tells `npm run bench` how many statements a request takes.
  let statements = 0;
  pool.on("connect", (client) => {
    client.on("error", () => {});
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      statements++;
      const result = query(...args);
      // A statement the server never answered leaves the connection unusable (the answer may
      // still come): it is ended, so the rollback that follows fails at once and the pool drops it.
      // With a statement still waiting, pg's end() cuts the socket rather than saying goodbye to a
      // server that may not be listening (tests/integration/pg-hung-connection.test.ts pins it).
      if (result instanceof Promise)
        result.catch((error: unknown) => error instanceof Error && /Query read timeout/.test(error.message) && void client.end().catch(() => {}));
      return result;
    }) as typeof client.query;
  });
  const queries: QueryObserver = {};
  const db = drizzlePg(pool, { schema, logger: observing(queries) }) as unknown as Db;
  return {
    db,
    queries,
    kind: "postgres",
    pool,
    statements: () => statements,
    ping: async () => {
      await pool.query("select 1");
    },
    migrate: async () => {
      // A migration may rightly take longer than a request's statement: its own connection, unbounded.
      const once = new pg.Pool({ ...connectionSettings(url, timeouts), statement_timeout: 0, lock_timeout: 0, query_timeout: undefined, max: 1 });
      once.on("error", () => {});
      try {
        await migratePg(drizzlePg(once), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await once.end().catch(() => {});
      }
    },
    withStartupLock: async (work) => {
      // A session lock lives as long as its connection, so it is taken on a client outside the
      // pool: the pool could hand the unlock to another connection. If this process dies while
      // holding it, PostgreSQL ends the session and the next instance goes ahead.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true });
      client.on("error", () => {});
      await client.connect();
      try {
        await client.query(`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
        try {
          return await work();
        } finally {
          await client.query(`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`).catch(() => {});
        }
      } finally {
        await client.end().catch(() => {});
      }
    },
    close: (options = {}) => withTimeout(pool.end(), options.timeoutMs),
  };
}

/** The build's empty embedded database (scripts/embedded-template.ts), beside the server bundle. */
export const EMBEDDED_TEMPLATE_FILE = "pglite-template.tar.gz";

// PostgreSQL's default shared buffers live in the WebAssembly heap, which never shrinks, and the
// embedded database serves one small site: small buffers (docs/decisions/004, with the figures).
const EMBEDDED_SETTINGS = ["shared_buffers=16MB", "wal_buffers=1MB"];

async function openPglite(location: string, loadDataDir?: Blob, template?: string): Promise<Database> {
  const inMemory = location === "memory://" || location === "";
  let releaseLock = () => {};
  if (!inMemory) {
    fs.mkdirSync(location, { recursive: true });
    releaseLock = acquireLock(location);
    // A new folder starts from the build's empty database rather than running initdb here.
    if (!loadDataDir && template && !fs.existsSync(path.join(location, "PG_VERSION")) && fs.existsSync(template)) {
      loadDataDir = new Blob([fs.readFileSync(template)]);
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : location, {
      ...(loadDataDir ? { loadDataDir } : {}),
      postgresqlconf: EMBEDDED_SETTINGS,
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const queries: QueryObserver = {};
  const db = drizzlePglite(client, { schema, logger: observing(queries) }) as unknown as Db;
  let closed = false;
  return {
    db,
    queries,
    kind: "pglite",
    pglite: client,
    ping: async () => {
      if (closed) throw new Error("database closed");
      await db.execute(sql`select 1`);
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    withStartupLock: (work) => work(),
    close: async (options = {}) => {
      if (closed) return true;
      closed = true;
      const done = await withTimeout(client.close(), options.timeoutMs);
      releaseLock();
      return done;
    },
  };
}

// What node-postgres and PostgreSQL say when a connection cannot be had or used: socket errors,
// the pool's connect timeout and a statement the server never answered; too many connections
// (53300), a database not accepting connections (55000), a statement or lock wait that ran out
// (57014, 55P03), and admin shutdown and connection failures (57P01-57P03, class 08).
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "53300",
  "55000",
  "55P03",
  "57014",
  "57P01",
  "57P02",
  "57P03",
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection refused|database closed|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/** How long a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = "5";

/** Whether `error` (or one of its causes) says the database cannot be reached or used in time, as opposed to a bug or bad data. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = String((e as NodeJS.ErrnoException).code ?? "");
    if (UNREACHABLE_CODES.has(code) || code.startsWith("08") || UNREACHABLE_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** Waits for `work`, or `timeoutMs` if given, whichever ends first; true when `work` finished. */
async function withTimeout(work: Promise<void>, timeoutMs: number | undefined) {
  if (timeoutMs === undefined) return work.then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Two processes must never open the same PGlite folder: it corrupts silently. The lock file
 * holds the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export function acquireLock(folder: string): () => void {
  const lockFile = path.join(folder, "..", `${path.basename(folder)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${path.resolve(folder)} is in use by another process (pid ${owner}, lock file ${path.resolve(lockFile)}). ` +
            "Stop that process first, or set DATABASE_URL to use PostgreSQL.",
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not take the lock ${path.resolve(lockFile)}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
