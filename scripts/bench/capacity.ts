// The capacity run: readers, members and writes at fixed arrival rates (open loop, open-loop.ts in
// a process of its own), once without writes and once with them, on one server: what a steady
// trickle of answers costs everyone else, from latencies counted from when each request was due.
import { ACCEPT_ENCODING, CAPACITY, CAPACITY_TARGET, THREADS, log, targetsFor } from "./config";
import type { BenchDatabase } from "./database";
import { answerRequests, memberRequests, readerRequests, startGenerator, summarize, type GroupSummary } from "./generator";
import { rawGet } from "./http";
import os from "node:os";
import type { OpenLoopOutcome } from "./open-loop";
import { apiTokens, settle, signIn, startServer, stopRun } from "./processes";
import { countLogLines } from "./server-log";
import { openStreams } from "./live";

type Cleanups = (() => Promise<void> | void)[];
const GROUPS = ["readers", "members", "writes"] as const;

export interface CapacityPhase {
  groups: Partial<Record<(typeof GROUPS)[number], GroupSummary>>;
  generator: { maxLagMs: number; p99LagMs: number; cpuPercent: number };
  lateEchoes: number;
}

export interface CapacityResult {
  settings: {
    seconds: number;
    warmupSeconds: number;
    leadInSeconds: number;
    rounds: number;
    /** Requests a second each group is sent. */
    rates: { readers: number; members: number; writes: number };
    question: number;
    readerPaths: string[];
    memberDocuments: string[];
    memberData: string[];
    signedInMembers: number;
    rateLimits: boolean;
    /** Idle live-update streams open through both phases. */
    liveStreams: number;
  };
  withoutWrites: CapacityPhase;
  withWrites: CapacityPhase;
  /** p99 with writes over p99 without, per group. */
  p99Ratio: { readers: number; members: number };
  verdicts: string[];
  peakRssMB: number;
  /** Seconds until the server served, waiting for it to catch up before the phases, stopping it. */
  timings: { serverStartSeconds: number; settleSeconds: number; stopSeconds: number };
  seconds: number;
}

