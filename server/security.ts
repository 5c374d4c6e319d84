// HTTP hardening in front of everything the app answers: security headers with a per-request
// CSP nonce, a same-origin check for state-changing requests (cross-site request forgery), and
// limits on what a request may carry (body size, query length, undecodable paths).
import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { escapeHtml } from "../app/lib/escape";
import type { Env } from "../app/server/infra/env.server";
import type { Logger } from "../app/server/infra/log.server";

/** 1 MB for urlencoded and JSON bodies, 6 MB for multipart (the CSV import reads up to 5 MB itself). */
export const BODY_LIMIT = 1024 * 1024;
export const MULTIPART_LIMIT = 6 * 1024 * 1024;
export const QUERY_LIMIT = 4096;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The Content-Security-Policy. Pages rendered per request carry a nonce on every script React
 * Router writes; cached pages (identical bytes for every visitor) allow their inline scripts by
 * their sha256 hashes instead. Everything else is the same in both forms.
 *
 * With a nonce, 'strict-dynamic' lets the nonced entry module load the route modules it imports.
 * The hash form leaves it out: 'strict-dynamic' would ignore 'self', and the cached page's
 * `<link rel="modulepreload">` tags (which carry the nonce of the request that rendered them)
 * would then be refused. Without it, 'self' admits the same-origin modules.
 */
