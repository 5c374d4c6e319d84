// What idle live streams cost one instance: starts `node server.js` (the production build, on a
// new embedded database with the demo content), opens STREAMS live streams on a question page's
// topic, and prints the process's resident memory and open file handles before and after. It
// prints figures only; nothing here passes or fails. `npm run bench:live [-- <streams>]`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildIfMissing, freePort, ROOT, waitFor } from "../local-server";

const STREAMS = Number(process.argv[2] ?? 1000);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** Resident memory (MB) and open file handles of a process, from /proc. */
function usage(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(rssKb / 102.4) / 10, files: fs.readdirSync(`/proc/${pid}/fd`).length };
}

/** Opens one stream and resolves once its headers arrived; the response is kept open. */
function openStream(port: number, agent: http.Agent) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/live/events?question=1", agent, headers: { Accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`a stream answered ${res.statusCode}`));
      res.resume();
      resolve(res);
    });
    req.on("error", reject);
  });
}

async function main() {
  buildIfMissing(BUILD_DIR);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-live-bench-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
    },
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, 120_000, server);
    await new Promise((r) => setTimeout(r, 2000));
    const before = usage(server.pid!);
    const streams: http.IncomingMessage[] = [];
    // A hundred at a time, as browsers arriving over a few seconds would.
    for (let i = 0; i < STREAMS; i += 100) {
      streams.push(...(await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, () => openStream(port, agent)))));
    }
    await new Promise((r) => setTimeout(r, 5000));
    const after = usage(server.pid!);
    console.log(`idle live streams: ${streams.length}`);
    console.log(
      `resident memory: ${before.rssMb} MB before, ${after.rssMb} MB with the streams open (${(((after.rssMb - before.rssMb) * 1024) / streams.length).toFixed(1)} kB each)`,
    );
    console.log(`open file handles: ${before.files} before, ${after.files} with the streams open`);
    for (const res of streams) res.destroy();
  } finally {
    agent.destroy();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