export async function runCapacity(workDir: string, database: BenchDatabase, cleanups: Cleanups): Promise<CapacityResult> {
  const started = Date.now();
  const question = database.fixture.capacityQuestion;
  // As in the mixed run: the API's limits are per address, and everything here comes from 127.0.0.1.
  const server = await startServer(workDir, database, cleanups, { logName: "server-capacity.log", env: { RATE_LIMITS: "false" } });
  const timings = { serverStartSeconds: (Date.now() - started) / 1000, settleSeconds: 0, stopSeconds: 0 };
  const { base } = server;
  const sessions = await signIn(base, database.benchEmails, database.benchPassword);
  const tokens = await apiTokens(base, sessions);
  // The bench's rows, with the written question as the question page readers and members ask for.
  const targets = targetsFor({ ...database.fixture, question }, database.deepPage);
  const readerPaths = targets.filter((t) => !t.signedIn).map((t) => t.path);
  const memberDocuments = targets.filter((t) => t.signedIn && !t.path.endsWith(".data")).map((t) => t.path);
  const memberData = targets.filter((t) => t.signedIn && t.path.endsWith(".data")).map((t) => t.path);
  for (const t of targets) {
    const probe = await rawGet(`${base}${t.path}`, { "Accept-Encoding": ACCEPT_ENCODING, ...(t.signedIn ? { Cookie: sessions[0] } : {}) });
    if (probe.status !== 200) throw new Error(`${t.path} answered ${probe.status}`);
  }
  // Readers with another question open, their streams idle through both phases (CAPACITY_STREAMS).
  const streams = await openStreams(Number(new URL(base).port), database.fixture.question, CAPACITY.streams);
  cleanups.push(() => streams.close());
  const generator = await startGenerator(cleanups);
  let runs = 0;
  const run = (writes: boolean, leadIn: number, seconds: number) =>
    generator.run({
      base,
      groups: [
        { name: "readers", rate: CAPACITY.readers, requests: readerRequests(readerPaths), sockets: 256 },
        { name: "members", rate: CAPACITY.members, requests: memberRequests(memberDocuments, memberData, sessions), sockets: 128 },
        { name: "writes", rate: writes ? CAPACITY.writes : 0, requests: answerRequests(question, tokens, `c${++runs}`), sockets: 32 },
      ],
      leadIn,
      seconds,
      drain: 10,
    });

  log(
    `Capacity run (open loop: requests sent on a fixed schedule whatever the answers, latency counted from the time each was due): readers ${CAPACITY.readers} req/s over ${readerPaths.length} signed-out page kinds, members ${CAPACITY.members} req/s as members click (80% .data requests over ${memberData.length} kinds, 20% documents over ${memberDocuments.length}; ${sessions.length} members in turn), and in the second phase ${CAPACITY.writes} answers a second to question ${question} through the API. Phases of ${CAPACITY.seconds} s after ${CAPACITY.leadIn} s at the same rates, ${CAPACITY.rounds} round(s), after a warm-up of ${CAPACITY.warmup} s without writes; before each phase the server catches up (/readyz within 50 ms, no statement running in PostgreSQL). PostgreSQL, WEB_CONCURRENCY=${THREADS}, RATE_LIMITS=false. The generator is a process of its own (pid ${generator.pid}), but the machine's ${os.cpus().length} cores are shared by it, PostgreSQL and the server (and whatever else runs on them): compare the two phases of this run, not figures across runs.${streams.count ? ` ${streams.count} idle live-update streams are open on question ${database.fixture.question} throughout.` : ""}`,
  );
  // The warm-up is without writes: one with them may leave a queue that the first phase would inherit.
  if (CAPACITY.warmup > 0) await run(false, 0, CAPACITY.warmup);
  const phases: { writes: boolean; outcome: OpenLoopOutcome; lateEchoes: number }[] = [];
  for (let round = 0; round < CAPACITY.rounds; round++) {
    for (const writes of [false, true]) {
      // Each phase starts on a server that has answered what the one before sent it.
      timings.settleSeconds += await settle(base, database.databaseUrl);
      const from = Date.now();
      const outcome = await run(writes, CAPACITY.leadIn, CAPACITY.seconds);
      phases.push({ writes, outcome, lateEchoes: countLogLines(server.serverLogFile, "freshness: no echo", from, Date.now()) });
      process.stdout.write(".");
    }
  }
  log("\n");
  const { peakRssMB, stopSeconds } = await stopRun(server, generator);
  timings.stopSeconds = stopSeconds;

  const phase = (writes: boolean): CapacityPhase => {
    const mine = phases.filter((p) => p.writes === writes);
    const groups: CapacityPhase["groups"] = {};
    GROUPS.forEach((name, i) => {
      if (name === "writes" && !writes) return;
      groups[name] = summarize(
        mine.map((p) => p.outcome.groups[i]),
        CAPACITY.seconds,
      );
    });
    const lags = mine.map((p) => p.outcome.lag);
    return {
      groups,
      generator: {
        maxLagMs: Math.max(...lags.map((l) => l.max)),
        p99LagMs: Math.max(...lags.map((l) => l.p99)),
        cpuPercent: mine.reduce((s, p) => s + p.outcome.cpuPercent, 0) / mine.length,
      },
      lateEchoes: mine.reduce((s, p) => s + p.lateEchoes, 0),
    };
  };
  const withoutWrites = phase(false);
  const withWrites = phase(true);
  const verdicts: string[] = [];
  const p99Ratio = { readers: NaN, members: NaN };
  const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }) : "-");
  const header = `${"phase".padEnd(15)}  ${"group".padEnd(7)}  ${"rate/s".padStart(6)}  ${"achieved/s".padStart(10)}  ${"p50 ms".padStart(8)}  ${"p99 ms".padStart(8)}  ${"max ms".padStart(8)}  ${"failed".padStart(6)}  ${"in flight".padStart(9)}`;
  log(header);
  log("-".repeat(header.length));
  for (const [label, p] of [
    ["without writes", withoutWrites],
    ["with writes", withWrites],
  ] as const) {
    for (const name of GROUPS) {
      const g = p.groups[name];
      if (!g) continue;
      log(
        `${(name === "readers" ? label : "").padEnd(15)}  ${name.padEnd(7)}  ${fmt(g.rate, 0).padStart(6)}  ${fmt(g.achievedPerSecond).padStart(10)}  ${fmt(g.p50, 2).padStart(8)}  ${fmt(g.p99, 2).padStart(8)}  ${fmt(g.max, 0).padStart(8)}  ${String(g.failed).padStart(6)}  ${String(g.maxInFlight).padStart(9)}${Object.keys(g.badStatus).length ? `  statuses ${JSON.stringify(g.badStatus)}` : ""}${g.unfinished ? `  ${g.unfinished} unanswered after the drain` : ""}`,
      );
    }
    log(
      `${"".padEnd(15)}  generator: sent at most ${fmt(p.generator.maxLagMs)} ms late (p99 ${fmt(p.generator.p99LagMs)} ms), ${fmt(p.generator.cpuPercent, 0)}% of a core; late heartbeat echoes: ${p.lateEchoes}`,
    );
  }
  log("(in flight: the most requests sent and not yet answered at one time, those waiting for one of the generator's connections included)");
  log("");
  for (const name of ["readers", "members"] as const) {
    const without = withoutWrites.groups[name]!;
    const withW = withWrites.groups[name]!;
    p99Ratio[name] = withW.p99 / without.p99;
    const limit = without.p99 * CAPACITY_TARGET.p99Factor + CAPACITY_TARGET.p99SlackMs;
    const ok = withW.p99 <= limit && withW.failed === 0 && without.failed === 0;
    verdicts.push(
      `${name}: p99 ${fmt(withW.p99)} ms with writes against ${fmt(without.p99)} ms without (x${fmt(p99Ratio[name], 2)}), limit ${fmt(limit)} ms (x${CAPACITY_TARGET.p99Factor} + ${CAPACITY_TARGET.p99SlackMs} ms): ${ok ? "met" : "NOT met"}`,
    );
  }
  // A phase without writes that already fell behind measured the machine, not what writes cost.
  const behind = (["readers", "members"] as const).filter((name) => {
    const g = withoutWrites.groups[name]!;
    return g.achievedPerSecond < 0.95 * g.rate || g.unfinished > 0;
  });
  if (behind.length) {
    verdicts.push(
      `note: without writes, ${behind.join(" and ")} already fell behind (under 95% of the rate answered, or requests unanswered): these rates were more than this machine carried during the run, and the ratios say little`,
    );
  }
  log("Capacity run verdict (5 writes a second raise neither readers' nor members' p99 by more than half, plus 20 ms):");
  for (const v of verdicts) log(`  ${v}`);
  const seconds = Math.round((Date.now() - started) / 1000);
  log(
    `Peak RSS of the server over the capacity run: ${fmt(peakRssMB)} MB (${seconds} s in all: the server served after ${fmt(timings.serverStartSeconds)} s, caught up before the phases in ${fmt(timings.settleSeconds)} s and stopped in ${fmt(timings.stopSeconds)} s)`,
  );
  log("");
  return {
    settings: {
      seconds: CAPACITY.seconds,
      warmupSeconds: CAPACITY.warmup,
      leadInSeconds: CAPACITY.leadIn,
      rounds: CAPACITY.rounds,
      rates: { readers: CAPACITY.readers, members: CAPACITY.members, writes: CAPACITY.writes },
      question,
      readerPaths,
      memberDocuments,
      memberData,
      signedInMembers: sessions.length,
      rateLimits: false,
      liveStreams: streams.count,
    },
    withoutWrites,
    withWrites,
    p99Ratio,
    verdicts,
    peakRssMB,
    timings,
    seconds,
  };
}
