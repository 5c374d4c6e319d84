// Serves public pages to signed-out visitors from the in-process page cache
// (app/server/page-cache.server.ts): rendered once, kept as gzip and brotli bytes, answered
// without touching React or the database until a write invalidates them.
//
// Who is served from the cache: GET or HEAD, no session cookie (any `better-auth.*` cookie), no
// toast cookie (its message is read once by the page that shows it), and no query string other
// than `?page=N` (and `?q=` on /search, `?topic=` and `?sort=` on the forum's lists). The cache key is the path, that query, and the
// `sidebar:state` cookie, the only other input that changes the HTML for a visitor. React
// Router's `.data` requests (client navigation) are cached by the same rule.
//
// What is stored: a 200 response that sets no cookie, of a page type (HTML, React Router data,
// XML feeds, plain text), not marked private. Its CSP nonce would be stale for the next visitor,
// so HTML is stored with a policy that allows its inline scripts by their sha256 hashes.
//
// Headers: cached pages are `public, no-cache` (a shared cache may keep them but must ask again
// before each use; docs/decisions/002-proxy-cache-headers.md) with a strong ETag (If-None-Match
// answers 304) and `Vary: Accept-Encoding, Cookie`; responses to
// signed-in visitors and responses that set a cookie are `private, no-store`. `X-Cache` says
// HIT (served from the cache) or MISS (rendered for this request).
//
// A stored page keeps every header its first answer carried (the security headers set in front
// of it included, with the hash-based CSP in place of the nonce one), so it can be replayed
// without running anything else. `pageCacheFastPath` does exactly that in front of Express in
// server.js: on these machines Express's own routing costs more than the whole cached answer.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { isForumSort, isTopicSlug } from "../../app/lib/forum-list";
import type { Logger } from "../../app/server/log.server";
import type { CachedPage, PageCache } from "../../app/server/page-cache.server";
import { measureDataAge } from "../../app/server/cache/data-age.server";
import { captureResponse } from "../http/capture";
import { compressOnce, pickEncoding } from "../http/encoding";
import { matchesEtag } from "../http/etag";
import { requestIdOf } from "../http/request-id";

export const PUBLIC_CACHE_CONTROL = "public, no-cache";
export const PRIVATE_CACHE_CONTROL = "private, no-store";
const VARY = "Accept-Encoding, Cookie";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?better-auth\.[\w.-]*=/;
const TOAST_COOKIE = /(?:^|;\s*)toast=/;
// The same reading as readSidebarCookie in app/components/ui/sidebar.tsx: open unless "false".
const SIDEBAR_COOKIE = /(?:^|;\s*)sidebar:state=(true|false)/;
const PAGE_PARAM = /^[1-9]\d{0,5}$/;
const MAX_SEARCH_QUERY = 200;
const TOPIC_PAGE = /^\/forum\/topics\/[a-z0-9-]{1,60}(?:\.data)?$/;
const CACHEABLE_TYPE = /^(text\/html|text\/x-script|text\/plain|application\/xml|application\/rss\+xml)\b/i;
export const CSP_HEADERS = ["content-security-policy", "content-security-policy-report-only"];
// Never part of a stored page: per-request ids, per-response framing, validators and cookies.
export const NOT_STORED = new Set([
  "x-request-id",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "set-cookie",
  "x-cache",
]);

export interface PageCacheOptions {
  cache: PageCache;
  /** Off during development, where Vite serves changing modules. Default: the store's setting. */
  enabled?: boolean;
  /**
   * The Content-Security-Policy for a stored HTML page, built from the page itself (the hashes
   * of its inline scripts). Without it a stored page keeps no CSP of its own.
   */
  pagePolicy?: (html: string) => string;
  /**
   * Given the body of a page rendered for one request (not stored here), returns the body to send:
   * the members' templates (server/member-templates/) fill in a page rendered with stand-ins.
   */
  personalise?: (req: Request, res: Response, body: Buffer) => Buffer;
  /**
   * Requests rendered for one member although they carry no session cookie (a members' template
   * render, stripped of its cookies): never answered from or kept in the cache, always private.
   */
  isPersonal?: (req: Request) => boolean;
}

/** True when the request carries a session (or any other Better Auth) cookie. */
export function isSignedInRequest(req: Pick<Request, "headers">) {
  return SESSION_COOKIE.test(req.headers.cookie ?? "");
}

