// Request ids for the access log, and the path of a URL without its query (never logged).
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The request's id: the one a proxy sent in X-Request-Id, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  return (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || crypto.randomUUID();
}

/** The path of a request URL, without its query. */
export function pathOf(url = "/"): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}
