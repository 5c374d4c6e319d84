// The load generators: wrk with a Lua script of ours, or autocannon when wrk is missing.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import { ROOT } from "../local-server";
import { CONNECTIONS, DURATION, ROUNDS } from "./config";
import { merge, percentile, type LoadResult } from "./stats";

const execFileAsync = promisify(execFile);

export const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;

/**
 * Writes a wrk script that prints the whole latency histogram when the run is done (so that runs
 * can be merged), and with `cookies` sends each request with the next of them (members take turns).
 * With `grid`, it prints the latency at 0.5, 1, ... 99, 99.05, ... 99.9, 99.91, ... 99.99 percent
 * and the maximum instead: wrk finds each histogram entry by counting from the smallest, so the
 * whole histogram of a run whose latencies spread over seconds takes it tens of seconds of CPU
 * to print; the grid, a second at most.
 */
export function writeWrkScript(file: string, cookies: string[] = [], { grid = false } = {}) {
  const rotate = cookies.length
    ? `local cookies = { ${cookies.map((c) => JSON.stringify(c)).join(", ")} }\n` +
      `local i = 0\n` +
      `request = function()\n  i = i + 1\n  wrk.headers["Cookie"] = cookies[(i % #cookies) + 1]\n  return wrk.format(nil)\nend\n`
    : "";
  const entries = grid
    ? `  local k = 50\n  while k < 10000 do\n    io.write(string.format("PCT %d %d\\n", k, latency:percentile(k / 100)))\n` +
      `    if k < 9900 then k = k + 50 elseif k < 9990 then k = k + 5 else k = k + 1 end\n  end\n` +
      `  io.write(string.format("PCT 10000 %d\\n", latency.max))\n`
    : `  for i = 1, #latency do\n    local v, c = latency(i)\n    io.write(string.format("LAT %d %d\\n", v, c))\n  end\n`;
  const histogram =
    `done = function(summary, latency, requests)\n` + `  io.write(string.format("RUN %d %d\\n", summary.requests, summary.duration))\n` + entries + `end\n`;
  fs.writeFileSync(file, rotate + histogram);
  return file;
}

function wrkArgs(url: string, headers: Record<string, string>, duration: number, script: string, connections: number, threads: number) {
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${duration}s`, "--timeout", "5s", "-s", script];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push(url);
  return args;
}

/** What wrk printed, with the histogram our script adds (see writeWrkScript). */
function parseWrk(out: string): LoadResult {
  const run = /^RUN (\d+) (\d+)$/m.exec(out);
  if (!run) throw new Error(`wrk printed no summary:\n${out.slice(0, 2000)}`);
  const latency = new Map<number, number>();
  for (const m of out.matchAll(/^LAT (\d+) (\d+)$/gm)) latency.set(Number(m[1]), Number(m[2]));
  const requests = Number(run[1]);
  // A grid (hundredths of a percent, latency): each point stands for the requests since the one before.
  let below = 0;
  for (const m of out.matchAll(/^PCT (\d+) (\d+)$/gm)) {
    const share = (Number(m[1]) - below) / 10000;
    below = Number(m[1]);
    latency.set(Number(m[2]), (latency.get(Number(m[2])) ?? 0) + requests * share);
  }
  const secs = Number(run[2]) / 1e6;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  return { rps: requests / secs, p50: percentile(latency, 50), p99: percentile(latency, 99), non2xx, errors, requests, seconds: secs, latency };
}

export function runWrk(url: string, headers: Record<string, string>, duration: number, script: string, connections = CONNECTIONS): LoadResult {
  const args = wrkArgs(url, headers, duration, script, connections, Math.min(2, connections));
  return parseWrk(execFileSync("wrk", args, { encoding: "utf8", maxBuffer: 64 * 2 ** 20 }));
}

/** runWrk without waiting: several pages loaded at once, each by a wrk of one thread. */
export async function runWrkAsync(url: string, headers: Record<string, string>, duration: number, script: string, connections: number) {
  const { stdout } = await execFileAsync("wrk", wrkArgs(url, headers, duration, script, connections, 1), { encoding: "utf8", maxBuffer: 64 * 2 ** 20 });
  return parseWrk(stdout);
}

export function runAutocannon(url: string, headers: Record<string, string>, duration: number, connections = CONNECTIONS) {
  const args = ["autocannon", "-c", String(connections), "-d", String(duration), "-w", "2", "--json"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  args.push(url);
  const out = execFileSync("npx", args, { encoding: "utf8", cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });
  const r = JSON.parse(out) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** Loads `url` with wrk and `script` (see writeWrkScript), else with autocannon and the headers given. */
export function load(url: string, headers: Record<string, string>, script: string, duration = DURATION, connections = CONNECTIONS): LoadResult {
  return hasWrk ? runWrk(url, headers, duration, script, connections) : runAutocannon(url, headers, duration, connections);
}

/**
 * The page and the baseline in turns (ROUNDS windows each, baseline-page then page-baseline and
 * so on), each merged over its windows; without wrk, the baseline and then the page.
 */
export function loadBeside(url: string, baselineUrl: string, headers: Record<string, string>, script: string) {
  if (!hasWrk) {
    const baseline = load(baselineUrl, headers, script);
    return { page: load(url, headers, script), baseline };
  }
  const window = Math.max(1, Math.round(DURATION / ROUNDS));
  const pageRuns: LoadResult[] = [];
  const baselineRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const pageFirst = round % 2 === 1;
    if (pageFirst) pageRuns.push(load(url, headers, script, window));
    baselineRuns.push(load(baselineUrl, headers, script, window));
    if (!pageFirst) pageRuns.push(load(url, headers, script, window));
  }
  return { page: merge(pageRuns), baseline: merge(baselineRuns) };
}
