// The bench's side of the open-loop generator (open-loop.ts, in a child process): starting it,
// giving it runs, the requests a member's answer and a member's clicks are made of, and the
// figures of a group over one or more runs.
import { fork } from "node:child_process";
import path from "node:path";
import { ACCEPT_ENCODING } from "./config";
import type { GroupOutcome, OpenLoopOutcome, OpenLoopRequest, OpenLoopSpec } from "./open-loop";

/** Forks the generator; `run` sends it one run at a time. */
export async function startGenerator(cleanups: (() => Promise<void> | void)[]) {
  // The child inherits this process's loader (tsx) through its execArgv.
  const child = fork(path.join(import.meta.dirname, "open-loop.ts"), ["--open-loop-child"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  cleanups.push(stop);
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the load generator exited with status ${code}`)));
  });
  return {
    pid: child.pid,
    run(spec: OpenLoopSpec): Promise<OpenLoopOutcome> {
      return new Promise((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`the load generator exited with status ${code}`));
        child.once("exit", exited);
        child.once("message", (outcome) => {
          child.off("exit", exited);
          resolve(outcome as OpenLoopOutcome);
        });
        child.send(spec);
      });
    },
    stop,
  };
}

/**
 * Answers to `questionId` through the JSON API, the members' tokens taken in turn. Each answer's
 * text is its own (`label`, one per run, and a number), so none is a resubmission of another.
 */
export function answerRequests(questionId: number, tokens: string[], label: string): OpenLoopRequest[] {
  return tokens.map((token) => ({
    method: "POST",
    path: `/api/v1/questions/${questionId}/answers`,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Accept-Encoding": ACCEPT_ENCODING },
    body: JSON.stringify({ content: `Warm water and slow finger stretches help my hands most mornings (bench answer ${label}-{n}).` }),
    expect: 201,
  }));
}

/** Signed-out page requests, one per path, taken in turn. */
export function readerRequests(paths: string[]): OpenLoopRequest[] {
  return paths.map((p) => ({ method: "GET", path: p, headers: { "Accept-Encoding": ACCEPT_ENCODING }, expect: 200 }));
}

/**
 * A member's requests as members click: `dataShare` of them the `.data` request of a client-side
 * navigation, the rest documents (a first page, a reload), each path and each member in turn,
 * in an order shuffled once (seeded) so that no member always asks for the same kind.
 */
export function memberRequests(documents: string[], data: string[], sessions: string[], dataShare = 0.8): OpenLoopRequest[] {
  const size = 200;
  const list: OpenLoopRequest[] = [];
  let d = 0;
  let p = 0;
  for (let i = 0; i < size; i++) {
    const isData = i < Math.round(size * dataShare);
    const pathname = isData ? data[d++ % data.length] : documents[p++ % documents.length];
    list.push({ method: "GET", path: pathname, headers: { "Accept-Encoding": ACCEPT_ENCODING, Cookie: "" }, expect: 200 });
  }
  let seed = 43;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list.map((r, i) => ({ ...r, headers: { ...r.headers, Cookie: sessions[i % sessions.length] } }));
}

export interface GroupSummary {
  rate: number;
  scheduled: number;
  achievedPerSecond: number;
  ok: number;
  /** Answers with another status, socket errors, and requests still unanswered after the drain. */
  failed: number;
  badStatus: Record<string, number>;
  unfinished: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  maxInFlight: number;
}

const at = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] : NaN);

/** One group's figures over runs of `seconds` each (the same group in each). */
export function summarize(outcomes: GroupOutcome[], seconds: number): GroupSummary {
  const latencies = outcomes.flatMap((o) => o.latencies).sort((a, b) => a - b);
  const badStatus: Record<string, number> = {};
  for (const o of outcomes) for (const [status, n] of Object.entries(o.badStatus)) badStatus[status] = (badStatus[status] ?? 0) + n;
  const sum = (f: (o: GroupOutcome) => number) => outcomes.reduce((s, o) => s + f(o), 0);
  const bad = Object.values(badStatus).reduce((s, n) => s + n, 0);
  return {
    rate: outcomes[0]?.rate ?? 0,
    scheduled: sum((o) => o.scheduled),
    achievedPerSecond: sum((o) => o.ok) / (seconds * outcomes.length),
    ok: sum((o) => o.ok),
    failed: bad + sum((o) => o.socketErrors + o.unfinished),
    badStatus,
    unfinished: sum((o) => o.unfinished),
    p50: at(latencies, 50),
    p90: at(latencies, 90),
    p99: at(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    maxInFlight: Math.max(0, ...outcomes.map((o) => o.maxInFlight)),
  };
}
