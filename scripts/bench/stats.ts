// Merging wrk's latency histograms and reading percentiles off them.
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** wrk only: requests, seconds and the latency histogram (µs -> count), to merge runs. */
  requests?: number;
  seconds?: number;
  latency?: Map<number, number>;
}

/** The latency (ms) below which `p` percent of the recorded requests finished. */
export function percentile(latency: Map<number, number>, p: number) {
  const entries = [...latency.entries()].sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  let seen = 0;
  for (const [us, count] of entries) {
    seen += count;
    if (seen >= (total * p) / 100) return us / 1000;
  }
  return NaN;
}

/** One result from several wrk runs of the same URL: their requests over their time, latencies merged. */
export function merge(runs: LoadResult[]): LoadResult {
  const latency = new Map<number, number>();
  for (const run of runs) for (const [us, count] of run.latency ?? []) latency.set(us, (latency.get(us) ?? 0) + count);
  const requests = runs.reduce((sum, r) => sum + (r.requests ?? 0), 0);
  const secs = runs.reduce((sum, r) => sum + (r.seconds ?? 0), 0);
  return {
    rps: requests / secs,
    p50: percentile(latency, 50),
    p99: percentile(latency, 99),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    requests,
    seconds: secs,
    latency,
  };
}
