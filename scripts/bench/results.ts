// The result file, bench/results/<date>.json: the run's command, machine, database and server,
// then what each part that ran reports (the rows at the top level, as before; `mixed` and
// `capacity` under their names).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../local-server";
import { SCALE } from "../lib/seed-scale";
import { BUILD_DIR, log, seconds, THREADS } from "./config";

export function writeResults(run: { started: number; loadBefore: number[]; databaseLabel: string }, parts: Record<string, unknown>) {
  const loadAfter = os.loadavg();
  log(
    `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, load average ${run.loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after`,
  );
  const settings = ["NODE_OPTIONS", "WEB_CONCURRENCY", "DURATION", "CONNECTIONS", "ROUNDS", "WARMUP", "ALONE", "LOG_LEVEL"];
  const env = Object.keys(process.env)
    .filter((name) => settings.includes(name) || /^(MIXED|CAPACITY)_/.test(name))
    .map((name) => `${name}=${/\s/.test(process.env[name]!) ? JSON.stringify(process.env[name]) : process.env[name]}`);
  const args = process.argv.slice(2);
  const date = new Date().toISOString().replace(/[:.]/g, "-");
  const outDir = path.join(ROOT, "bench/results");
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${date}.json`);
  const result = {
    date: new Date().toISOString(),
    command: [...env, "npm run bench", ...(args.length ? ["--", ...args] : [])].join(" "),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryMB: Math.round(os.totalmem() / 2 ** 20), loadBefore: run.loadBefore, loadAfter },
    node: process.version,
    database: run.databaseLabel.replace(/ in .*$/, ""),
    scale: SCALE,
    server: { build: BUILD_DIR, threads: THREADS, nodeOptions: process.env.NODE_OPTIONS ?? "", logLevel: process.env.LOG_LEVEL ?? "info" },
    ...parts,
    totalSeconds: Math.round((Date.now() - run.started) / 1000),
  };
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`Written to ${path.relative(ROOT, file)} (${seconds(Date.now() - run.started)} in all)`);
}
