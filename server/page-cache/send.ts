// Sending a stored page: 304 when the client has it (the `fresh` module's ETag rules, as Express's
// own), else the best encoding it takes (`negotiator`, as Express's own), with one weak validator
// for all encodings.
import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

export interface StoredPage {
  /** Headers to replay: the security headers in front, the page's own, and its hash-based CSP. */
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

const VARY = "Accept-Encoding, Cookie";

/**
 * Sends a stored page. Its headers go to writeHead in one list (Node's quick path when nothing was
 * set before); `requestId` is the X-Request-Id to add when the caller has not set one.
 */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, label: "HIT" | "MISS" | "STALE", requestId?: string) {
  // Only If-None-Match is given to `fresh`: a precondition is the origin's to evaluate whatever the
  // request's Cache-Control says (RFC 9110), where `fresh` on its own would resend for no-cache.
  const unchanged = fresh({ "if-none-match": req.headers["if-none-match"] }, { etag: page.etag });
  const head: string[] = [];
  for (const [name, value] of page.headers) if (!(unchanged && name === "content-type")) head.push(name, value);
  head.push("Vary", VARY, "ETag", page.etag, "X-Cache", label);
  if (requestId) head.push("X-Request-Id", requestId);
  if (unchanged) {
    res.writeHead(304, head).end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding !== "identity") head.push("Content-Encoding", encoding);
  head.push("Content-Length", String(body.length));
  res.writeHead(200, head).end(req.method === "HEAD" ? undefined : body);
}

// Browsers send a handful of distinct Accept-Encoding headers; each is read once.
const encodings = new LRUCache<string, Encoding>({ max: 64 });
type Encoding = "br" | "gzip" | "identity";
const OFFERED: Encoding[] = ["br", "gzip", "identity"];

/** br when the client takes it at least as gladly as gzip, then gzip, else the plain bytes. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const header = acceptEncoding ?? "";
  let encoding = encodings.get(header);
  if (!encoding) {
    // negotiator 1.x takes the server's order as the tie-break (its types predate the option).
    const negotiator = new Negotiator({ headers: { "accept-encoding": header } }) as Negotiator & {
      encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
    };
    encoding = (negotiator.encoding(OFFERED, { preferred: OFFERED }) as Encoding | undefined) ?? "identity";
    encodings.set(header, encoding);
  }
  return encoding;
}
