// The bench's settings (environment and flags), its targets and the shapes of its results.
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const DURATION = Number(process.env.DURATION ?? 10);
export const WARMUP = Number(process.env.WARMUP ?? 2);
export const ALONE = Number(process.env.ALONE ?? 3);
export const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
export const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 5) || 5);
export const USE_PGLITE = process.argv.includes("--pglite");
export const KEEP = process.argv.includes("--keep");
// Which runs: the rows (the default), the mixed run, the capacity run; --all for every one.
const flag = (name: string) => process.argv.includes(name);
export const RUN_MIXED = flag("--mixed") || flag("--all");
export const RUN_CAPACITY = flag("--capacity") || flag("--all");
export const RUN_ROWS = flag("--all") || !(flag("--mixed") || flag("--capacity"));
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// What a phone's browser sends.
export const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
// What each row must reach with two serving threads: a stored page for readers at 60% or more of
// the bare-Node baseline's requests/s, a member's page (rendered for them) at 600 requests/s or
// more, with the median server time of a member's /forum at most 3 ms; p99 below.
export const READERS_TARGET = { ratio: 0.6, p99: 20 };
export const MEMBERS_TARGET = { rps: 600, p99: 50, forumServerMs: 3 };
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value >= 0 ? value : fallback;
};
/**
 * The mixed run (mixed.ts): windows of `window` seconds, quiet and busy in turns, `rounds` times
 * over the write `rates` (a second each), wrk at `connections` per page kind.
 */
export const MIXED = {
  window: num("MIXED_WINDOW", 10),
  warmup: num("MIXED_WARMUP", 10),
  rounds: Math.max(1, num("MIXED_ROUNDS", 1)),
  rates: (process.env.MIXED_RATES ?? "1,5,20")
    .split(",")
    .map(Number)
    .filter((n) => n > 0),
  connections: Math.max(1, num("MIXED_CONNECTIONS", 10)),
};
/** Seconds the mixed run waits for the answers still out after a busy window. */
export const MIXED_DRAIN = 10;
/** The capacity run (capacity.ts): fixed rates a second, phases of `seconds` after a `leadIn` each. */
export const CAPACITY = {
  seconds: num("CAPACITY_DURATION", 25),
  warmup: num("CAPACITY_WARMUP", 8),
  leadIn: 2,
  rounds: Math.max(1, num("CAPACITY_ROUNDS", 1)),
  readers: num("CAPACITY_READERS", 2000),
  members: num("CAPACITY_MEMBERS", 100),
  writes: num("CAPACITY_WRITES", 5),
  /** Idle live-update streams held open on another question through both phases (CAPACITY_STREAMS). */
  streams: num("CAPACITY_STREAMS", 0),
};
// What writes may cost the pages beside them: at 20 answers a second, a page the answers do not
// touch keeps 0.7 of its quiet requests/s with p99 at most 3 times the quiet one's; at 5 a second
// the written question's own page and list keep 0.5. In the capacity run, 5 answers a second
// raise neither readers' nor members' p99 by more than half plus 20 ms.
export const MIXED_TARGET = { untouched: { rate: 20, ratio: 0.7, p99Factor: 3 }, touched: { rate: 5, ratio: 0.5 } };
export const CAPACITY_TARGET = { p99Factor: 1.5, p99SlackMs: 20 };

// Serving threads (WEB_CONCURRENCY): two unless told otherwise, one per core of the machines
// this runs on; the baseline gets as many. The embedded database is for one thread.
export const THREADS = USE_PGLITE ? 1 : Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 2) || 2);

export interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}
export interface Result extends Target {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cache?: string;
  ratio?: number;
  /** The baseline's requests/s in the windows that took turns with this row's (signed-out rows). */
  baselineRps?: number;
  /** The baseline's p99 in those windows: a p99 both share is the machine's, not the page's. */
  baselineP99?: number;
  /** The server's highest resident memory sampled during this row, in MB. */
  peakRssMB?: number;
  /** Signed-in rows: the median time the server's request log gives for the row's requests. */
  serverMedianMs?: number;
  /**
   * Signed-in rows: the same median with one request at a time (ALONE seconds), the time a render
   * takes; at fifty connections the log's time is mostly the wait behind the other requests.
   */
  aloneMedianMs?: number;
  /**
   * The server's CPU time per request (all its threads, the collector's and compression's too),
   * in ms: steadier than requests/s on a machine whose other tenants come and go.
   */
  serverCpuMs?: number;
  /** Times during the row that the thread cleared its caches for a late heartbeat echo (server log). */
  lateEchoes?: number;
}

export const log = (line = "") => console.log(line);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What the bench's database holds to ask for: see fixtureOf in database.ts. */
export interface Fixture {
  slug: string;
  question: number;
  /** The question the capacity run's answers go to (the mixed run's go to `question`). */
  capacityQuestion: number;
  /** A forum topic neither of those questions is filed under. */
  otherTopic: string;
  city: string;
  service: string;
  visible: number;
}

/**
 * Every row of the report, signed out then signed in; `deepPage` is the forum's last page. A
 * member's first page is a document; each click after it fetches the next page's data (`.data`,
 * as React Router's client-side navigation does), so the members' rows measure both.
 */
export function targetsFor(fixture: Fixture, deepPage: number): Target[] {
  return [
    { name: "/", path: "/", signedIn: false },
    { name: "/blog", path: "/blog", signedIn: false },
    { name: "/article/<slug>", path: `/article/${fixture.slug}`, signedIn: false },
    { name: "guide", path: "/blog/capsaicin-arthritis-guide", signedIn: false },
    { name: "/forum", path: "/forum", signedIn: false },
    { name: `/forum?page=${deepPage}`, path: `/forum?page=${deepPage}`, signedIn: false },
    { name: "/forum/<id>", path: `/forum/${fixture.question}`, signedIn: false },
    { name: "city-service page", path: `/${fixture.city}/${fixture.service}`, signedIn: false },
    { name: "/search?q=capsaicin", path: "/search?q=capsaicin", signedIn: false },
    { name: "/forum/topics/<slug>", path: "/forum/topics/hands-and-fingers", signedIn: false },
    { name: "/", path: "/", signedIn: true },
    { name: "/forum", path: "/forum", signedIn: true },
    { name: `/forum?page=${deepPage}`, path: `/forum?page=${deepPage}`, signedIn: true },
    { name: "/forum/<id>", path: `/forum/${fixture.question}`, signedIn: true },
    { name: "/forum/topics/<slug>", path: "/forum/topics/hands-and-fingers", signedIn: true },
    { name: "/ (click: /_.data)", path: "/_.data", signedIn: true },
    { name: "/forum.data", path: "/forum.data", signedIn: true },
    { name: "/forum/<id>.data", path: `/forum/${fixture.question}.data`, signedIn: true },
    { name: "/forum/topics/<slug>.data", path: "/forum/topics/hands-and-fingers.data", signedIn: true },
  ];
}
