// @ts-check
// The process: starts the HTTP server on PORT/HOST, serves built assets with long-lived caching,
// compresses responses, and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish,
// then the database is closed). `NODE_ENV=development` serves through Vite with hot reload.
// Stored public pages are answered before Express (server/page-cache/). In production the
// site is served from worker threads of this one process (runThreads below): one by default,
// WEB_CONCURRENCY=N with DATABASE_URL for N threads sharing the port.
//
// Plain JavaScript (types in JSDoc, checked by tsc): Node runs a .ts entry through its
// TypeScript stripper, which then stays loaded in every thread (docs/performance.md, Memory).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import zlib from "node:zlib";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import pino from "pino";
import { createRestartBudget, supportsReusePort } from "./server/restart-budget.js";

process.env.NODE_ENV ??= "production";
// What the process says outside the app's own logger (configuration errors, threads that stop):
// JSON lines in the same format, written at once so that nothing is lost when the process exits.
const processLog = pino({ base: { pid: process.pid, hostname: os.hostname() } }, pino.destination({ dest: 2, sync: true }));
const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// WEB_CONCURRENCY=2 serves from two threads sharing the port; PostgreSQL only.
const WORKERS = Number(process.env.WEB_CONCURRENCY || 1);
if (!Number.isInteger(WORKERS) || WORKERS < 1 || WORKERS > 64) {
  processLog.fatal(`WEB_CONCURRENCY must be a whole number of threads from 1 to 64 (got "${process.env.WEB_CONCURRENCY}").`);
  process.exit(1);
}
if (WORKERS > 1 && process.env.DATABASE_URL && !supportsReusePort(process.versions.node)) {
  processLog.fatal(
    `WEB_CONCURRENCY=${WORKERS} needs Node 22.12 or later (several threads on one port); this is Node ${process.versions.node}. ` +
      "Run the server through npm (npm start uses the Node the project installs) or install Node 22.12+, or set WEB_CONCURRENCY=1.",
  );
  process.exit(1);
}
// A serving thread that dies is replaced up to 5 times a minute; past that the process exits.
const THREAD_RESTARTS = { max: 5, windowMs: 60_000 };
// In a serving thread: whether other threads share its port (runThreads below).
const SHARED_PORT = Boolean(/** @type {{ sharedPort?: boolean } | null} */ (workerData)?.sharedPort);
// Shutdown, counted from SIGTERM: readiness answers 503 at once while the server still serves for
// SHUTDOWN_DELAY_SECONDS (0-3, default 2), so that a proxy's health check takes the instance out
// first; then no new connections are accepted; requests still running 7 s later are cut off; the
// database gets 3 s to close. Whatever the database does, the process has exited 14 s after the
// signal (the documented bound is 15 s).
const SHUTDOWN_DELAY =
  process.env.SHUTDOWN_DELAY_SECONDS === undefined || process.env.SHUTDOWN_DELAY_SECONDS === "" ? 2 : Number(process.env.SHUTDOWN_DELAY_SECONDS);
if (!Number.isFinite(SHUTDOWN_DELAY) || SHUTDOWN_DELAY < 0 || SHUTDOWN_DELAY > 3) {
  processLog.fatal(`SHUTDOWN_DELAY_SECONDS must be a number of seconds from 0 to 3 (got "${process.env.SHUTDOWN_DELAY_SECONDS}").`);
  process.exit(1);
}
const IN_FLIGHT_MS = 7_000;
const DATABASE_CLOSE_MS = 3_000;
const HARD_DEADLINE_MS = 14_000;
// Where the site is, said in one plain line to a person at a terminal (`npm start`); logs that a
// machine collects (no terminal) keep to JSON, where "server listening" carries the same address.
const SITE_URL = (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
const announce = () => process.stdout.isTTY && process.stdout.write(`Open ${SITE_URL}\n`);
// A serving thread's heap (runThreads below).
const THREAD_YOUNG_GENERATION_MB = 24;
const THREAD_OLD_GENERATION_MB = 512;

/** @typedef {typeof import("./server/app.ts")} AppModule */

/** @returns {Promise<{ mod: AppModule; vite?: import("vite").ViteDevServer }>} */
async function loadAppModule() {
  if (DEVELOPMENT) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true } });
    return { mod: /** @type {AppModule} */ (await vite.ssrLoadModule("./server/app.ts")), vite };
  }
  const entry = new URL(`./${BUILD_DIR}/server/index.js`, import.meta.url).href;
  return { mod: /** @type {AppModule} */ (await import(entry)) };
}

