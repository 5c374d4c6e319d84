// npm run bench: load-tests the production server on the scaled data set. Three runs, each on a
// server of its own over the same database:
//
//   npm run bench                          the rows (below), as before
//   npm run bench -- --mixed               the mixed run: readers beside writes at fixed rates
//   npm run bench -- --capacity            the capacity run: fixed arrival rates, without and with writes
//   npm run bench -- --mixed --capacity    both (about five minutes after the data set is loaded)
//   npm run bench -- --all                 the rows, then both
//
// Every run:
//   1. builds the app if there is no build yet (BUILD_DIR, default build/);
//   2. loads the scaled data set (scripts/lib/seed-scale/) into a fresh PostgreSQL database
//      (BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres is used to create and
//      drop it), or with --pglite into a temporary embedded database (the rows only);
//   3. starts `node server.js` on a free loopback port, serving from WEB_CONCURRENCY threads
//      (default 2, one per core; always 1 with --pglite), and prints its peak RSS over each run.
//
// The rows compare the server with a bare Node http server that answers with the same
// compressed bytes from memory: wrk (or autocannon with workers when wrk is missing) for DURATION
// seconds (default 10) at 50 connections per URL, signed out and signed in, after a short warm-up
// (every signed-out page WARMUP seconds before the first row, then each row's own).
// The baseline (a bare Node http server with the compressed bytes of /) runs as many threads.
// Each signed-out row is measured in ROUNDS windows (default 5, of DURATION/ROUNDS seconds)
// taking turns with as many windows of the baseline, in the order baseline-page,
// page-baseline, ...: both see the same minutes of a machine whose speed drifts, and the
// row's ratio is its requests over the baseline's in those windows. Latencies are merged
// from wrk's full histograms. (Without wrk: the baseline just before each row.)
// Each signed-in row then runs ALONE seconds (default 3) at one connection, for the server's
// median time per request without the wait behind the other connections. It prints requests/s,
// p50 and p99 per URL and the ratio to the baseline, the server's RSS once it serves and its
// peak, and PostgreSQL statements per request.
//
// The mixed run (mixed.ts; PostgreSQL): signed-out readers on five page kinds (the question the
// members answer, its list /forum, an article, a city page, another topic's list), wrk at
// MIXED_CONNECTIONS (10) each, all at once, while members answer that question through the JSON
// API at MIXED_RATES (1,5,20) a second. Windows of MIXED_WINDOW seconds (10): quiet, busy at
// 1, quiet, busy at 5, quiet, busy at 20, quiet (MIXED_ROUNDS times, after MIXED_WARMUP s,
// default 10). Prints each page's requests/s and p99 per rate, as ratios to the quiet windows
// beside the busy ones, the answers achieved and failed, and the verdicts.
//
// The capacity run (capacity.ts; PostgreSQL): an open-loop generator in a process of its own
// (open-loop.ts) sends readers' requests at CAPACITY_READERS (2000) a second over the signed-out
// pages, members' at CAPACITY_MEMBERS (100; 80% .data, 20% documents) and answers at
// CAPACITY_WRITES (5), on a fixed schedule; a latency counts from the time its request was due.
// After CAPACITY_WARMUP s (8), a phase without writes and one with them, CAPACITY_DURATION s
// each (25), CAPACITY_ROUNDS times (1). Prints each group's p50/p99, rate achieved and
// failures per phase, how late the generator sent, and the p99 ratios with their verdicts.
// CAPACITY_STREAMS (0) idle live-update streams stay open on another question through both phases.
//
// In both, each window or phase starts once the server has caught up with the one before
// (/readyz within 50 ms while no statement runs in PostgreSQL). Both run their server with
// RATE_LIMITS=false: the API allows one address 120 requests a minute, and every request here
// comes from 127.0.0.1. Everything goes to bench/results/<date>.json (the rows at the top level,
// `mixed` and `capacity` under their names).
//
// Options: --pglite, --keep (keep the database and data folder), DURATION=<s>, CONNECTIONS=<n>,
// ROUNDS=<n>, ALONE=<s>, and the MIXED_* and CAPACITY_* settings above.
//
// The parts: config.ts (settings, targets), database.ts (the scaled data set), processes.ts (the
// servers and the baseline), rows.ts and report.ts (the rows), load.ts and stats.ts (wrk or
// autocannon, merged histograms), memory.ts, statements.ts (statements per request), mixed.ts
// and mixed-report.ts, capacity.ts, generator.ts and open-loop.ts (the open-loop generator), and
// results.ts (the result file).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfMissing } from "../local-server";
import { runCapacity } from "./capacity";
import { BUILD_DIR, RUN_CAPACITY, RUN_MIXED, RUN_ROWS, USE_PGLITE } from "./config";
import { prepareDatabase } from "./database";
import { runMixed } from "./mixed";
import { measureFirstStart } from "./processes";
import { writeResults } from "./results";
import { runRows } from "./rows";

if (process.argv.includes("--help")) {
  console.log(header());
  process.exit(0);
}
if (USE_PGLITE && (RUN_MIXED || RUN_CAPACITY)) {
  console.error("The mixed and capacity runs are for PostgreSQL with several serving threads: leave out --pglite.");
  process.exit(2);
}

/** The comment at the top of this file, as the help text. */
function header() {
  const lines = fs.readFileSync(import.meta.filename, "utf8").split("\n");
  return lines
    .slice(
      0,
      lines.findIndex((line) => !line.startsWith("//")),
    )
    .map((line) => line.replace(/^\/\/ ?/, ""))
    .join("\n");
}

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-bench-"));
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    }
  };
  process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

  try {
    // 1. Build.
    buildIfMissing(BUILD_DIR);

    // 1b. The embedded default's first start: a new data folder, migrations and demo content,
    // as `npm start` does on a new machine. Its peak is what a small VPS must have room for.
    let firstStartPeak: number | undefined;
    if (USE_PGLITE) firstStartPeak = await measureFirstStart(path.join(workDir, "first-start"));

    // 2. Database.
    const database = await prepareDatabase(workDir, cleanups);

    // 3-5. The runs, each on a server of its own, and the result file.
    const parts: Record<string, unknown> = {};
    if (RUN_ROWS) Object.assign(parts, await runRows(workDir, database, cleanups, firstStartPeak));
    if (RUN_MIXED) parts.mixed = await runMixed(workDir, database, cleanups);
    if (RUN_CAPACITY) parts.capacity = await runCapacity(workDir, database, cleanups);
    writeResults({ started, loadBefore, databaseLabel: database.databaseLabel }, parts);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
