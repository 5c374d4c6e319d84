// The bench's settings (environment and flags), its targets and the shapes of its results.
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const DURATION = Number(process.env.DURATION ?? 10);
export const WARMUP = Number(process.env.WARMUP ?? 2);
export const ALONE = Number(process.env.ALONE ?? 3);
export const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
export const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 5) || 5);
export const USE_PGLITE = process.argv.includes("--pglite");
export const KEEP = process.argv.includes("--keep");
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// What a phone's browser sends.
export const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
// What each row must reach with two serving threads: a stored page for readers at 60% or more of
// the bare-Node baseline's requests/s, a member's page (rendered for them) at 600 requests/s or
// more, with the median server time of a member's /forum at most 3 ms; p99 below.
export const READERS_TARGET = { ratio: 0.6, p99: 20 };
export const MEMBERS_TARGET = { rps: 600, p99: 50, forumServerMs: 3 };
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
