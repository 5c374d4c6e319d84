// What idle live streams cost one instance: starts `node server.js` (the production build, on a
// new embedded database with the demo content), opens STREAMS live streams on a question page's
// topic, and prints the process's resident memory and open file handles before and after. It
// prints figures only; nothing here passes or fails. `npm run bench:live [-- <streams>]`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfMissing } from "../local-server";
import { BUILD_DIR } from "./config";
import { openStreams } from "./live";
import { spawnEmbeddedServer } from "./processes";

const STREAMS = Number(process.argv[2] ?? 1000);

/** Resident memory (MB) and open file handles of a process, from /proc. */
function usage(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(rssKb / 102.4) / 10, files: fs.readdirSync(`/proc/${pid}/fd`).length };
}

/**
 * Reads usage once `ready` holds for it and resident memory has stopped moving (under 1 MB
 * between reads 250 ms apart), or after 30 s, and says which.
 */
async function settledUsage(pid: number, ready: (u: ReturnType<typeof usage>) => boolean = () => true) {
  const deadline = Date.now() + 30_000;
  let last = usage(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = usage(pid);
    const settled = ready(now) && Math.abs(now.rssMb - last.rssMb) < 1;
    if (settled || Date.now() > deadline) return { ...now, settled };
    last = now;
  }
}

async function main() {
  buildIfMissing(BUILD_DIR);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-live-bench-"));
  const { server, port, ready, stop } = await spawnEmbeddedServer(dataDir);
  let streams: Awaited<ReturnType<typeof openStreams>> | undefined;
  try {
    await ready();
    const before = await settledUsage(server.pid!);
    streams = await openStreams(port, 1, STREAMS);
    const opened = streams.count;
    // Every stream is an open socket in the server: counted once they all are.
    const after = await settledUsage(server.pid!, (u) => u.files >= before.files + opened);
    if (!before.settled || !after.settled) console.log("(memory was still moving after 30 s: the figures below are not settled)");
    console.log(`idle live streams: ${opened}`);
    console.log(
      `resident memory: ${before.rssMb} MB before, ${after.rssMb} MB with the streams open (${(((after.rssMb - before.rssMb) * 1024) / opened).toFixed(1)} kB each)`,
    );
    console.log(`open file handles: ${before.files} before, ${after.files} with the streams open`);
  } finally {
    streams?.close();
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
