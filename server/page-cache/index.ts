// The readers' page store: public pages rendered once and kept as compressed bytes for requests
// that carry nothing personal. Admission is by allow-list, decided by the code that reads sessions
// (carriesNothingPersonal); a page is kept only when its route marked it public, it set no cookie
// and it is a 200. Every other request passes by the store in both directions.
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { isForumSort, isTopicSlug } from "../../app/lib/forum-list";
import { carriesNothingPersonal, parseCookies, SIDEBAR_COOKIE } from "../../app/server/session-cookie.server";

export interface StoredPage {
  /** Headers to replay: the security headers in front, the page's own, and its hash-based CSP. */
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

type Render = () => Promise<Response>;
type Keep = () => Promise<StoredPage>;

const STORABLE_TYPE = /^(text\/html|text\/x-script|text\/plain|application\/xml|application\/rss\+xml)\b/i;
const CSP = "content-security-policy";
// Per request or per answer, never replayed.
const NOT_STORED = new Set([
  "x-request-id",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "vary",
  "set-cookie",
  "x-cache",
  CSP,
]);
const VARY = "Accept-Encoding, Cookie";
const PAGE_PARAM = /^[1-9]\d{0,5}$/;
const TOPIC_PAGE = /^\/forum\/topics\/[a-z0-9-]{1,60}(?:\.data)?$/;

/**
 * The store key of a request, or null when it may not use the store: personal, or a query with
 * anything but what a page varies by (?page=N; ?q= on /search; ?topic= and ?sort= on the forum).
 */
export function storeKeyOf(req: Pick<IncomingMessage, "method" | "headers" | "url">): string | null {
  if (!carriesNothingPersonal(req.method ?? "", req.headers.cookie, req.headers.authorization)) return null;
  const page = pageOfUrl(req.url ?? "/");
  if (page === null) return null;
  const sidebar = parseCookies(req.headers.cookie).find(([name]) => name === SIDEBAR_COOKIE)?.[1] === "false" ? "collapsed" : "open";
  // Only a trusted proxy's X-Forwarded-Proto is still here (http/forwarded.ts); https adds HSTS.
  const https = /^\s*https\s*(,|$)/i.test(String(req.headers["x-forwarded-proto"] ?? ""));
  return `${page} sidebar=${sidebar}${https ? " https" : ""}`;
}

function pageOfUrl(url: string): string | null {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const path = url.slice(0, q);
  const forum = path === "/forum" || path === "/forum.data";
  const allowed: Record<string, (value: string) => boolean> = {
    page: (v) => PAGE_PARAM.test(v),
    ...((path === "/search" || path === "/search.data") && { q: (v: string) => v.length <= 200 }),
    ...((forum || TOPIC_PAGE.test(path)) && { sort: isForumSort }),
    ...(forum && { topic: isTopicSlug }),
  };
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
    if (kept.has(name) || !Object.hasOwn(allowed, name) || !allowed[name](value)) return null;
    kept.set(name, value);
  }
  kept.sort();
  return kept.size ? `${path}?${kept}` : path;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface PageStoreOptions {
  enabled: boolean;
  /** The freshness epoch: a page rendered before a write is never read after it. */
  epoch: () => number;
  /** The Content-Security-Policy for a stored HTML page, from its inline scripts' hashes. */
  policy: (html: string) => string;
  maxBytes?: number;
  ttlMs?: number;
}

export type PageStore = ReturnType<typeof createPageStore>;

export function createPageStore(options: PageStoreOptions) {
  const pages = new LRUCache<string, StoredPage, Keep>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) => page.body.length + page.gzip.length + page.br.length + 1024,
    ttl: options.ttlMs ?? 60_000,
    // An expired page stays until rendered again: while the database is away, it is still served.
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: (_key, _stale, { context: renderAndKeep }) => renderAndKeep(),
  });
  const keyOf = (req: IncomingMessage) => {
    const key = options.enabled ? storeKeyOf(req) : null;
    return key && `${options.epoch()} ${key}`;
  };

  /** Turns a rendered answer into a page to keep, or throws when it must not be kept. */
  const toPage = async (response: Response, res: ServerResponse): Promise<StoredPage> => {
    const type = response.headers.get("content-type") ?? "";
    const publicPage = /\bpublic\b/.test(response.headers.get("cache-control") ?? "");
    if (response.status !== 200 || !publicPage || response.headers.has("set-cookie") || response.headers.has("content-encoding") || !STORABLE_TYPE.test(type)) {
      throw new NotStorable();
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Map<string, string>();
    for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined) headers.set(name, String(value));
    for (const [name, value] of response.headers) headers.set(name, value);
    for (const name of NOT_STORED) headers.delete(name);
    if (/^text\/html\b/i.test(type)) headers.set(CSP, options.policy(body.toString("utf8")));
    const size = { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    const [gz, br] = await Promise.all([gzip(body, { level: 9 }), brotli(body, { params: size })]);
    const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
    return { headers: [...headers], body, gzip: gz, br, etag };
  };

  return {
    /** A fresh stored page for this request, if there is one (the fast path in front of Express). */
    get(req: IncomingMessage): StoredPage | undefined {
      const key = keyOf(req);
      return key ? pages.get(key) : undefined;
    },
    /**
     * Answers `req` from the store, rendering (once for all who ask meanwhile) when it holds no
     * fresh page; returns the response to send when the answer is not a stored page.
     */
    async respond(req: IncomingMessage, res: ServerResponse, render: Render): Promise<Response | undefined> {
      const key = keyOf(req);
      res.setHeader("X-Cache", "MISS");
      if (!key || req.method !== "GET") {
        const page = key ? pages.get(key) : undefined;
        return page ? void sendPage(req, res, page, "HIT") : render();
      }
      let own: Response | undefined;
      let storedNow = false;
      const renderAndKeep = async () => {
        own = await render();
        const page = await toPage(own, res);
        storedNow = true;
        return page;
      };
      const page = await pages.fetch(key, { context: renderAndKeep }).catch(() => undefined);
      if (page) return void sendPage(req, res, page, storedNow ? "MISS" : "HIT");
      // Not a page to keep (or the render failed): the render made for this request, else its own.
      return own && !own.bodyUsed ? own : render();
    },
    clear: () => pages.clear(),
    size: () => pages.size,
  };
}

