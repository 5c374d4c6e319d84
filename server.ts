// The process: starts the HTTP server on PORT/HOST, serves built assets with long-lived caching,
// compresses responses, and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish,
// then the database is closed). `NODE_ENV=development` serves through Vite with hot reload.
// Stored public pages are answered before Express (server/page-cache.ts). With DATABASE_URL,
// WEB_CONCURRENCY=N starts N worker processes (node:cluster) that share the port.
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";

process.env.NODE_ENV ??= "production";
const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// WEB_CONCURRENCY=2 runs two worker processes (node:cluster) sharing the port; PostgreSQL only.
const WORKERS = Math.max(1, Math.trunc(Number(process.env.WEB_CONCURRENCY ?? 1)) || 1);
const PAGE_CACHE_INVALIDATED = "page-cache:invalidate";

type AppModule = typeof import("./server/app.ts");

async function loadAppModule(): Promise<{ mod: AppModule; vite?: import("vite").ViteDevServer }> {
  if (DEVELOPMENT) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true } });
    return { mod: (await vite.ssrLoadModule("./server/app.ts")) as AppModule, vite };
  }
  const entry = new URL(`./${BUILD_DIR}/server/index.js`, import.meta.url).href;
  return { mod: (await import(entry)) as AppModule };
}

async function main() {
  const { mod, vite } = await loadAppModule();
  let runtime: Awaited<ReturnType<AppModule["openRuntime"]>>;
  try {
    runtime = await mod.openRuntime(process.env);
  } catch (error) {
    if (error instanceof mod.ConfigError || error instanceof mod.DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { env, log } = runtime;
  if (cluster.isWorker) {
    // Each worker keeps its own page cache: a write in one clears them all.
    runtime.pageCache.onInvalidate(() => process.send?.({ type: PAGE_CACHE_INVALIDATED }));
    process.on("message", (message: { type?: string }) => {
      if (message?.type === PAGE_CACHE_INVALIDATED) runtime.pageCache.invalidate({ fromPeer: true });
    });
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  // Security headers on static files too (the app router would be too late for them).
  app.use(mod.securityHeaders(env));
  app.use(compression());
  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y", index: false }));
    // The few files at the top of the client build (favicons, guide illustrations): only their
    // paths reach the static handler, so a page request costs no file-system lookup.
    const clientFiles = listFiles(`${BUILD_DIR}/client`, "assets");
    const staticFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false });
    app.use((req, res, next) => (clientFiles.has(req.path) ? staticFiles(req, res, next) : next()));
  }
  app.use(mod.createApp(runtime));

  // Stored public pages are answered before Express (server/page-cache.ts); the rest goes through it.
  const fromCache = vite ? undefined : mod.pageCacheFastPath({ cache: runtime.pageCache, log });
  const server = http.createServer((req, res) => {
    if (!fromCache?.(req, res)) app(req, res);
  });
  server.listen(env.PORT, env.HOST, () => {
    log.info({ url: `http://${env.HOST}:${env.PORT}`, siteUrl: env.SITE_URL }, "server listening");
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      log.warn("in-flight requests did not finish within 10 s; closing anyway");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      await vite?.close();
      await runtime.database.close();
      log.info("database closed; bye");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** URL paths ("/favicon.ico", "/guides/x.svg") of the files under `root`, leaving out `skip`. */
function listFiles(root: string, skip: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
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
 * The primary of a cluster: starts one worker (which applies migrations), then the others,
 * relays page-cache invalidations between them, replaces a worker that dies, and passes
 * SIGTERM/SIGINT on for a graceful stop.
 */
function runPrimary(workers: number) {
  let stopping = false;
  let started = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: { type?: string }) => {
      if (message?.type !== PAGE_CACHE_INVALIDATED) return;
      for (const other of Object.values(cluster.workers ?? {})) if (other && other !== worker) other.send(message);
    });
    return worker;
  };
  fork().once("listening", () => {
    started = true;
    for (let i = 1; i < workers; i++) fork();
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping || !started) {
      if (!started && !stopping) process.exit(code || 1);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (cluster.isPrimary && WORKERS > 1 && !DEVELOPMENT && process.env.DATABASE_URL) {
  runPrimary(WORKERS);
} else {
  if (cluster.isPrimary && WORKERS > 1) {
    console.error("WEB_CONCURRENCY > 1 needs DATABASE_URL (the embedded database is for one process): starting one process.");
  }
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