/**
 * The cache key of a request, or null when the request may not be served from the cache.
 * `?page=N` is kept (normalised); `?q=` only on /search, where results are public too. Requests
 * that came through a proxy over HTTPS are kept apart (their security headers differ).
 */
export function cacheKeyOf(req: Pick<IncomingMessage, "method" | "headers" | "url">): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const cookie = req.headers.cookie ?? "";
  // The common case, a reader without cookies: the key at once.
  if (!cookie && req.url && !req.headers["x-forwarded-proto"]) {
    const page = pageOfUrl(req.url);
    return page === null ? null : `${page} sidebar=open`;
  }
  if (SESSION_COOKIE.test(cookie)) return null;
  return pageKeyOf(req);
}

// The page a URL asks for, by the URL as sent: reading its query (parsing, keeping what a page
// may vary by, sorting) cost a stored page on /search or a forum page more than the rest of its
// answer. Addresses never asked for before are read afresh; the same answer either way. Bounded
// by characters as well as entries: an address may be as long as a request line allows.
const pagesByUrl = new LRUCache<string, { page: string | null }>({
  max: 1000,
  maxSize: 256 * 1024,
  sizeCalculation: (known, url) => url.length + (known.page?.length ?? 0) + 1,
});

/** The path and kept query of `url` (pageKeyOf's first part), or null when the query holds anything else. */
function pageOfUrl(url: string): string | null {
  const q = url.indexOf("?");
  if (q === -1) return url;
  let known = pagesByUrl.get(url);
  if (!known) pagesByUrl.set(url, (known = { page: readPageOfUrl(url, q) }));
  return known.page;
}

