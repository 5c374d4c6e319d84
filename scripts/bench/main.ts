// npm run bench: load-tests the production server on the scaled data set and compares it with a
// bare Node http server that answers with the same compressed bytes from memory.
//
//   1. builds the app if there is no build yet (BUILD_DIR, default build/);
//   2. loads the scaled data set (scripts/lib/seed-scale/) into a fresh PostgreSQL database
//      (BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres is used to create and
//      drop it), or with --pglite into a temporary embedded database;
//   3. starts `node server.js` on a free loopback port, serving from WEB_CONCURRENCY threads
//      (default 2, one per core; always 1 with --pglite);
//   4. runs wrk (or autocannon with workers when wrk is missing) for DURATION seconds
//      (default 10) at 50 connections per URL, signed out and signed in, after a short warm-up
//      (every signed-out page WARMUP seconds before the first row, then each row's own).
//      The baseline (a bare Node http server with the compressed bytes of /) runs as many threads.
//      Each signed-out row is measured in ROUNDS windows (default 5, of DURATION/ROUNDS seconds)
//      taking turns with as many windows of the baseline, in the order baseline-page,
//      page-baseline, ...: both see the same minutes of a machine whose speed drifts, and the
//      row's ratio is its requests over the baseline's in those windows. Latencies are merged
//      from wrk's full histograms. (Without wrk: the baseline just before each row.)
//      Each signed-in row then runs ALONE seconds (default 3) at one connection, for the server's
//      median time per request without the wait behind the other connections.
//   5. prints requests/s, p50 and p99 per URL and the ratio to the baseline, the server's RSS
//      once it serves and its peak over the whole run, and writes everything to
//      bench/results/<date>.json.
//
// Options: --pglite, --keep (keep the database and data folder), DURATION=<s>, CONNECTIONS=<n>,
// ROUNDS=<n>, ALONE=<s>.
//
// The parts: config.ts (settings, targets), database.ts (the scaled data set), processes.ts (the
// server and the baseline), load.ts and stats.ts (wrk or autocannon, merged histograms),
// memory.ts, statements.ts (statements per request) and report.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfMissing } from "../local-server";
import { ACCEPT_ENCODING, ALONE, BUILD_DIR, CONNECTIONS, DURATION, log, targetsFor, THREADS, USE_PGLITE, WARMUP, type Result } from "./config";
import { prepareDatabase } from "./database";
import { rawGet } from "./http";
import { hasWrk, load, loadBeside, writeWrkScript } from "./load";
import type { LoadResult } from "./stats";
import { measureFirstStart, signIn, startBaseline, startServer } from "./processes";
import { report } from "./report";
import { countStatements } from "./statements";
import { countLogLines, medianServerMs } from "./server-log";