async function main() {
  const { mod, vite } = await loadAppModule();
  /** @type {Awaited<ReturnType<AppModule["openRuntime"]>>} */
  let runtime;
  try {
    runtime = await mod.openRuntime(process.env);
  } catch (error) {
    if (error instanceof mod.ConfigError || error instanceof mod.DatabaseLockedError) {
      processLog.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Other threads and instances hear of writes through PostgreSQL (freshness.server.ts).
  const { env, log } = runtime;

  const [{ default: express }, { default: compression }, { default: staticGzip }] = await Promise.all([
    import("express"),
    import("compression"),
    import("express-static-gzip"),
  ]);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  // Security headers on static files too (the app router would be too late for them).
  app.use(mod.securityHeaders(env));
  // Brotli's default window is 4 MB, set up for every answer; a 256 kB window gives the same
  // bytes for pages under 256 kB and, with fifty members' pages in flight, about half the full
  // garbage collections (docs/performance.md).
  // The live stream is left alone: compressed, its events would wait in the compressor's buffer.
  app.use(
    compression({
      brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
      filter: (req, res) => !mod.isLiveStream(req) && compression.filter(req, res),
    }),
  );
  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Scripts and styles as the build compressed them (Brotli, else Zopfli's gzip; vite.config.ts).
    app.use(
      "/assets",
      staticGzip(`${BUILD_DIR}/client/assets`, {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
    // The few files at the top of the client build (favicons, guide illustrations): only their
    // paths reach the static handler, so a page request costs no file-system lookup.
    const clientFiles = listFiles(`${BUILD_DIR}/client`, "assets");
    const staticFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false });
    app.use((req, res, next) => (clientFiles.has(req.path) ? staticFiles(req, res, next) : next()));
  }
  app.use(mod.createApp(runtime));

  let stopping = false;
  // Stored public pages are answered before Express (server/app.ts).
  const listener = vite ? app : mod.createListener(runtime, app);
  // While stopping, every answer ends its connection: clients open their next one elsewhere.
  const server = http.createServer((req, res) => {
    if (stopping) res.setHeader("Connection", "close");
    listener(req, res);
  });
  // Threads share the port (SO_REUSEPORT): the kernel spreads new connections over them.
  server.listen({ port: env.PORT, host: env.HOST, reusePort: SHARED_PORT }, () => {
    log.info({ url: `http://${env.HOST}:${env.PORT}`, siteUrl: env.SITE_URL }, "server listening");
    parentPort?.postMessage("listening");
    if (isMainThread) announce();
  });
  server.keepAliveTimeout = 65_000;

  /** @param {string} signal */
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    runtime.lifecycle.stopping = true;
    setTimeout(() => {
      log.error("shutdown did not finish in time; exiting anyway");
      process.exit(1);
    }, HARD_DEADLINE_MS).unref();
    log.info({ signal, delaySeconds: SHUTDOWN_DELAY }, "shutting down: readiness says 503; still serving for the delay");
    server.closeIdleConnections();
    // Open live streams end now: their pages reconnect, through the proxy, to another instance.
    runtime.live.closeAll();
    setTimeout(() => {
      log.info("no longer accepting connections; finishing in-flight requests");
      const force = setTimeout(() => {
        log.warn(`in-flight requests did not finish within ${IN_FLIGHT_MS / 1000} s; closing anyway`);
        server.closeAllConnections();
      }, IN_FLIGHT_MS);
      force.unref();
      server.close(async () => {
        await runtime.mailOutbox.stop();
        await runtime.freshness.stop();
        await vite?.close();
        const closed = await runtime.database.close({ timeoutMs: DATABASE_CLOSE_MS });
        if (closed) log.info("database closed; bye");
        else log.warn(`the database did not close within ${DATABASE_CLOSE_MS / 1000} s (a query still waiting); exiting anyway`);
        process.exit(0);
      });
      server.closeIdleConnections();
    }, SHUTDOWN_DELAY * 1000);
  };
  // A thread hears of the signal from the main thread (signals reach only the main thread).
  parentPort?.on("message", (message) => message === "stop" && stop("SIGTERM"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** URL paths ("/favicon.ico", "/guides/x.svg") of the files under `root`, leaving out `skip`. */
/**
 * @param {string} root
 * @param {string} skip
 * @returns {Set<string>}
 */
function listFiles(root, skip) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} dir @param {string} prefix */
  const walk = (dir, prefix) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!prefix && entry.name === skip) continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else files.add(`${prefix}/${entry.name}`);
    }
  };
  walk(root, "");
  return files;
}

