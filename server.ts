// The process: starts the HTTP server on PORT/HOST, serves built assets with long-lived caching,
// compresses responses, and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish,
// then the database is closed). `NODE_ENV=development` serves through Vite with hot reload.
import compression from "compression";
import express from "express";

process.env.NODE_ENV ??= "production";
const DEVELOPMENT = process.env.NODE_ENV === "development";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

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
    app.use(express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false }));
  }
  app.use(mod.createApp(runtime));

  const server = app.listen(env.PORT, env.HOST, () => {
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