export function contentSecurityPolicy(opts: { nonce: string } | { scriptHashes: string[] }): string {
  const script =
    "nonce" in opts
      ? `script-src 'self' 'nonce-${opts.nonce}' 'strict-dynamic'`
      : ["script-src 'self'", ...opts.scriptHashes.map((h) => `'${h.startsWith("sha256-") ? h : `sha256-${h}`}'`)].join(" ");
  return [
    "default-src 'self'",
    script,
    // Inline style attributes (React's style prop, Radix positioning) need this; scripts never do.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// Script types a browser runs (or, for import and speculation rules, reads under script-src).
// Any other type, JSON-LD for one, is a data block the policy does not govern: hashing it
// would only make every stored page's header longer.
const EXECUTED_SCRIPT_TYPE = /^\s*(?:(?:text|application)\/(?:x-)?(?:javascript|ecmascript)(?:\s*;.*)?|module|importmap|speculationrules)?\s*$/i;

/** sha256 hashes ('sha256-…', base64) of each inline `<script>` in an HTML document that runs. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1];
    if (/\ssrc\s*=/i.test(attributes) || !match[2]) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    if (type && !EXECUTED_SCRIPT_TYPE.test(type[1] ?? type[2] ?? type[3] ?? "")) continue;
    hashes.add(`sha256-${crypto.createHash("sha256").update(match[2], "utf8").digest("base64")}`);
  }
  return [...hashes];
}

function isApiRead(req: Request) {
  return SAFE_METHODS.has(req.method) && (req.path === "/api/v1" || req.path.startsWith("/api/v1/"));
}

/**
 * Security headers on every response, and the nonce for this request in `res.locals.cspNonce`.
 * Idempotent: server.js runs it before the static files and the app router runs it again.
 */
export function securityHeaders(env: Pick<Env, "SITE_URL" | "NODE_ENV">): RequestHandler {
  const httpsSite = env.SITE_URL.startsWith("https://");
  // During development Vite injects its own scripts and sockets: report, do not block.
  const cspHeader = env.NODE_ENV === "development" ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
  return (req, res, next) => {
    if (res.locals.cspNonce) return next();
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader(cspHeader, contentSecurityPolicy({ nonce }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", isApiRead(req) ? "cross-origin" : "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    // req.secure is true for TLS, or for X-Forwarded-Proto: https when TRUST_PROXY is on.
    if (httpsSite || req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/** A short refusal a person can read: plain text, a small HTML page, or JSON for API clients. */
function refuse(req: Request, res: Response, status: number, title: string, message: string) {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  // The body (if any) is not read: drain it so the client still receives this answer, and do
  // not reuse a connection whose request body was refused.
  req.resume();
  if (status === 411 || status === 413) res.setHeader("Connection", "close");
  switch (req.accepts(["text/plain", "text/html", "application/json"])) {
    case "text/html":
      res
        .type("html")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
            `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
            `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Return to Home</a></p></main></body></html>`,
        );
      return;
    case "application/json":
      res.json({ message });
      return;
    default:
      res.type("text/plain").send(`${title}: ${message}\n`);
  }
}

/** Paths whose writes do their own checks: the bearer-token JSON API and Better Auth's handler. */
// The one-click unsubscribe address is posted to by mail programs, not pages of the site (RFC
// 8058); the signed token in its address is what authorises it, and it can only stop mails.
function exemptFromOriginCheck(path: string) {
  return path === "/api/v1" || path.startsWith("/api/v1/") || path.startsWith("/api/auth/") || path === "/email/unsubscribe";
}

/**
 * Cross-site request forgery: a POST/PUT/PATCH/DELETE must come from a page of this site. The
 * Origin header decides (Referer when a browser sent no Origin); Sec-Fetch-Site: cross-site is
 * refused outright. React Router's fetch submissions and plain HTML forms both send Origin.
 */
export function originCheck(env: Pick<Env, "SITE_URL">, log?: Logger): RequestHandler {
  const siteOrigin = new URL(env.SITE_URL).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exemptFromOriginCheck(req.path)) return next();
    const origin = req.get("origin");
    const referer = req.get("referer");
    let source: string | null = null;
    if (req.get("sec-fetch-site") === "cross-site") {
      source = "cross-site";
    } else if (origin) {
      source = origin;
    } else if (referer) {
      try {
        source = new URL(referer).origin;
      } catch {
        source = "an unreadable Referer";
      }
    }
    if (source === siteOrigin) return next();
    log?.warn({ method: req.method, path: req.path, origin: origin ?? null, expected: siteOrigin }, "cross-site request refused");
    refuse(
      req,
      res,
      403,
      "Request refused",
      source
        ? `This form can only be sent from a page of ${siteOrigin}. Please go back to the site, reload the page and try again.`
        : `This request did not say which site it came from, so it was refused. Forms must be sent from a page of ${siteOrigin}.`,
    );
  };
}

function isMultipart(req: Request) {
  return /^multipart\//i.test(req.get("content-type") ?? "");
}

/**
 * What a request may carry: a query string up to 4 KB (414 beyond) without NUL bytes (400), a
 * body up to 1 MB (6 MB for multipart; 413 beyond), a declared length for any body (chunked
 * uploads are refused with 411, so the limit holds without buffering), and a path that decodes
 * to no control characters (404 otherwise, never a 500).
 */
export function requestLimits(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const url = req.originalUrl;
    const q = url.indexOf("?");
    if (q >= 0 && url.length - q - 1 > QUERY_LIMIT) {
      return refuse(req, res, 414, "Address too long", `The query string is over ${QUERY_LIMIT} characters.`);
    }
    // A NUL byte is never part of a real query, and PostgreSQL refuses it in any text value.
    if (q >= 0 && /%00/i.test(url.slice(q))) {
      return refuse(req, res, 400, "Bad request", "The address contains a character that is not allowed.");
    }
    const path = q >= 0 ? url.slice(0, q) : url;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = "\u0000";
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(decoded)) {
      return refuse(req, res, 404, "404", "Oops! Page not found");
    }
    if (SAFE_METHODS.has(req.method)) return next();
    const declared = req.get("content-length");
    const chunked = /chunked/i.test(req.get("transfer-encoding") ?? "");
    if (chunked && declared === undefined) {
      return refuse(req, res, 411, "Length required", "Send the request body with a Content-Length header.");
    }
    const limit = isMultipart(req) ? MULTIPART_LIMIT : BODY_LIMIT;
    if (Number(declared ?? 0) > limit) {
      const mb = limit / (1024 * 1024);
      return refuse(req, res, 413, "Too large", `The request is larger than ${mb} MB. Please shorten it and try again.`);
    }
    next();
  };
}