if (process.argv.includes("--help")) {
  console.log(header());
  process.exit(0);
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
    const { databaseUrl, fixture, deepPage } = database;

    // 3. Server.
    const { server, base, serverEnv, memory } = await startServer(workDir, database, cleanups);
    // What the server holds once it serves, before any load: its first start's migrations and
    // the scaled data set are behind it.
    const startRss = memory.now();
    const nodeOptions = process.env.NODE_OPTIONS ?? "";
    log(
      `Server: node server.js (${BUILD_DIR}/), one process serving from ${THREADS} thread${THREADS > 1 ? "s" : ""} (WEB_CONCURRENCY=${THREADS}), NODE_OPTIONS=${nodeOptions || "(none)"}, pid ${server.pid}, ${base}`,
    );

    // Members to be signed in as, taking turns request by request (BENCH_MEMBERS of them, fewer
    // than one address may sign in in a minute): a page rendered for one of them must not be what
    // the others get, and each has their own unread count.
    const sessions = await signIn(base, database.benchEmails, database.benchPassword);
    const session = sessions[0];
    const membersScript = writeWrkScript(path.join(workDir, "members.lua"), sessions);
    const readersScript = writeWrkScript(path.join(workDir, "readers.lua"));
    const targets = targetsFor(fixture, deepPage);

    // 4a. A fresh server runs slower for its first half minute of load (its code is still being
    // compiled and its heap sized), and the first rows measured paid for it: every signed-out page
    // is loaded for WARMUP seconds before any row is measured. The stored pages' brotli is then
    // the full-effort one (remade after a page's third hit), which the baseline serves too.
    for (const target of targets.filter((t) => !t.signedIn)) load(`${base}${target.path}`, { "Accept-Encoding": ACCEPT_ENCODING }, readersScript, WARMUP);

    // 4b. Baseline: the same compressed bytes as / from a bare Node http server in its own process.
    const home = await rawGet(`${base}/`, { "Accept-Encoding": ACCEPT_ENCODING });
    const { baseline, baselineUrl } = await startBaseline(
      workDir,
      home.body,
      {
        "Content-Type": String(home.headers["content-type"] ?? "text/html"),
        ...(home.headers["content-encoding"] ? { "Content-Encoding": String(home.headers["content-encoding"]) } : {}),
        "Content-Length": String(home.body.length),
      },
      cleanups,
    );
    log(
      `Load: ${hasWrk ? "wrk" : "autocannon (2 workers)"}, ${CONNECTIONS} connections, ${DURATION} s per URL after ${WARMUP} s of warm-up, Accept-Encoding: ${ACCEPT_ENCODING}`,
    );
    log(`Home page: ${home.body.length} bytes (${home.headers["content-encoding"] ?? "identity"}), X-Cache ${home.headers["x-cache"]}`);
    log("");
    const plain = { "Accept-Encoding": ACCEPT_ENCODING };
    load(baselineUrl, plain, readersScript, WARMUP);
    const base0 = load(baselineUrl, plain, readersScript);
    const baselines: number[] = [];

    // 4c. The app. Each signed-out row is compared with the baseline measured in turns with it
    // (loadBeside): on a shared machine the speed of the cores drifts over a run (tens of percent
    // here), and a baseline taken at another time would compare one period with another.
    const results: Result[] = [];
    const warmupPeakRss = memory.sincePrevious();
    for (const target of targets) {
      const headers: Record<string, string> = { ...plain };
      if (target.signedIn) headers.Cookie = session;
      const probe = await rawGet(`${base}${target.path}`, headers);
      if (probe.status !== 200) throw new Error(`${target.path} answered ${probe.status}`);
      const script = target.signedIn ? membersScript : readersScript;
      load(`${base}${target.path}`, headers, script, WARMUP);
      let r: LoadResult;
      let baselineRps: number | undefined;
      let baselineP99: number | undefined;
      let serverMedianMs: number | undefined;
      const cpuBefore = memory.cpuSeconds();
      const rowStart = Date.now();
      if (target.signedIn) {
        r = load(`${base}${target.path}`, headers, script);
        serverMedianMs = medianServerMs(path.join(workDir, "server.log"), target.path.split("?")[0], rowStart, Date.now());
      } else {
        const both = loadBeside(`${base}${target.path}`, baselineUrl, headers, script);
        r = both.page;
        baselineRps = both.baseline.rps;
        baselineP99 = both.baseline.p99;
        baselines.push(baselineRps);
      }
      // The server is idle in the baseline's windows: its CPU time is the page's own.
      const requests = r.requests ?? r.rps * DURATION;
      const serverCpuMs = ((memory.cpuSeconds() - cpuBefore) * 1000) / requests;
      // Each time the freshness heartbeat's echo came too late, the thread emptied its caches.
      const lateEchoes = countLogLines(path.join(workDir, "server.log"), "freshness: no echo", rowStart, Date.now());
      let aloneMedianMs: number | undefined;
      if (target.signedIn && ALONE > 0) {
        const aloneStart = Date.now();
        load(`${base}${target.path}`, headers, script, ALONE, 1);
        aloneMedianMs = medianServerMs(path.join(workDir, "server.log"), target.path.split("?")[0], aloneStart, Date.now());
      }
      const after = await rawGet(`${base}${target.path}`, headers);
      results.push({
        ...target,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        cache: String(after.headers["x-cache"] ?? "-"),
        ...(baselineRps === undefined ? {} : { ratio: r.rps / baselineRps, baselineRps, baselineP99 }),
        ...(serverMedianMs === undefined ? {} : { serverMedianMs }),
        ...(aloneMedianMs === undefined ? {} : { aloneMedianMs }),
        serverCpuMs,
        lateEchoes,
        peakRssMB: memory.sincePrevious(),
      });
      process.stdout.write(".");
    }
    baseline.kill("SIGTERM");
    const peakRss = memory.stop();
    log("\n");

    // 4d. Statements per request (PostgreSQL only: the embedded database is one process's).
    const statements = databaseUrl ? await countStatements(serverEnv, targets, sessions) : undefined;

    // 5. Report.
    report({
      started,
      loadBefore,
      databaseLabel: database.databaseLabel,
      home: { bytes: home.body.length, encoding: home.headers["content-encoding"] ?? "identity" },
      base0,
      baselines,
      results,
      statements,
      firstStartPeak,
      startRss,
      warmupPeakRss,
      peakRss,
    });
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
