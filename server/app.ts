// The application as an Express router: health check, Better Auth's handler, the JWKS
// document, and React Router for every page. Built by Vite into build/server/index.js;
// server.js (the process) mounts it behind compression and static files.
import type http from "node:http";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { cspNonceContext, requestOutcomeContext, runtimeContext } from "../app/server/context";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../app/server/infra/db.server";
import { loggedPath, logRequest } from "../app/server/infra/log.server";
import type { Runtime } from "../app/server/runtime.server";
import { requestIdOf } from "./http/request-id";
import { requestDeadline } from "./http/deadline";
import { createPageStore, routeRules, sendPage, type PageStore } from "./page-cache";
import type { RulesOf } from "./page-cache/key";
import { contentSecurityPolicy, inlineScriptHashes, originCheck, requestLimits, securityHeaders } from "./security";
import { createApiRouter } from "./api/router";
import { untrustedForwardingRemover } from "./http/forwarded";
import { servedCount } from "./http/served-count";
import { LIVE_PATH, liveStream } from "./http/live-stream";

export { openRuntime } from "../app/server/runtime.server";
export { ConfigError } from "../app/server/infra/env.server";
export { DatabaseLockedError } from "../app/server/infra/db.server";
export { securityHeaders } from "./security";
export { isLiveStream } from "./http/live-stream";

// One readers' page store per runtime; a stored page is current until one of the tags its render
// depended on changes, here or on another instance (freshness.server.ts).
const stores = new WeakMap<Runtime, { store: PageStore; setRules(rules: RulesOf): void }>();
function pageStoreOf(runtime: Runtime) {
  let known = stores.get(runtime);
  if (!known) {
    let rules: RulesOf | undefined;
    const enabled = runtime.env.PAGE_CACHE && runtime.env.NODE_ENV !== "development";
    const policy = (html: string) => contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html) });
    const onUntracked = (url: string) =>
      runtime.log.warn({ path: loggedPath(url.split("?")[0]) }, "a public page read the database outside a shared read; it is not stored");
    const store = createPageStore({ enabled, clock: runtime.freshness.clock, deps: runtime.deps, rulesOf: () => rules, policy, onUntracked });
    known = { store, setRules: (r) => (rules = r) };
    stores.set(runtime, known);
  }
  return known;
}

/**
 * The request listener of the HTTP server (server.js): a stored page is answered at once, before
 * Express, whose own routing costs more than the whole stored answer; everything else goes to `app`.
 */
export function createListener(runtime: Runtime, app: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const { store } = pageStoreOf(runtime);
  const stripForwarding = untrustedForwardingRemover(runtime.env.TRUST_PROXY);
  const count = servedCount(runtime.log);
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    stripForwarding(req);
    const stored = store.get(req);
    if (!stored) return app(req, res);
    sendPage(req, res, stored.page, stored.label, requestIdOf(req));
    count(res.statusCode);
  };
}

export function createApp(runtime: Runtime) {
  const app = express.Router();
  // Also here for the development server, which has no listener of ours in front (idempotent).
  const stripForwarding = untrustedForwardingRemover(runtime.env.TRUST_PROXY);

  // Request id and one structured log line per request: method, path (no query), status, time.
  // (Stored pages answered before Express are counted instead: server/page-cache/.)
  app.use((req, res, next) => {
    stripForwarding(req);
    const id = requestIdOf(req);
    const start = process.hrtime.bigint();
    res.setHeader("X-Request-Id", id);
    // Better Auth reads the client address from this header; only the address Express trusts counts.
    req.headers["x-forwarded-for"] = req.ip ?? "";
    res.on("finish", () => logRequest(runtime.log, req.method, req.path, res.statusCode, id, start));
    next();
  });

  // Security headers, request limits and the same-origin check for writes, before anything else answers.
  app.use(securityHeaders(runtime.env), requestLimits(), originCheck(runtime.env, runtime.log));
  // Open pages' live updates: a stream that stays open, so before the request deadline.
  app.get(LIVE_PATH, liveStream(runtime));
  app.use(requestDeadline(runtime.env.REQUEST_TIMEOUT_SECONDS * 1000, runtime.log));

  // Liveness: the process answers. Readiness (/readyz, and /healthz as before): the database
  // answers and the process is not stopping, so a proxy sends new requests elsewhere.
  app.get("/livez", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  const readiness: express.RequestHandler = async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const database = runtime.database.kind;
    if (runtime.lifecycle.stopping) {
      res.status(503).json({ status: "stopping", database });
      return;
    }
    try {
      await runtime.database.ping();
      res.json({ status: "ok", database });
    } catch {
      res.status(503).json({ status: "unavailable", database });
    }
  };
  app.get("/readyz", readiness);
  app.get("/healthz", readiness);

  app.all("/api/auth/{*splat}", toNodeHandler(runtime.auth));

  app.use("/api/v1", createApiRouter(runtime));

  app.get("/.well-known/jwks.json", async (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.json(await runtime.auth.api.getJwks());
  });

  // Every page, through the readers' store when the request carries nothing personal.
  const { store, setRules } = pageStoreOf(runtime);
  const loadContext = (res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(runtimeContext, runtime);
    context.set(requestOutcomeContext, { databaseUnavailable: false, degraded: false });
    context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
    return context;
  };
  const pages = (build: ServerBuild | (() => Promise<ServerBuild>)): express.RequestHandler => {
    const handle = createRequestHandler(build, process.env.NODE_ENV);
    if (typeof build !== "function") setRules(routeRules(build));
    return async (req, res, next) => {
      try {
        const render = () => handle(createRequest(req, res, { protocol: `${req.protocol}:`, host: req.host }), loadContext(res));
        const response = await store.respond(req, res, render);
        if (response) await sendResponse(res, response);
      } catch (error) {
        next(error);
      }
    };
  };
  // In production React Router gets the build object itself: given a function, it rebuilds its
  // route tables on every request (so that development picks up edited routes).
  const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  if (process.env.NODE_ENV === "development") {
    app.all("/{*splat}", pages(loadBuild));
  } else {
    const ready = loadBuild().then(pages);
    app.all("/{*splat}", (req, res, next) => void ready.then((handle) => handle(req, res, next), next));
  }

  // Errors no handler answered (Better Auth's rate limiter, for one, throws when the database
  // is away): one JSON log line instead of Express's printed stack, and 503 with Retry-After when
  // the database cannot be reached.
  app.use(((error, req, res, _next) => {
    // Already answered (the request deadline's 503): the late render has nothing more to say.
    if (res.writableEnded) return;
    const unavailable = isDatabaseUnavailable(error);
    runtime.log[unavailable ? "warn" : "error"](
      { reqId: res.getHeader("X-Request-Id"), method: req.method, path: loggedPath(req.path), err: error },
      unavailable ? "database unavailable" : "request failed",
    );
    if (res.headersSent) return void res.destroy();
    if (unavailable) {
      res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
      res.setHeader("Cache-Control", "no-store");
    }
    res
      .status(unavailable ? 503 : 500)
      .type("text/plain")
      .send(unavailable ? "Service temporarily unavailable. Please try again in a moment." : "Internal Server Error");
  }) as express.ErrorRequestHandler);

  return app;
}