/**
 * The main thread of a production server serves nothing itself: it starts the serving thread(s),
 * each running main() above with its own event loop, database pool, page cache and session
 * cache. With DATABASE_URL and WEB_CONCURRENCY=N, the first thread applies migrations and the
 * others start once it listens; all listen on the same port (SO_REUSEPORT) and tell each other
 * of writes. A thread that dies is replaced (on PostgreSQL; with the embedded database, which
 * one thread holds, the process ends so that its supervisor restarts it). SIGTERM/SIGINT are
 * passed on, and the process ends when every thread has finished its requests.
 *
 * Threads rather than processes: one copy of Node in memory; and a thread's heap limits are set
 * here (resourceLimits), where a process would need flags on its command line: a small young
 * generation (render garbage is short-lived and swept cheaply) instead of V8's default, which
 * grows large while the app loads and never gives it back.
 */
/**
 * @param {number} count
 * @param {boolean} replaceDead
 */
function runThreads(count, replaceDead) {
  let stopping = false;
  let started = false;
  const mayRestart = createRestartBudget(THREAD_RESTARTS);
  /** @type {Set<Worker>} */
  const threads = new Set();
  const start = () => {
    const thread = new Worker(new URL(import.meta.url), {
      workerData: { sharedPort: count > 1 },
      resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: THREAD_OLD_GENERATION_MB },
    });
    threads.add(thread);
    thread.on("error", (error) => processLog.error({ err: error }, "a serving thread failed"));
    thread.on("exit", (code) => {
      threads.delete(thread);
      if (stopping) {
        if (threads.size === 0) process.exit(0);
        return;
      }
      if (!started || !replaceDead) process.exit(code || 1);
      if (!mayRestart()) {
        processLog.fatal({ code, ...THREAD_RESTARTS }, "serving threads keep failing; stopping the process");
        process.exit(1);
      }
      processLog.error({ code }, "a serving thread exited; starting another");
      start();
    });
    return thread;
  };
  start().once("message", (message) => {
    if (message !== "listening") return;
    started = true;
    announce();
    for (let i = 1; i < count; i++) start();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const thread of threads) thread.postMessage("stop");
    // The threads keep their own deadline; this one catches a thread too busy to see it.
    setTimeout(() => {
      processLog.error("serving threads did not stop in time; exiting");
      process.exit(1);
    }, HARD_DEADLINE_MS + 500).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (DEVELOPMENT || !isMainThread) {
  main().catch((error) => {
    processLog.fatal({ err: error }, "the server could not start");
    process.exit(1);
  });
} else {
  const postgres = Boolean(process.env.DATABASE_URL);
  if (WORKERS > 1 && !postgres) {
    processLog.warn("WEB_CONCURRENCY > 1 needs DATABASE_URL (the embedded database is for one thread): serving from one thread.");
  }
  // V8's memory reducer runs a compacting full collection when a thread turns idle, and its
  // pause falls on the first requests when traffic resumes: every reader in
  // flight waits. The serving threads' heaps are capped (resourceLimits) and what they hold at
  // their busiest is what counts, so they go without it. Set before the threads start: their
  // heaps read V8's flags when they are made.
  v8.setFlagsFromString("--no-memory-reducer");
  // The embedded database is PostgreSQL compiled to WebAssembly. V8's optimising tier recompiles
  // its hot functions in the background, which multiplied the process's memory (and took CPU
  // from serving) for no gain in requests per second; its baseline compiler is enough
  // (docs/decisions/004-embedded-database-memory.md, with the figures).
  if (!postgres) v8.setFlagsFromString("--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering");
  runThreads(postgres ? WORKERS : 1, postgres);
}
