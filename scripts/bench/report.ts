// The bench's rows report: the table of rows against their targets on the console, and what
// results.ts writes of them to bench/results/<date>.json.
import { ACCEPT_ENCODING, CONNECTIONS, DURATION, log, MEMBERS_TARGET, READERS_TARGET, ROUNDS, THREADS, USE_PGLITE, WARMUP, type Result } from "./config";
import { hasWrk } from "./load";
import type { LoadResult } from "./stats";
import type { countStatements } from "./statements";

export interface Run {
  /** The home page as the baseline serves it. */
  home: { bytes: number; encoding: string | string[] };
  /** The baseline alone, and beside each signed-out row. */
  base0: LoadResult;
  baselines: number[];
  results: Result[];
  statements?: Awaited<ReturnType<typeof countStatements>>;
  firstStartPeak?: number;
  startRss: number;
  warmupPeakRss: number;
  peakRss: number;
}

/** Prints the rows' report; returns what the result file keeps of it. */
export function report(run: Run) {
  const { home, base0, baselines, results, statements, firstStartPeak, startRss, warmupPeakRss, peakRss } = run;
  const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "-");
  const nameWidth = Math.max(...results.map((r) => r.name.length), 20);
  const header = `${"page".padEnd(nameWidth)}  ${"visitor".padEnd(10)}  ${"req/s".padStart(8)}  ${"p50 ms".padStart(7)}  ${"p99 ms".padStart(7)}  ${"base".padStart(7)}  ${"base p99".padStart(8)}  ${"vs base".padStart(7)}  cache  ${"RSS MB".padStart(6)}  ${"CPU ms".padStart(6)}  target`;
  log(header);
  log("-".repeat(header.length + 6));
  log(
    `${"baseline (bare node)".padEnd(nameWidth)}  ${"-".padEnd(10)}  ${fmt(base0.rps, 0).padStart(8)}  ${fmt(base0.p50, 2).padStart(7)}  ${fmt(base0.p99, 2).padStart(7)}  ${"".padStart(7)}  ${"".padStart(8)}  ${"1.00".padStart(7)}  -      ${fmt(warmupPeakRss, 0).padStart(6)}  ${"".padStart(6)}  (server's peak in the warm-up; alone; beside the ${baselines.length} signed-out rows: ${fmt(Math.min(...baselines), 0)}–${fmt(Math.max(...baselines), 0)} req/s)`,
  );
  const verdicts: string[] = [];
  const forum1 = (signedIn: boolean) => results.find((r) => r.path === "/forum" && r.signedIn === signedIn)!;
  for (const r of results) {
    let target: string;
    let ok: boolean;
    if (r.signedIn) {
      ok = r.rps >= MEMBERS_TARGET.rps && r.p99 < MEMBERS_TARGET.p99;
      target = `>= ${MEMBERS_TARGET.rps} req/s, p99 < ${MEMBERS_TARGET.p99} ms; server median ${fmt(r.serverMedianMs ?? NaN, 2)} ms`;
      if (r.aloneMedianMs !== undefined) target += `, ${fmt(r.aloneMedianMs, 2)} ms one at a time`;
      if (r.path === "/forum") {
        ok &&= (r.serverMedianMs ?? Infinity) <= MEMBERS_TARGET.forumServerMs;
        target += ` (<= ${MEMBERS_TARGET.forumServerMs})`;
      }
    } else {
      ok = (r.ratio ?? 0) >= READERS_TARGET.ratio && r.p99 < READERS_TARGET.p99;
      target = `>= ${READERS_TARGET.ratio * 100}% of base, p99 < ${READERS_TARGET.p99} ms`;
    }
    if (r.path.startsWith("/forum?page=")) {
      const first = forum1(r.signedIn);
      const within = r.rps * 2 >= first.rps;
      ok = within && (r.signedIn ? true : ok);
      target = `within 2x of /forum (${fmt(first.rps / r.rps, 2)}x)${r.signedIn ? "" : `, ${target}`}`;
    }
    if (r.non2xx || r.errors) {
      ok = false;
      target += ` (${r.non2xx} non-2xx, ${r.errors} socket errors)`;
    }
    verdicts.push(`${r.name} ${r.signedIn ? "signed in" : "signed out"}: ${ok ? "met" : "NOT met"}`);
    log(
      `${r.name.padEnd(nameWidth)}  ${(r.signedIn ? "signed in" : "signed out").padEnd(10)}  ${fmt(r.rps, 0).padStart(8)}  ${fmt(r.p50, 2).padStart(7)}  ${fmt(r.p99, 2).padStart(7)}  ${(r.baselineRps ? fmt(r.baselineRps, 0) : "").padStart(7)}  ${(r.baselineP99 === undefined ? "" : fmt(r.baselineP99, 2)).padStart(8)}  ${(r.ratio === undefined ? "" : fmt(r.ratio, 2)).padStart(7)}  ${(r.cache ?? "-").padEnd(5)}  ${(r.peakRssMB === undefined ? "" : fmt(r.peakRssMB, 0)).padStart(6)}  ${(r.serverCpuMs === undefined ? "" : fmt(r.serverCpuMs, 3)).padStart(6)}  ${ok ? "ok" : "NOT MET"}: ${target}`,
    );
  }
  // The embedded database lives inside the server's process, so its targets are its own: under
  // 300 MB serving and 350 MB at the peak of the run, for a small VPS.
  const rssTargets = USE_PGLITE ? { start: 300, peak: 350 } : { start: 250, peak: 250 };
  const firstStartOk = firstStartPeak === undefined || firstStartPeak < 500;
  const rssOk = startRss < rssTargets.start && peakRss < rssTargets.peak && firstStartOk;
  log("");
  if (statements) {
    log("Statements per request, steady state (after 5 warm-up requests, over the next 20):");
    for (const row of statements) {
      const limit = row.signedIn ? 2 : 0;
      const ok = row.perRequest <= limit;
      verdicts.push(`${row.name} ${row.signedIn ? "signed in" : "signed out"} statements: ${ok ? "met" : "NOT met"}`);
      log(
        `  ${row.name.padEnd(nameWidth)}  ${(row.signedIn ? "signed in" : "signed out").padEnd(10)}  ${fmt(row.perRequest, 2).padStart(5)}  ${ok ? "ok" : "NOT MET"}: at most ${limit}`,
      );
    }
    log("");
  }
  const late = results.filter((r) => r.lateEchoes);
  log(
    `Late freshness heartbeat echoes (each time, caches cleared until the next echo): ${late.reduce((n, r) => n + (r.lateEchoes ?? 0), 0)}${late.length ? ` (${late.map((r) => `${r.name} ${r.signedIn ? "signed in" : "signed out"}: ${r.lateEchoes}`).join(", ")})` : ""}`,
  );
  if (firstStartPeak !== undefined) {
    log(`Peak RSS of a first start (new data folder, migrations, demo content): ${fmt(firstStartPeak)} MB (target < 500 MB)`);
  }
  log(`RSS of the server at start (serving, before the load): ${fmt(startRss)} MB (target < ${rssTargets.start} MB)`);
  log(`Peak RSS of the server during the run: ${fmt(peakRss)} MB (target < ${rssTargets.peak} MB): ${rssOk ? "met" : "NOT met"}`);
  return {
    load: {
      tool: hasWrk ? "wrk" : "autocannon",
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      rounds: hasWrk ? ROUNDS : 1,
      warmupSeconds: WARMUP,
      acceptEncoding: ACCEPT_ENCODING,
    },
    baseline: {
      description: hasWrk
        ? `bare Node http server answering with the compressed bytes of / from memory, ${THREADS} thread(s); measured in ${ROUNDS} windows taking turns with each signed-out row's ${ROUNDS} windows (measurements: one per row), each row's ratio is to the baseline over its own windows`
        : `bare Node http server answering with the compressed bytes of / from memory, ${THREADS} thread(s); measured before each signed-out row (measurements), each row's ratio is to the one just before it`,
      bytes: home.bytes,
      encoding: home.encoding,
      rps: base0.rps,
      p50: base0.p50,
      p99: base0.p99,
      measurements: baselines,
    },
    results: results.map((r) => ({ ...r, path: r.path })),
    ...(firstStartPeak === undefined ? {} : { firstStartPeakRssMB: Number(fmt(firstStartPeak)) }),
    ...(statements ? { statementsPerRequest: statements } : {}),
    startRssMB: Number(fmt(startRss)),
    warmupPeakRssMB: Number(fmt(warmupPeakRss)),
    peakRssMB: Number(fmt(peakRss)),
    verdicts: [...verdicts, `peak RSS: ${rssOk ? "met" : "NOT met"}`],
  };
}