function readPageOfUrl(url: string, q: number): string | null {
  const path = url.slice(0, q);
  if (q === url.length - 1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = new URLSearchParams();
  const search = path === "/search" || path === "/search.data";
  // The forum chooses by topic (on /forum) and orders (there and on a topic's page): only the
  // three orders and a slug-shaped topic make a stored page; any other value is rendered as asked.
  const forum = path === "/forum" || path === "/forum.data";
  const sortable = forum || TOPIC_PAGE.test(path);
  for (const [name, value] of params) {
    if (kept.has(name)) return null;
    if (name === "page" && PAGE_PARAM.test(value)) kept.set(name, value);
    else if (name === "q" && search && value.length <= MAX_SEARCH_QUERY) kept.set(name, value);
    else if (name === "sort" && sortable && isForumSort(value)) kept.set(name, value);
    else if (name === "topic" && forum && isTopicSlug(value)) kept.set(name, value);
    else return null;
  }
  kept.sort();
  return kept.size ? `${path}?${kept}` : path;
}

/**
 * The page a request asks for as a key (path, the query parameters kept, sidebar, proto), or null
 * when its query holds anything else or it carries a toast cookie; whoever asks. Shared with the
 * members' templates (server/member-templates/).
 */
export function pageKeyOf(req: Pick<IncomingMessage, "headers" | "url">): string | null {
  const cookie = req.headers.cookie ?? "";
  if (TOAST_COOKIE.test(cookie)) return null;
  const page = pageOfUrl(req.url ?? "/");
  if (page === null) return null;
  const sidebar = SIDEBAR_COOKIE.exec(cookie)?.[1] === "false" ? "collapsed" : "open";
  // Only a trusted proxy's X-Forwarded-Proto is still here (server/http/forwarded.ts), and only
  // https changes the answer (HSTS): anything else adds no key of its own.
  const proto = /^\s*https\s*(,|$)/i.test(String(req.headers["x-forwarded-proto"] ?? "")) ? " proto=https" : "";
  return `${page} sidebar=${sidebar}${proto}`;
}

/** Answers from a stored page: 304 when the client already has it, else the best encoding. */
function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, label: "HIT" | "MISS") {
  let cacheControl = PUBLIC_CACHE_CONTROL;
  for (const [name, value] of page.headers) {
    if (name === "cache-control") cacheControl = value;
    else res.setHeader(name, value);
  }
  // The policy stored with the page replaces the per-request nonce policy set in front.
  if (page.headers.some(([name]) => CSP_HEADERS.includes(name))) {
    for (const name of CSP_HEADERS) if (!page.headers.some(([n]) => n === name)) res.removeHeader(name);
  }
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("Vary", VARY);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", label);
  if (matchesEtag(req.headers["if-none-match"], page.etag)) {
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = page.status;
  res.end(body);
}

/** The headers of a rendered answer that belong to the page, to replay it (not NOT_STORED). */
export function storedHeaders(res: ServerResponse): [string, string][] {
  const headers: [string, string][] = [];
  for (const name of res.getHeaderNames()) {
    if (NOT_STORED.has(name)) continue;
    const value = res.getHeader(name);
    if (value !== undefined) headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
  }
  return headers;
}

/** Sets `private, no-store` on a response for a signed-in visitor or one that sets a cookie. */
function markPrivateWhenPersonal(req: Request, res: Response, personal: boolean) {
  const signedIn = personal || isSignedInRequest(req);
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (signedIn || res.getHeader("set-cookie") !== undefined) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}

export function pageCacheMiddleware(options: PageCacheOptions): RequestHandler {
  const { cache, pagePolicy, personalise, isPersonal } = options;
  const enabled = options.enabled ?? cache.enabled;
  // Renders under way, by cache version and key: concurrent requests for the same page wait for
  // one render instead of each rendering it (after an invalidation, under load).
  const inFlight = new Map<string, Promise<CachedPage | null>>();

  function render(req: Request, res: Response, next: NextFunction, key: string) {
    let since = Date.now;
    let complete = () => true;
    const renderedAt = cache.version();
    const flightKey = `${renderedAt}\n${key}`;
    // An expired page is still served to the others until this render replaces it.
    const refreshed = cache.refresh(key);
    let resolve!: (page: CachedPage | null) => void;
    inFlight.set(
      flightKey,
      new Promise<CachedPage | null>((r) => (resolve = r)).finally(() => inFlight.delete(flightKey)),
    );
    const settle = (page: CachedPage | null, stored = false) => {
      refreshed(stored);
      resolve(page);
    };

    captureResponse(
      res,
      (body) => {
        const type = String(res.getHeader("content-type") ?? "");
        const cacheControl = String(res.getHeader("cache-control") ?? "");
        // A page made without some of its data (lists left empty while the database is away)
        // is for this request only: never stored, and no cache downstream may keep it.
        if (!complete() && !res.headersSent) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
        const cacheable =
          res.statusCode === 200 &&
          res.getHeader("set-cookie") === undefined &&
          res.getHeader("content-encoding") === undefined &&
          CACHEABLE_TYPE.test(type) &&
          !/private|no-store|no-cache/i.test(cacheControl) &&
          // A page whose scripts carry this request's nonce needs a policy of its own to be reused.
          (pagePolicy !== undefined || !/^text\/html\b/i.test(type) || !CSP_HEADERS.some((name) => res.getHeader(name) !== undefined)) &&
          !res.headersSent;
        if (!cacheable) {
          settle(null);
          if (!res.headersSent) {
            if (res.getHeader("set-cookie") !== undefined) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
            res.setHeader("X-Cache", "MISS");
          }
          res.end(body);
          return;
        }
        // Everything the answer carries, security headers set in front included, so that the
        // page can be replayed as it is; an HTML page's nonce policy becomes a hash policy.
        const html = /^text\/html\b/i.test(type);
        const headers = storedHeaders(res).filter(([name]) => !(html && CSP_HEADERS.includes(name)));
        if (pagePolicy && html) {
          const csp = CSP_HEADERS.find((name) => res.getHeader(name) !== undefined) ?? CSP_HEADERS[0];
          headers.push([csp, pagePolicy(body.toString("utf8"))]);
        }
        cache.store(key, { status: 200, headers, body }, renderedAt, since()).then(
          ({ page, stored }) => {
            settle(page, stored);
            sendPage(req, res, page, "MISS");
          },
          (error: unknown) => {
            settle(null);
            next(error);
          },
        );
      },
      () => settle(null),
    );
    ({ since, complete } = measureDataAge(next));
  }

  return (req, res, next) => {
    const personal = isPersonal?.(req) ?? false;
    const key = enabled && !personal ? cacheKeyOf({ method: req.method, headers: req.headers, url: req.originalUrl }) : null;
    if (!key) {
      markPrivateWhenPersonal(req, res, personal);
      res.setHeader("X-Cache", "MISS");
      // React Router writes a page in many small pieces and flushes after each, so the
      // compression in front would compress each piece apart (with a compressor per response
      // in memory meanwhile); the page goes out in one piece, compressed at once.
      let complete = () => true;
      captureResponse(
        res,
        (body) => {
          if (!complete() && !res.headersSent) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
          res.end(compressOnce(req, res, personalise ? personalise(req, res, body) : body));
        },
        () => {},
      );
      // A members' template made from this render is as old as its oldest data.
      ({ complete } = measureDataAge(next));
      return;
    }
    const page = cache.get(key);
    if (page) return sendPage(req, res, page, "HIT");
    // HEAD renders no body: answer it, but never store it.
    if (req.method === "HEAD") {
      res.setHeader("X-Cache", "MISS");
      return next();
    }
    const pending = inFlight.get(`${cache.version()}\n${key}`);
    if (pending) {
      pending.then((rendered) => (rendered ? sendPage(req, res, rendered, "HIT") : render(req, res, next, key)), next);
      return;
    }
    render(req, res, next, key);
  };
}

// The counts still to write when the thread exits.
const countsToFlush = new Set<() => void>();

/**
 * How many stored pages the fast path answered, written as one log line a minute (and when the
 * thread exits) instead of a line per answer. A stored page comes from memory and cannot fail,
 * so its line told an operator nothing but which page a reader read, and writing it was a
 * quarter of the answer's cost (docs/decisions/011-stored-pages-counted-not-logged.md).
 */
export function createServedCount(log: Logger, everyMs = 60_000) {
  let served = 0;
  let notModified = 0;
  let since = Date.now();
  const flush = () => {
    const now = Date.now();
    if (served + notModified > 0) {
      log.info({ storedPages: { served, notModified, seconds: Math.round((now - since) / 100) / 10 } }, "stored pages served");
    }
    served = 0;
    notModified = 0;
    since = now;
  };
  setInterval(flush, everyMs).unref();
  if (countsToFlush.size === 0) process.once("exit", () => countsToFlush.forEach((f) => f()));
  countsToFlush.add(flush);
  return {
    add(status: number) {
      if (status === 304) notModified++;
      else served++;
    },
    flush,
  };
}

/**
 * Serves stored pages straight from Node's request listener, before Express: returns true when
 * it answered. It writes what the full stack would for a HIT (the stored headers, a request id);
 * the answers are counted (createServedCount), not logged one by one. Anything it does not hold
 * goes on to Express.
 */
export function pageCacheFastPath(options: { cache: PageCache; log: Logger; enabled?: boolean; countEveryMs?: number }) {
  const { cache } = options;
  const enabled = options.enabled ?? cache.enabled;
  const count = createServedCount(options.log, options.countEveryMs);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!enabled) return false;
    const key = cacheKeyOf(req);
    const page = key ? cache.get(key) : undefined;
    if (!page) return false;
    const id = requestIdOf(req);
    if (matchesEtag(req.headers["if-none-match"], page.etag)) {
      res.setHeader("X-Request-Id", id);
      sendPage(req, res, page, "HIT");
    } else {
      // The whole head in one call, from a list made once per page and encoding (its last
      // entry is the request id's slot: writeHead has read the list before it returns).
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      const headers = wireHeaders(page, encoding);
      headers[headers.length - 1] = id;
      res.writeHead(page.status, headers);
      res.end(encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body);
    }
    count.add(res.statusCode);
    return true;
  };
}

const wireCache = new WeakMap<CachedPage, Partial<Record<"br" | "gzip" | "identity", string[]>>>();

/**
 * The response headers of a stored page in one encoding, as a flat [name, value, ...] list whose
 * last value is the request id's slot.
 */
function wireHeaders(page: CachedPage, encoding: "br" | "gzip" | "identity"): string[] {
  let byEncoding = wireCache.get(page);
  if (!byEncoding) wireCache.set(page, (byEncoding = {}));
  const cached = byEncoding[encoding];
  if (cached) return cached;
  const list: string[] = [];
  let cacheControl = PUBLIC_CACHE_CONTROL;
  for (const [name, value] of page.headers) {
    if (name === "cache-control") cacheControl = value;
    else list.push(name, value);
  }
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  list.push("Cache-Control", cacheControl, "Vary", VARY, "ETag", page.etag, "X-Cache", "HIT");
  if (encoding !== "identity") list.push("Content-Encoding", encoding);
  list.push("Content-Length", String(body.length), "X-Request-Id", "");
  byEncoding[encoding] = list;
  return list;
}
