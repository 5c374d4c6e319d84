// The processes the bench starts: the server on a fresh data folder, under load, and the baseline.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { freePort, ROOT, waitFor } from "../local-server";
import { BUILD_DIR, THREADS } from "./config";
import { watchMemory } from "./memory";

/** Peak RSS (MB) of `node server.js` starting on a new embedded data folder, until it serves. */
export async function measureFirstStart(dataDir: string) {
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
  const memory = watchMemory(server.pid!);
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, 120_000, server);
    return memory.stop();
  } finally {
    memory.stop();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

type Cleanups = (() => Promise<void> | void)[];

/**
 * Starts `node server.js` on a free loopback port on the bench's database, its log in
 * `workDir`/server.log, and waits until every serving thread listens. Returns the process, its
 * base URL, its environment (for countStatements) and the watch on its memory.
 */
export async function startServer(workDir: string, database: { databaseUrl: string; dataDir: string }, cleanups: Cleanups) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverLog = fs.openSync(path.join(workDir, "server.log"), "w");
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
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    WEB_CONCURRENCY: String(THREADS),
  };
  const server = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    stdio: ["ignore", serverLog, serverLog],
    env: serverEnv,
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once("exit", () => resolve());
        server.kill("SIGTERM");
      }),
  );
  const memory = watchMemory(server.pid!);
  await waitFor(`${base}/healthz`, 120_000, server);
  // Every serving thread listening (the first answers /healthz before the others have started).
  const serverLogFile = path.join(workDir, "server.log");
  const listening = () => fs.readFileSync(serverLogFile, "utf8").match(/"server listening"/g)?.length ?? 0;
  const logsStart = ["info", "debug", "trace"].includes(process.env.LOG_LEVEL ?? "info");
  for (const deadline = Date.now() + 60_000; logsStart && listening() < THREADS;) {
    if (Date.now() > deadline) throw new Error(`only ${listening()} of ${THREADS} serving threads started`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { server, base, serverEnv, memory };
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
