// The request deadline: a read still unanswered after REQUEST_TIMEOUT_SECONDS answers 503 with
// Retry-After, before nginx's own proxy_read_timeout would answer a bare 504. Writes are not cut
// off: every wait of theirs on the database is bounded (statement, lock and connect timeouts), so
// they finish, and their answer then says truly whether they were stored.
import type express from "express";
import type { Logger } from "../../app/server/infra/log.server";
import { loggedPath } from "../../app/server/infra/log.server";
import { RETRY_AFTER_SECONDS } from "../../app/server/infra/db.server";

export function requestDeadline(timeoutMs: number, log: Logger): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      log.warn({ reqId: res.getHeader("X-Request-Id"), method: req.method, path: loggedPath(req.path), timeoutMs }, "request deadline passed; answered 503");
      res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
      res.setHeader("Cache-Control", "no-store");
      res.status(503).type("text/plain").send("Service temporarily unavailable. Please try again in a moment.");
    }, timeoutMs);
    timer.unref();
    res.on("close", () => clearTimeout(timer));
    next();
  };
}
