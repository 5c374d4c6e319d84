// What the mixed run prints and keeps: every window, then per write rate each page kind's busy
// windows against the quiet windows beside them, and the verdicts against MIXED_TARGET.
import { MIXED_DRAIN as DRAIN, MIXED_TARGET, log } from "./config";
import type { GroupSummary } from "./generator";

export interface MixedPage {
  name: string;
  /** A column's heading in the windows' table. */
  label: string;
  path: string;
  /** Whether the answers change what the page shows (the question's own page and its list). */
  touched: boolean;
}

export interface PageFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

export interface RateFigures {
  rate: number;
  writes: Pick<GroupSummary, "achievedPerSecond" | "ok" | "failed" | "unfinished" | "p50" | "p99">;
  pages: {
    name: string;
    path: string;
    touched: boolean;
    busy: PageFigures;
    quiet: PageFigures;
    /** Busy requests/s over the quiet windows' beside it, and the same for p99. */
    rpsRatio: number;
    p99Ratio: number;
    target?: string;
    met?: boolean;
  }[];
}

export interface MixedResult {
  settings: {
    windowSeconds: number;
    warmupSeconds: number;
    rounds: number;
    rates: number[];
    connectionsPerPage: number;
    writtenQuestion: number;
    listShowsQuestion: boolean;
    members: number;
    rateLimits: boolean;
  };
  pages: MixedPage[];
  windows: { kind: "quiet" | "busy"; rate: number; pages: Record<string, PageFigures>; writes?: GroupSummary; lateEchoes: number }[];
  byRate: RateFigures[];
  verdicts: string[];
  peakRssMB: number;
  /** Seconds until the server served, waiting for it to catch up before the windows, stopping it. */
  timings: { serverStartSeconds: number; settleSeconds: number; stopSeconds: number };
  seconds: number;
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }) : "-");

/** Prints the run's tables and fills in each page's target and `result.verdicts`. */
export function printMixed(result: MixedResult) {
  const { pages, windows, byRate } = result;
  const cell = 16;
  log("Windows (readers: req/s / p99 ms per page kind; writes: answers a second achieved, failed, p99 ms):");
  log(
    `${"window".padEnd(12)}  ${"writes/s".padStart(8)}  ${"achieved".padStart(8)}  ${"failed".padStart(6)}  ${"w. p99".padStart(7)}  ${"late".padStart(4)}  ${pages.map((p) => p.label.padStart(cell)).join("  ")}`,
  );
  windows.forEach((w, i) => {
    const writes = w.writes;
    log(
      `${`${i + 1}. ${w.kind}`.padEnd(12)}  ${(w.kind === "busy" ? String(w.rate) : "-").padStart(8)}  ${(writes ? fmt(writes.achievedPerSecond, 2) : "").padStart(8)}  ${(writes ? String(writes.failed) : "").padStart(6)}  ${(writes ? fmt(writes.p99, 1) : "").padStart(7)}  ${String(w.lateEchoes).padStart(4)}  ${pages
        .map((p) => {
          const f = w.pages[p.name];
          return `${fmt(f.rps)} / ${fmt(f.p99, 1)}${f.non2xx || f.errors ? "!" : ""}`.padStart(cell);
        })
        .join("  ")}`,
    );
  });
  log(`(${pages.map((p) => `${p.label}: ${p.path}`).join(", ")})`);
  log(`(late: times a thread cleared its caches for a late freshness heartbeat echo; "!": non-2xx answers or socket errors)`);
  log("");

  const { untouched, touched } = MIXED_TARGET;
  const width = Math.max(...pages.map((p) => p.name.length));
  log("Per write rate, busy windows against the quiet windows beside them:");
  const header = `${"writes/s".padStart(8)}  ${"page".padEnd(width)}  ${"touched".padEnd(7)}  ${"busy req/s".padStart(10)}  ${"quiet req/s".padStart(11)}  ${"ratio".padStart(5)}  ${"busy p99".padStart(8)}  ${"quiet p99".padStart(9)}  ${"p99 x".padStart(6)}  target`;
  log(header);
  log("-".repeat(header.length + 30));
  for (const rate of byRate) {
    for (const page of rate.pages) {
      if (!page.touched && rate.rate === untouched.rate) {
        page.target = `>= ${untouched.ratio} of quiet req/s, p99 <= ${untouched.p99Factor}x quiet`;
        page.met = page.rpsRatio >= untouched.ratio && page.p99Ratio <= untouched.p99Factor;
      } else if (page.touched && rate.rate === touched.rate) {
        page.target = `>= ${touched.ratio} of quiet req/s`;
        page.met = page.rpsRatio >= touched.ratio;
      }
      const errors = page.busy.non2xx + page.busy.errors + page.quiet.non2xx + page.quiet.errors;
      if (errors && page.met) page.met = false;
      if (page.target) result.verdicts.push(`${rate.rate} writes/s, ${page.name}: ${page.met ? "met" : "NOT met"} (${page.target})`);
      log(
        `${String(rate.rate).padStart(8)}  ${page.name.padEnd(width)}  ${(page.touched ? "yes" : "no").padEnd(7)}  ${fmt(page.busy.rps).padStart(10)}  ${fmt(page.quiet.rps).padStart(11)}  ${fmt(page.rpsRatio, 2).padStart(5)}  ${fmt(page.busy.p99, 1).padStart(8)}  ${fmt(page.quiet.p99, 1).padStart(9)}  ${fmt(page.p99Ratio, 1).padStart(6)}  ${page.target ? `${page.met ? "met" : "NOT MET"}: ${page.target}` : ""}${errors ? ` (${errors} non-2xx or socket errors)` : ""}`,
      );
    }
    const w = rate.writes;
    log(
      `${"".padStart(8)}  writes: ${fmt(w.achievedPerSecond, 2)} a second achieved of ${rate.rate} (${w.ok} answers), ${w.failed} failed${w.unfinished ? ` (${w.unfinished} unanswered ${DRAIN} s after the window)` : ""}, p50 ${fmt(w.p50, 1)} ms, p99 ${fmt(w.p99, 1)} ms from the time each was due`,
    );
  }
  log("");
  const missing = [untouched.rate, touched.rate].filter((r) => !byRate.some((b) => b.rate === r));
  if (missing.length) result.verdicts.push(`no verdict at ${missing.join(" and ")} writes/s: not among MIXED_RATES`);
  const met = result.verdicts.filter((v) => v.includes(": met")).length;
  log(`Mixed run verdict: ${met} of ${byRate.flatMap((r) => r.pages).filter((p) => p.target).length} targets met`);
  for (const v of result.verdicts) log(`  ${v}`);
  const t = result.timings;
  log(
    `Peak RSS of the server over the mixed run: ${fmt(result.peakRssMB, 1)} MB (${result.seconds} s in all: the server served after ${fmt(t.serverStartSeconds, 1)} s, caught up before the windows in ${fmt(t.settleSeconds, 1)} s and stopped in ${fmt(t.stopSeconds, 1)} s)`,
  );
  log("");
}