class NotStorable extends Error {}

/**
 * Sends a stored page: 304 when the client has it, else the best encoding it takes. Its headers go
 * to writeHead in one list (Node's quick path when nothing was set before); `requestId` is the
 * X-Request-Id to add when the caller has not set one.
 */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, label: "HIT" | "MISS", requestId?: string) {
  const unchanged = notModified(req.headers["if-none-match"], page.etag);
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

function notModified(ifNoneMatch: string | undefined, etag: string) {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return Boolean(ifNoneMatch) && (ifNoneMatch!.trim() === "*" || ifNoneMatch!.split(",").some((tag) => bare(tag) === bare(etag)));
}

// Browsers send a handful of distinct Accept-Encoding headers; each is read once.
const encodings = new LRUCache<string, "br" | "gzip" | "identity">({ max: 64 });

/** br when the client takes it at least as gladly as gzip, then gzip, else the plain bytes. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const header = acceptEncoding ?? "";
  let encoding = encodings.get(header);
  if (!encoding) encodings.set(header, (encoding = readAcceptEncoding(header)));
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): "br" | "gzip" | "identity" {
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name) q[name] = weight ? Number(weight.slice(2)) || 0 : 1;
  }
  const of = (name: string) => q[name] ?? q["*"] ?? 0;
  if (of("br") > 0 && of("br") >= of("gzip")) return "br";
  return of("gzip") > 0 ? "gzip" : "identity";
}
