// The mixed run: signed-out readers on five page kinds (wrk, closed loop, MIXED.connections each,
// all at once) while members answer one question through the JSON API at fixed rates (the
// open-loop generator in its own process), in windows that take turns: quiet, busy at the first
// rate, quiet, busy at the next... and a last quiet one. Each busy window is compared with the
// quiet windows either side of it, so a machine whose speed drifts compares like with like.
import path from "node:path";
import { ACCEPT_ENCODING, MIXED, MIXED_DRAIN, THREADS, log, type Fixture } from "./config";
import type { BenchDatabase } from "./database";
import { answerRequests, startGenerator, summarize } from "./generator";
import { rawGet } from "./http";
import { runWrkAsync, writeWrkScript } from "./load";
import { printMixed, type MixedPage, type MixedResult, type PageFigures, type RateFigures } from "./mixed-report";
import { apiTokens, settle, signIn, startServer, stopRun } from "./processes";
import { countLogLines } from "./server-log";
import type { GroupOutcome } from "./open-loop";
import { merge, type LoadResult } from "./stats";

type Cleanups = (() => Promise<void> | void)[];

export function mixedPages(fixture: Fixture): MixedPage[] {
  return [
    { name: "/forum/<id> (written)", label: "question", path: `/forum/${fixture.question}`, touched: true },
    { name: "/forum (its list)", label: "its list", path: "/forum", touched: true },
    { name: "/article/<slug>", label: "article", path: `/article/${fixture.slug}`, touched: false },
    { name: "city-service page", label: "city page", path: `/${fixture.city}/${fixture.service}`, touched: false },
    { name: "/forum/topics/<other>", label: "other topic", path: `/forum/topics/${fixture.otherTopic}`, touched: false },
  ];
}

interface Window {
  kind: "quiet" | "busy";
  rate: number;
  pages: LoadResult[];
  writes?: GroupOutcome;
  lateEchoes: number;
}

const round = (n: number) => Math.round(n * 100) / 100;
const figures = (r: LoadResult): PageFigures => ({
  rps: round(r.rps),
  p50: r.p50,
  p99: r.p99,
  non2xx: r.non2xx,
  errors: r.errors,
  requests: r.requests ?? 0,
});

