// The open-loop load generator, run in a child process of its own (generator.ts forks it) so that
// no other part of the bench shares its event loop. Each group sends its requests on a fixed
// schedule (n / rate seconds after the start) whatever the answers, and a request's latency is
// counted from the time it was due, not from when it could be sent: a server that falls behind
// shows its queue in the latencies instead of slowing the generator down (coordinated omission).
import http from "node:http";
import { performance } from "node:perf_hooks";

export interface OpenLoopRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** Sent as is, "{n}" replaced by the request's number in its group (one text per answer). */
  body?: string;
  /** The status that counts as a success (200 for pages, 201 for a new answer). */
  expect: number;
}

export interface OpenLoopGroup {
  name: string;
  /** Requests per second; each group's requests are taken in turn from `requests`. */
  rate: number;
  requests: OpenLoopRequest[];
  /** The most connections the group opens; more requests due wait in Node's agent (and count the wait). */
  sockets: number;
}

export interface OpenLoopSpec {
  base: string;
  groups: OpenLoopGroup[];
  /** Seconds at the same rates before the measured ones: sent, not counted. */
  leadIn: number;
  /** Seconds measured. */
  seconds: number;
  /** Seconds to wait after the last request is due for the answers still out; the rest count as unfinished. */
  drain: number;
}

export interface GroupOutcome {
  name: string;
  rate: number;
  /** Requests due in the measured seconds. */
  scheduled: number;
  ok: number;
  /** Answers with another status than expected, by status. */
  badStatus: Record<string, number>;
  socketErrors: number;
  /** No answer by the end of the drain: counted at the time waited so far. */
  unfinished: number;
  /** ms from the time each measured request was due to its answer's last byte. */
  latencies: number[];
  maxInFlight: number;
}

export interface OpenLoopOutcome {
  seconds: number;
  groups: GroupOutcome[];
  /** How late the generator itself sent the measured requests (ms after they were due). */
  lag: { max: number; p99: number };
  /** The generator's CPU time over the measured seconds, in % of one core. */
  cpuPercent: number;
}

interface Out {
  req: http.ClientRequest;
  due: number;
  counted: boolean;
  settled: boolean;
}

/** Runs `spec` and resolves with what each group's measured requests got. */
export function runOpenLoop(spec: OpenLoopSpec): Promise<OpenLoopOutcome> {
  const start = performance.now() + 20;
  const countFrom = start + spec.leadIn * 1000;
  const end = countFrom + spec.seconds * 1000;
  const lags: number[] = [];
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  let cpu = 0;
  const groups = spec.groups.map((group) => ({
    group,
    interval: 1000 / group.rate,
    next: 0,
    agent: new http.Agent({ keepAlive: true, maxSockets: group.sockets }),
    out: new Set<Out>(),
    outcome: {
      name: group.name,
      rate: group.rate,
      scheduled: 0,
      ok: 0,
      badStatus: {},
      socketErrors: 0,
      unfinished: 0,
      latencies: [],
      maxInFlight: 0,
    } as GroupOutcome,
  }));

  type State = (typeof groups)[number];
  const settle = (state: State, entry: Out, status: number | "error", expected = 0) => {
    if (entry.settled) return;
    entry.settled = true;
    state.out.delete(entry);
    if (!entry.counted) return;
    const o = state.outcome;
    if (status === "error") {
      o.socketErrors++;
      return;
    }
    o.latencies.push(Math.round((performance.now() - entry.due) * 100) / 100);
    if (status === expected) o.ok++;
    else o.badStatus[status] = (o.badStatus[status] ?? 0) + 1;
  };

  const send = (state: State, n: number, due: number, now: number) => {
    const counted = due >= countFrom;
    if (counted) {
      lags.push(now - due);
      state.outcome.scheduled++;
    }
    const r = state.group.requests[n % state.group.requests.length];
    const body = r.body?.replaceAll("{n}", String(n));
    const headers = body === undefined ? r.headers : { ...r.headers, "Content-Length": String(Buffer.byteLength(body)) };
    const req = http.request(`${spec.base}${r.path}`, { method: r.method, headers, agent: state.agent });
    const entry: Out = { req, due, counted, settled: false };
    state.out.add(entry);
    state.outcome.maxInFlight = Math.max(state.outcome.maxInFlight, state.out.size);
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => settle(state, entry, res.statusCode ?? 0, r.expect));
      res.on("error", () => settle(state, entry, "error"));
    });
    req.on("error", () => settle(state, entry, "error"));
    req.end(body);
  };

  return new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (cpuAtStart === undefined && now >= countFrom) cpuAtStart = process.cpuUsage();
      let pending = false;
      for (const state of groups) {
        if (state.group.rate <= 0) continue;
        for (let due = start + state.next * state.interval; due <= now && due < end; due = start + state.next * state.interval) {
          send(state, state.next++, due, now);
        }
        if (start + state.next * state.interval < end) pending = true;
      }
      if (pending) setTimeout(tick, 1);
      else {
        const used = process.cpuUsage(cpuAtStart);
        cpu = (used.user + used.system) / 1000;
        void drain().then(resolve);
      }
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });

  async function drain(): Promise<OpenLoopOutcome> {
    const deadline = performance.now() + spec.drain * 1000;
    while (groups.some((s) => s.out.size > 0) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const state of groups) {
      for (const entry of [...state.out]) {
        if (entry.counted) {
          state.outcome.unfinished++;
          state.outcome.latencies.push(Math.round((performance.now() - entry.due) * 100) / 100);
        }
        entry.settled = true;
        entry.req.destroy();
      }
      state.out.clear();
      state.agent.destroy();
    }
    lags.sort((a, b) => a - b);
    return {
      seconds: spec.seconds,
      groups: groups.map((s) => s.outcome),
      lag: { max: lags.at(-1) ?? 0, p99: lags[Math.floor(lags.length * 0.99)] ?? 0 },
      cpuPercent: (cpu / (spec.seconds * 1000)) * 100,
    };
  }
}

// As a child: one run per message from the parent, its outcome sent back.
if (process.argv.includes("--open-loop-child") && process.send) {
  process.on("message", (spec: OpenLoopSpec) => {
    void runOpenLoop(spec).then((outcome) => process.send!(outcome));
  });
  process.send("ready");
}
