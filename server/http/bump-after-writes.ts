// Tells the freshness authority of every successful write as its answer is about to go out: the
// one place (with the auth library's own hook) where caches learn of writes. Route handlers and
// domain modules never clear a cache themselves.
import type { RequestHandler, Response } from "express";
import { writeScope, type Freshness } from "../../app/server/freshness.server";

export function bumpAfterWrites(freshness: Pick<Freshness, "bump">): RequestHandler {
  return (req, res, next) => {
    const path = req.baseUrl + req.path;
    // Reads change nothing, but for opening a notification (writeScope says which).
    if ((req.method === "GET" && !path.startsWith("/notifications/")) || req.method === "HEAD") return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const scope = writeScope(req.method, path, typeof args[0] === "number" ? args[0] : res.statusCode);
      if (scope) freshness.bump(scope);
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
