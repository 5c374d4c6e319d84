// A request React Router failed because the database could not be reached answers 503 with
// Retry-After, never 500. Pages get this in entry.server.tsx; resource routes (the sitemap, the
// feed) have no such hook, so their error answer is corrected here as its head goes out.
import type { Response } from "express";
import type { RequestOutcome } from "../../app/server/context";

export const RETRY_AFTER_SECONDS = "5";

/** Marks `res` so that a 500 becomes a 503 when `outcome` says the database was unreachable. */
export function answerOutageAs503(res: Response, outcome: RequestOutcome) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    if (status === 500 && outcome.databaseUnavailable) {
      if (typeof args[0] === "number") args[0] = 503;
      res.statusCode = 503;
      res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
      res.setHeader("Cache-Control", "no-store");
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}
