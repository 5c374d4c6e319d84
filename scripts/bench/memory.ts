// The server's resident memory and CPU time, read from /proc while it runs (Linux).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

// Clock ticks per second, the unit of /proc/<pid>/stat's CPU times.
const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** Peak resident memory of the server (all its processes together), sampled every 200 ms. */
export function watchMemory(pid: number) {
  let peak = 0;
  const descendants = (p: number): number[] => {
    try {
      const children = fs.readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      return [p, ...children.flatMap(descendants)];
    } catch {
      return [p];
    }
  };
  const kb = (p: number, field: string) => {
    try {
      const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      return m ? Number(m[1]) : 0;
    } catch {
      return 0;
    }
  };
  let current = 0;
  let rowPeak = 0;
  const sample = () => {
    const pids = descendants(pid);
    const rss = pids.reduce((sum, p) => sum + kb(p, "VmRSS"), 0);
    current = rss;
    rowPeak = Math.max(rowPeak, rss);
    // With a single process, its own high-water mark also catches peaks between samples.
    peak = Math.max(peak, rss, pids.length === 1 ? kb(pid, "VmHWM") : 0);
  };
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat (counted after the command's closing parenthesis).
  const ticks = (p: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const timer = setInterval(sample, 200);
  sample();
  return {
    /** The highest resident memory sampled since the last call, in MB: where the peak was reached. */
    sincePrevious() {
      sample();
      const mb = rowPeak / 1024;
      rowPeak = current;
      return mb;
    },
    /** CPU time the server has used so far, every thread of every process, in seconds. */
    cpuSeconds() {
      return descendants(pid).reduce((sum, p) => sum + ticks(p), 0) / TICKS;
    },
    /** Resident memory now, in MB. */
    now() {
      sample();
      return current / 1024;
    },
    stop() {
      sample();
      clearInterval(timer);
      return peak / 1024;
    },
  };
}
