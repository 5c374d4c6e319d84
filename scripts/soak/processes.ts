// The processes of the soak: free ports, PostgreSQL's own tools, and the server started, watched
// and stopped (gracefully or with SIGKILL).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { BUILD_DIR, ROOT, sleep } from "./shared";

export function freePort(preferred?: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(freePort()));
    probe.listen(preferred ?? 0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: its tools then run as the postgres user. */
export const asRoot = process.getuid?.() === 0;
export function pgTool(tool: string, args: string[]) {
  const bin = findPgBin(tool);
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
}
export function findPgBin(tool: string) {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = path.join(base, v, "bin", tool);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${tool} not found under ${base}/*/bin (install PostgreSQL: apt-get install postgresql)`);
}

export interface Server {
  child: ChildProcess;
  url: string;
}

export function startServer(env: Record<string, string>, logFile: string): Server {
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    // No SMTP server here: mail is off (a production instance on PostgreSQL needs one or the other).
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      BUILD_DIR,
      LOG_LEVEL: "warn",
      RATE_LIMITS: "false",
      HOLD_NEW_MEMBERS_POSTS: "false",
      MAIL: "off",
      SMTP_URL: "",
    },
    stdio: ["ignore", out, out],
  });
  return { child, url: env.SITE_URL };
}

export async function health(url: string): Promise<number> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Milliseconds until /healthz answers 200, or null after `limitMs`. */
export async function waitHealthy(url: string, limitMs: number) {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs) {
    if ((await health(url)) === 200) return Date.now() - t0;
    await sleep(50);
  }
  return null;
}

export function killHard(server: Server) {
  return new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill("SIGKILL");
  });
}

export function stopGracefully(server: Server) {
  return new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    const force = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
    server.child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    server.child.kill("SIGTERM");
  });
}
