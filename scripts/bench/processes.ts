// The processes the bench starts: the server on a fresh data folder, under load, and the baseline.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import http from "node:http";
import pg from "pg";
import { freePort, ROOT, waitFor } from "../local-server";
import { ADMIN_URL, BUILD_DIR, THREADS } from "./config";
import { watchMemory } from "./memory";

/** `node server.js` on a new embedded data folder and a free loopback port; `ready` waits until it serves. */
export async function spawnEmbeddedServer(dataDir: string) {
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
  return {
    server,
    port,
    ready: () => waitFor(`http://127.0.0.1:${port}/healthz`, 120_000, server),
    stop: async () => {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    },
  };
}

/** Peak RSS (MB) of `node server.js` starting on a new embedded data folder, until it serves. */
export async function measureFirstStart(dataDir: string) {
  const started = await spawnEmbeddedServer(dataDir);
  const memory = watchMemory(started.server.pid!);
  try {
    await started.ready();
    return memory.stop();
  } finally {
    memory.stop();
    await started.stop();
  }
}

type Cleanups = (() => Promise<void> | void)[];

// One secret for every server of a run: the sessions and the API's signing key (kept in the
// database, encrypted with it) of one server stay valid on the next.
const AUTH_SECRET = crypto.randomBytes(32).toString("hex");

/**
 * Starts `node server.js` on a free loopback port on the bench's database, its log in
 * `workDir`/`logName`, `env` added to its environment, and waits until every serving thread
 * listens. Returns the process, its base URL, its environment (for countStatements), its log
 * file, the watch on its memory, and `stop` (resolves once it has exited).
 */
export async function startServer(
  workDir: string,
  database: { databaseUrl: string; dataDir: string },
  cleanups: Cleanups,
  { logName = "server.log", env = {} }: { logName?: string; env?: Record<string, string> } = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverLogFile = path.join(workDir, logName);
  const serverLog = fs.openSync(serverLogFile, "w");
  const serverEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: base,
    DATABASE_URL: database.databaseUrl,
    DATA_DIR: database.dataDir,
    SEED: "false",
    SMTP_URL: "",
    MAIL: "off",
    REQUIRE_EMAIL_VERIFICATION: "false",
    BETTER_AUTH_SECRET: AUTH_SECRET,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    WEB_CONCURRENCY: String(THREADS),
    // Stopped between runs: no proxy to tell first.
    SHUTDOWN_DELAY_SECONDS: "0",
    // The bench's members post many answers a second: new members' posts would wait for a look.
    HOLD_NEW_MEMBERS_POSTS: "false",
    ...env,
  };
  const server = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    stdio: ["ignore", serverLog, serverLog],
    env: serverEnv,
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once("exit", () => resolve());
      server.kill("SIGTERM");
    });
  cleanups.push(stop);
  const memory = watchMemory(server.pid!);
  await waitFor(`${base}/healthz`, 120_000, server);
  // Every serving thread listening (the first answers /healthz before the others have started).
  const listening = () => fs.readFileSync(serverLogFile, "utf8").match(/"server listening"/g)?.length ?? 0;
  const logsStart = ["info", "debug", "trace"].includes(process.env.LOG_LEVEL ?? "info");
  for (const deadline = Date.now() + 60_000; logsStart && listening() < THREADS;) {
    if (Date.now() > deadline) throw new Error(`only ${listening()} of ${THREADS} serving threads started`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { server, base, serverEnv, serverLogFile, memory, stop };
}

/**
 * Waits until the server has caught up with what it was sent, at most `limitMs`, and resolves
 * with the seconds it took: four times in a row, /readyz (a statement on the pool) answers within
 * 50 ms on a new connection (either thread) while no statement of the bench's database runs in
 * PostgreSQL. Requests a run gave up on may still be running, writes too, and the next window
 * would otherwise pay for them (a write empties every stored page).
 */
/** Stops a run's load generator and then its server: the server's peak RSS, and how long it took to stop. */
export async function stopRun(server: Awaited<ReturnType<typeof startServer>>, generator: { stop(): void }) {
  generator.stop();
  const peakRssMB = server.memory.stop();
  const stopping = Date.now();
  await server.stop();
  return { peakRssMB, stopSeconds: (Date.now() - stopping) / 1000 };
}

export async function settle(base: string, databaseUrl: string, limitMs = 60_000) {
  const start = Date.now();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = new URL(databaseUrl).pathname.slice(1);
  const probe = () =>
    new Promise<boolean>((resolve) => {
      const asked = performance.now();
      http
        .get(`${base}/readyz`, { agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode === 200 && performance.now() - asked < 50));
        })
        .on("error", () => resolve(false));
    });
  try {
    for (let calm = 0; calm < 4 && Date.now() - start < limitMs;) {
      const { rows } = await admin.query<{ busy: number }>(
        `select count(*)::int as busy from pg_stat_activity where datname = $1 and state in ('active', 'idle in transaction')`,
        [name],
      );
      calm = rows[0].busy === 0 && (await probe()) ? calm + 1 : 0;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await admin.end();
  }
  return (Date.now() - start) / 1000;
}

/** Signs in as each of `emails`, returning their session cookies ("name=value"). */
export async function signIn(base: string, emails: string[], password: string) {
  const sessions: string[] = [];
  for (const email of emails) {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email, password }),
    });
    const session = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.includes("session_token="));
    if (!signIn.ok || !session) throw new Error(`signing in as ${email} failed: ${signIn.status} ${await signIn.text()}`);
    sessions.push(session);
  }
  return sessions;
}

/** A bearer token for the JSON API per session cookie (Better Auth's /api/auth/token). */
export async function apiTokens(base: string, sessions: string[]) {
  const tokens: string[] = [];
  for (const cookie of sessions) {
    const res = await fetch(`${base}/api/auth/token`, { headers: { Cookie: cookie } });
    const { token } = (await res.json()) as { token?: string };
    if (!res.ok || !token) throw new Error(`asking for an API token failed: ${res.status}`);
    tokens.push(token);
  }
  return tokens;
}

/**
 * The baseline: a bare Node http server in its own process answering with `body` and `headers`,
 * from as many threads as the server serves from (the same SO_REUSEPORT sharing), so that the
 * ratio compares like with like. Returns the process and its URL once it answers.
 */
export async function startBaseline(workDir: string, body: Buffer, headers: Record<string, string>, cleanups: Cleanups) {
  const bodyFile = path.join(workDir, "home.body");
  fs.writeFileSync(bodyFile, body);
  const baselinePort = await freePort();
  const serve = `const body = require("fs").readFileSync(${JSON.stringify(bodyFile)}); const headers = ${JSON.stringify(headers)};
      require("http").createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen({ port: ${baselinePort}, host: "127.0.0.1", reusePort: ${THREADS > 1} });`;
  const baseline = spawn(
    process.execPath,
    ["-e", `${serve}\nfor (let i = 1; i < ${THREADS}; i++) new (require("worker_threads").Worker)(${JSON.stringify(serve)}, { eval: true });`],
    { stdio: "ignore" },
  );
  cleanups.push(() => void baseline.kill("SIGTERM"));
  await waitFor(`http://127.0.0.1:${baselinePort}/`, 10_000, baseline);
  return { baseline, baselineUrl: `http://127.0.0.1:${baselinePort}/` };
}
