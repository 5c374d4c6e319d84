// The bench's rows: each page loaded by wrk at CONNECTIONS connections, signed out (beside the
// bare-Node baseline, in turns) and signed in, then PostgreSQL statements per request; see main.ts.
import path from "node:path";
import { ACCEPT_ENCODING, ALONE, BUILD_DIR, CONNECTIONS, DURATION, log, targetsFor, THREADS, WARMUP, type Result } from "./config";
import type { BenchDatabase } from "./database";
import { rawGet } from "./http";
import { hasWrk, load, loadBeside, writeWrkScript } from "./load";
import type { LoadResult } from "./stats";
import { signIn, startBaseline, startServer } from "./processes";
import { report } from "./report";
import { countStatements } from "./statements";
import { countLogLines, medianServerMs } from "./server-log";

/** Runs the rows on a server of their own (stopped at the end) and prints them; returns what the result file keeps. */
export async function runRows(workDir: string, database: BenchDatabase, cleanups: (() => Promise<void> | void)[], firstStartPeak?: number) {
  const { databaseUrl, fixture, deepPage } = database;

  // 3. Server.
  const { server, base, serverEnv, memory, serverLogFile, stop } = await startServer(workDir, database, cleanups);
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
      serverMedianMs = medianServerMs(serverLogFile, target.path.split("?")[0], rowStart, Date.now());
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
    const lateEchoes = countLogLines(serverLogFile, "freshness: no echo", rowStart, Date.now());
    let aloneMedianMs: number | undefined;
    if (target.signedIn && ALONE > 0) {
      const aloneStart = Date.now();
      load(`${base}${target.path}`, headers, script, ALONE, 1);
      aloneMedianMs = medianServerMs(serverLogFile, target.path.split("?")[0], aloneStart, Date.now());
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
  const rows = report({
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
  await stop();
  return rows;
}
