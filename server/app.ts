// The application as an Express router: health check, Better Auth's handler, the JWKS
// document, and React Router for every page. Built by Vite into build/server/index.js;
// server.js (the process) mounts it behind compression and static files.
import type http from "node:http";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { RouterContextProvider } from "react-router";
import { cspNonceContext, requestOutcomeContext, runtimeContext } from "../app/server/context";
import { isDatabaseUnavailable } from "../app/server/db.server";
import { loggedPath, logRequest } from "../app/server/log.server";
import type { Runtime } from "../app/server/runtime.server";
import { sessionCookieName } from "../app/server/session-cookie.server";
import { templateRenderContext, TOKENS } from "../app/server/member-pages.server";
import { finishTemplateRender, memberPagesFastPath, templateEligibility, templateRenderOf, type TemplateEligibility } from "./member-templates";
import { requestIdOf } from "./http/request-id";
import { pageCacheFastPath, pageCacheMiddleware } from "./page-cache";
import { contentSecurityPolicy, inlineScriptHashes, originCheck, requestLimits, securityHeaders } from "./security";
import { createApiRouter } from "./api/router";
import { untrustedForwardingRemover } from "./http/forwarded";
import { bumpAfterWrites } from "./http/bump-after-writes";
import { answerOutageAs503, RETRY_AFTER_SECONDS } from "./http/unavailable";

export { openRuntime } from "../app/server/runtime.server";
export { ConfigError } from "../app/server/env.server";
export { DatabaseLockedError } from "../app/server/db.server";
export { securityHeaders } from "./security";

/**
 * The request listener of the HTTP server (server.js): stored public pages for readers
 * (server/page-cache/) and members' pages from templates (server/member-templates/) are answered
 * before `app` (Express), which gets everything else.
 */
export function createListener(runtime: Runtime, app: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const { log, pageCache, memberPages, viewers } = runtime;
  const forReaders = pageCacheFastPath({ cache: pageCache, log });
  const stripForwarding = untrustedForwardingRemover(runtime.env.TRUST_PROXY);
  // Which pages may be members' templates is read from the routes' handles once they are loaded.
  let eligible: TemplateEligibility = () => false;
  void import("virtual:react-router/server-build").then((build) => (eligible = templateEligibility(build.routes)));
  const forMembers = memberPagesFastPath({
    pages: memberPages,
    pageCache,
    viewers,
    unread: runtime.unread,
    log,
    sessionCookie: sessionCookieName(runtime.env.SITE_URL),
    eligible: (pathname) => eligible(pathname),
  });
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    stripForwarding(req);
    if (!forReaders(req, res) && !forMembers(req, res, () => app(req, res))) app(req, res);
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

  // Every successful form write tells the freshness authority (the API router does the same).
  app.use(bumpAfterWrites(runtime.freshness));

  // Signed-out visitors get public pages from the page cache; everything else renders.
  app.use(
    pageCacheMiddleware({
      cache: runtime.pageCache,
      enabled: runtime.pageCache.enabled && runtime.env.NODE_ENV !== "development",
      pagePolicy: (html) => contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html) }),
      personalise: finishTemplateRender(runtime.memberPages, runtime.log),
      isPersonal: (req) => templateRenderOf(req) !== undefined,
    }),
  );

  // In production React Router gets the build object itself: given a function, it rebuilds its
  // route tables on every request (so that development picks up edited routes).
  const handler = (build: Parameters<typeof createRequestHandler>[0]["build"]) =>
    createRequestHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(runtimeContext, runtime);
        const outcome = { databaseUnavailable: false };
        context.set(requestOutcomeContext, outcome);
        answerOutageAs503(res, outcome);
        // A render for a members' template carries stand-ins, the nonce included (filled in after).
        const template = templateRenderOf(req);
        if (template) context.set(templateRenderContext, template);
        context.set(cspNonceContext, template ? TOKENS.nonce : String(res.locals.cspNonce ?? ""));
        return context;
      },
    });
  const loadBuild = () => import("virtual:react-router/server-build");
  if (process.env.NODE_ENV === "development") {
    app.all("/{*splat}", handler(loadBuild));
  } else {
    const ready = loadBuild().then(handler);
    app.all("/{*splat}", (req, res, next) => {
      ready.then((handle) => handle(req, res, next), next);
    });
  }

  // Errors no handler answered (Better Auth's rate limiter, for one, throws when the database
  // is away): one JSON log line instead of Express's printed stack, and 503 with Retry-After when
  // the database cannot be reached.
  app.use(((error, req, res, _next) => {
    const unavailable = isDatabaseUnavailable(error);
    runtime.log[unavailable ? "warn" : "error"]({ reqId: res.getHeader("X-Request-Id"), method: req.method, path: loggedPath(req.path), err: error }, unavailable ? "database unavailable" : "request failed");
    if (res.headersSent) return void res.destroy();
    if (unavailable) {
      res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
      res.setHeader("Cache-Control", "no-store");
    }
    res.status(unavailable ? 503 : 500).type("text/plain").send(unavailable ? "Service temporarily unavailable. Please try again in a moment." : "Internal Server Error");
  }) as express.ErrorRequestHandler);

  return app;
}