export async function runMixed(workDir: string, database: BenchDatabase, cleanups: Cleanups): Promise<MixedResult> {
  const started = Date.now();
  const { fixture } = database;
  // The API allows one address 120 requests a minute and a member 20 answers in ten minutes; every
  // request here comes from 127.0.0.1, so this server runs without limits.
  const server = await startServer(workDir, database, cleanups, { logName: "server-mixed.log", env: { RATE_LIMITS: "false" } });
  const timings = { serverStartSeconds: (Date.now() - started) / 1000, settleSeconds: 0, stopSeconds: 0 };
  const { base } = server;
  const sessions = await signIn(base, database.benchEmails, database.benchPassword);
  const tokens = await apiTokens(base, sessions);
  const pages = mixedPages(fixture);
  const plain = { "Accept-Encoding": ACCEPT_ENCODING };
  for (const page of pages) {
    const probe = await rawGet(`${base}${page.path}`, plain);
    if (probe.status !== 200) throw new Error(`${page.path} answered ${probe.status}`);
  }
  // The list must show the written question for it to count as the question's own list.
  const forum = await fetch(`${base}/forum`);
  const listed = (await forum.text()).includes(`href="/forum/${fixture.question}"`);
  const script = writeWrkScript(path.join(workDir, "mixed-readers.lua"), [], { grid: true });
  const generator = await startGenerator(cleanups);
  let runs = 0;
  const writes = (rate: number, seconds: number) =>
    generator.run({
      base,
      groups: [{ name: "writes", rate, requests: answerRequests(fixture.question, tokens, `m${++runs}`), sockets: 64 }],
      leadIn: 0,
      seconds,
      drain: MIXED_DRAIN,
    });
  const readers = (seconds: number) => Promise.all(pages.map((p) => runWrkAsync(`${base}${p.path}`, plain, seconds, script, MIXED.connections)));

  log(
    `Mixed run: signed-out readers on ${pages.length} page kinds (wrk, closed loop, ${MIXED.connections} connections each, ${MIXED.connections * pages.length} in all, all at once) while ${sessions.length} members answer question ${fixture.question} through the API (POST /api/v1/questions/${fixture.question}/answers, bearer tokens in turn) at ${MIXED.rates.join(", ")} a second (open loop, from a process of its own). Windows of ${MIXED.window} s, quiet and busy in turns, ${MIXED.rounds} round(s), after ${MIXED.warmup} s of warm-up. PostgreSQL, WEB_CONCURRENCY=${THREADS}. This server runs with RATE_LIMITS=false: the API allows one address 120 requests a minute, and every request here comes from 127.0.0.1.`,
  );
  if (!listed) log(`Note: /forum does not link to question ${fixture.question}: the "its list" row is not the question's list.`);

  // Warm-up: the readers' pages, and the answers' path for the first half of it (the store is
  // full again by the first quiet window).
  await Promise.all([readers(MIXED.warmup), writes(5, Math.max(1, MIXED.warmup / 2))]);

  const windows: Window[] = [];
  const sequence: { kind: "quiet" | "busy"; rate: number }[] = [];
  for (let round = 0; round < MIXED.rounds; round++) {
    for (const rate of MIXED.rates) sequence.push({ kind: "quiet", rate: 0 }, { kind: "busy", rate });
  }
  sequence.push({ kind: "quiet", rate: 0 });
  for (const step of sequence) {
    // Each window starts on a server that has answered what the one before sent it.
    timings.settleSeconds += await settle(base, database.databaseUrl);
    const from = Date.now();
    const [results, outcome] = await Promise.all([readers(MIXED.window), step.kind === "busy" ? writes(step.rate, MIXED.window) : undefined]);
    windows.push({
      kind: step.kind,
      rate: step.rate,
      pages: results,
      ...(outcome ? { writes: outcome.groups[0] } : {}),
      lateEchoes: countLogLines(server.serverLogFile, "freshness: no echo", from, Date.now()),
    });
    process.stdout.write(".");
  }
  log("\n");
  const { peakRssMB, stopSeconds } = await stopRun(server, generator);
  timings.stopSeconds = stopSeconds;

  // Per rate: its busy windows against the quiet windows beside them, histograms merged.
  const byRate: RateFigures[] = MIXED.rates.map((rate) => {
    const busy = windows.flatMap((w, i) => (w.kind === "busy" && w.rate === rate ? [i] : []));
    const quiet = [...new Set(busy.flatMap((i) => [i - 1, i + 1]))].filter((i) => windows[i]?.kind === "quiet");
    const { achievedPerSecond, ok, failed, unfinished, p50, p99 } = summarize(
      busy.map((i) => windows[i].writes!),
      MIXED.window,
    );
    return {
      rate,
      writes: { achievedPerSecond, ok, failed, unfinished, p50, p99 },
      pages: pages.map((page, k) => {
        const b = merge(busy.map((i) => windows[i].pages[k]));
        const q = merge(quiet.map((i) => windows[i].pages[k]));
        return {
          name: page.name,
          path: page.path,
          touched: page.touched,
          busy: figures(b),
          quiet: figures(q),
          rpsRatio: b.rps / q.rps,
          p99Ratio: b.p99 / q.p99,
        };
      }),
    };
  });
  const result: MixedResult = {
    settings: {
      windowSeconds: MIXED.window,
      warmupSeconds: MIXED.warmup,
      rounds: MIXED.rounds,
      rates: MIXED.rates,
      connectionsPerPage: MIXED.connections,
      writtenQuestion: fixture.question,
      listShowsQuestion: listed,
      members: sessions.length,
      rateLimits: false,
    },
    pages,
    windows: windows.map((w) => ({
      kind: w.kind,
      rate: w.rate,
      pages: Object.fromEntries(w.pages.map((r, k) => [pages[k].name, figures(r)])),
      ...(w.writes ? { writes: summarize([w.writes], MIXED.window) } : {}),
      lateEchoes: w.lateEchoes,
    })),
    byRate,
    verdicts: [],
    peakRssMB,
    timings,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  printMixed(result);
  return result;
}
