// The HTTP side of members' page templates (app/server/member-pages.server.ts).
//
// Who is served from a template: a GET for one of the public pages below, by a member whose
// session was read within the last half minute (the viewer cache), without a toast cookie and with
// no query string but `?page=N` (and `?q=` on /search, `?topic=` and `?sort=` on the forum's
// lists). Anyone else, and the first member to ask for a page since the last write, goes on to
// Express and React Router. For the latter the page is
// rendered with stand-ins for the member's values (`templateRenderOf` tells the app so), cut into
// a template, kept, and filled in for them like for everyone after them.
//
// The answer carries the headers of the render it came from, a CSP nonce of its own and `private,
// no-store`; it is gzipped from the template's parts, compressed once (gzip-segments.server.ts).
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteHandle } from "../../app/lib/route-handle";
import { logRequest, type Logger } from "../../app/server/log.server";
import {
  cutTemplate,
  fillTemplate,
  gzipTemplate,
  templateViewer,
  TOKENS,
  type MemberPage,
  type MemberPages,
  type TemplateRender,
} from "../../app/server/member-pages.server";
import type { PageCache } from "../../app/server/page-cache.server";
import type { Viewer } from "../../app/server/session.server";
import { sessionCookieOf } from "../../app/server/session-cookie.server";
import type { UnreadCache } from "../../app/server/cache/unread-cache.server";
import type { ViewerCache } from "../../app/server/cache/viewer-cache.server";
import { acceptsGzip } from "../http/encoding";
import { pathOf, requestIdOf } from "../http/request-id";
import { CSP_HEADERS, pageKeyOf, PRIVATE_CACHE_CONTROL, storedHeaders } from "../page-cache";

/** Whether the page at a path belongs to a route that opted in (`handle.memberTemplate`). */
export type TemplateEligibility = (pathname: string) => boolean;

/**
 * Eligibility read from the routes themselves: the deepest route matching a path must declare
 * `handle: { memberTemplate: true }` (app/lib/route-handle.ts). Answers are remembered per path.
 */
export function templateEligibility(routes: ServerBuild["routes"]): TemplateEligibility {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route && route.parentId === parentId)
      .map((route) =>
        route!.index
          ? { id: route!.id, index: true, path: route!.path, caseSensitive: route!.caseSensitive }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: childrenOf(route!.id) },
      );
  const tree = childrenOf(undefined);
  const known = new Map<string, boolean>();
  return (pathname) => {
    let eligible = known.get(pathname);
    if (eligible === undefined) {
      const leaf = matchRoutes(tree, pathname)?.at(-1)?.route.id;
      const handle = leaf ? (routes[leaf]?.module.handle as RouteHandle | undefined) : undefined;
      eligible = handle?.memberTemplate === true;
      if (known.size >= 1000) known.clear();
      known.set(pathname, eligible);
    }
    return eligible;
  };
}

// What a template render still sees of the request: enough to route, compress and log it.
// Cookies (but the sidebar's, which is part of the key), Authorization, the user agent and every
// other header that could tell one member from another are gone.
const KEPT_HEADERS = new Set(["host", "accept-encoding", "connection", "x-forwarded-proto", "x-forwarded-host", "x-request-id"]);
const SIDEBAR = /(?:^|;\s*)(sidebar:state=(?:true|false))/;

function stripForTemplate(req: IncomingMessage) {
  const sidebar = SIDEBAR.exec(req.headers.cookie ?? "")?.[1];
  for (const name of Object.keys(req.headers)) if (!KEPT_HEADERS.has(name)) delete req.headers[name];
  if (sidebar) req.headers.cookie = sidebar;
}

interface TemplateRequest {
  key: string;
  viewer: Viewer;
  /** The page cache's version before rendering: a template of older data is not kept. */
  renderedAt: number;
  /** The member's unread notifications count, put into their own copy of the page. */
  unread: number;
  render: TemplateRender;
  /** Tells the requests waiting for this template (undefined when there is none they may get). */
  settle: (page: MemberPage | undefined) => void;
}

const templateRequests = new WeakMap<IncomingMessage, TemplateRequest>();

/** What the render of this request is for when it makes a template (else undefined). */
export function templateRenderOf(req: IncomingMessage): TemplateRender | undefined {
  return templateRequests.get(req)?.render;
}

/**
 * The template key of a member's request, or null when it may not be served from one: the page,
 * and every field of the stand-in viewer the template is rendered for (a field added to the
 * viewer joins the key by itself).
 */
export function memberPageKeyOf(req: Pick<IncomingMessage, "method" | "headers" | "url">, viewer: Viewer, eligible: TemplateEligibility): string | null {
  if (req.method !== "GET") return null;
  const page = pageKeyOf(req);
  if (!page) return null;
  if (!eligible(page.slice(0, page.search(/[? ]/)))) return null;
  return `${page} viewer=${JSON.stringify(templateViewer(viewer))}`;
}

export interface MemberPagesOptions {
  pages: MemberPages;
  pageCache: Pick<PageCache, "version">;
  viewers: Pick<ViewerCache, "get">;
  /** Members' unread notifications counts (the top bar of every page). */
  unread: Pick<UnreadCache, "peek" | "get">;
  log: Logger;
  /** The session cookie's name: the only one a member is known by (session-cookie.server.ts). */
  sessionCookie: string;
  /** Which pages may be templates (templateEligibility); none until the routes are loaded. */
  eligible: TemplateEligibility;
}

/**
 * Answers a member's request from a template, before Express: returns true when it took the
 * request (`fallback` sends it on to Express if the render it waited for made no template it may
 * get). A request that may have a template but finds none is marked to make one on its way
 * through Express; the members who ask for the same page meanwhile wait for that one render
 * instead of each rendering.
 */
export function memberPagesFastPath({ pages, pageCache, viewers, unread, log, sessionCookie, eligible }: MemberPagesOptions) {
  // Renders under way, by cache version and key.
  const inFlight = new Map<string, Promise<MemberPage | undefined>>();

  const serve = (req: IncomingMessage, res: ServerResponse, page: MemberPage, viewer: Viewer, count: number) => {
    const start = process.hrtime.bigint();
    const id = requestIdOf(req);
    const nonce = crypto.randomBytes(16).toString("base64");
    const personal = { ...personalOf(viewer, count), nonce, submissionKey: crypto.randomUUID() };
    // gzip from the template's compressed parts: every browser takes it.
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const encoding = gzip ? "gzip" : "identity";
    const body = gzip ? gzipTemplate(page, personal) : fillTemplate(page, personal);
    const headers: string[] = [];
    for (const [name, value] of page.headers) headers.push(name, value.split(TOKENS.nonce).join(nonce));
    headers.push("Cache-Control", PRIVATE_CACHE_CONTROL, "Vary", "Accept-Encoding, Cookie", "X-Cache", "MISS", "X-Request-Id", id);
    if (encoding !== "identity") headers.push("Content-Encoding", encoding);
    headers.push("Content-Length", String(body.length));
    res.writeHead(200, headers);
    res.end(body);
    logRequest(log, req.method, pathOf(req.url), 200, id, start);
  };

  // Sessions being read by a request on its way through Express, by cookie value: settled when
  // that request ends. When a member's cached viewer expires, their other requests meanwhile wait
  // for that one read instead of each rendering a whole page (a stall of every connection here).
  const reading = new Map<string, Promise<void>>();

  // What a request has already waited for (each at most once): the session read by another
  // request, and its unread count. The two expire apart, so a request back from the first may
  // find the second gone: it waits for that one read too, rather than rendering on its own.
  type Waited = { viewer?: true; unread?: true };
  const take = (req: IncomingMessage, res: ServerResponse, fallback: () => void, waited: Waited): boolean => {
    if (!pages.enabled || req.method !== "GET") return false;
    const session = sessionCookieOf(req.headers.cookie, sessionCookie);
    if (!session) return false;
    const viewer = viewers.get(session);
    if (!viewer) {
      // Only pages that may come from a template wait; a retry that still finds no one goes on.
      if (waited.viewer || !pageKeyOf(req) || !eligible(pathOf(req.url))) return false;
      const read = reading.get(session);
      if (read) {
        void read.then(() => !res.destroyed && !take(req, res, fallback, { ...waited, viewer: true }) && fallback());
        return true;
      }
      let settle!: () => void;
      reading.set(session, new Promise<void>((resolve) => (settle = resolve)));
      res.once("close", () => {
        reading.delete(session);
        settle();
      });
      return false;
    }
    const key = memberPageKeyOf(req, viewer, eligible);
    if (!key) return false;
    // Their unread count, read once per member after each write (the others wait for that read).
    const count = unread.peek(viewer.id);
    if (count === undefined) {
      if (waited.unread) return false;
      unread.get(viewer.id).then(() => !res.destroyed && !take(req, res, fallback, { ...waited, unread: true }) && fallback(), fallback);
      return true;
    }
    const page = pages.get(key);
    if (page && !page.authors.has(viewer.id)) {
      serve(req, res, page, viewer, count);
      return true;
    }
    const flightKey = `${pageCache.version()}\n${key}`;
    const pending = page ? undefined : inFlight.get(flightKey);
    if (pending) {
      pending.then((made) => (made && !made.authors.has(viewer.id) && !res.destroyed ? serve(req, res, made, viewer, count) : fallback()), fallback);
      return true;
    }
    let settle!: (page: MemberPage | undefined) => void;
    const made = new Promise<MemberPage | undefined>((resolve) => (settle = resolve));
    if (!page) {
      inFlight.set(flightKey, made);
      void made.then(() => inFlight.get(flightKey) === made && inFlight.delete(flightKey));
    }
    // A render that never finishes (the connection closed) keeps no one waiting.
    res.once("close", () => settle(undefined));
    const render: TemplateRender = { viewer: templateViewer(viewer), realViewerId: viewer.id, authors: new Set(), storable: true };
    templateRequests.set(req, { key, viewer, renderedAt: pageCache.version(), unread: count, render, settle });
    stripForTemplate(req);
    return false;
  };
  return (req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean => take(req, res, fallback, {});
}

const personalOf = (viewer: Viewer, unread: number) => ({ id: viewer.id, email: viewer.email, displayName: viewer.displayName, unread: String(unread) });

/**
 * For pageCacheMiddleware's `personalise`: a page rendered with stand-ins is filled in with the
 * member's values (whatever its status) and, when it is an ordinary 200 page, kept as a template;
 * the members waiting for it are told either way.
 */
export function finishTemplateRender(pages: MemberPages, log: Logger) {
  return (req: Request, res: Response, body: Buffer): Buffer => {
    const request = templateRequests.get(req);
    if (!request) return body;
    templateRequests.delete(req);
    if (!/^text\/html\b/i.test(String(res.getHeader("content-type") ?? ""))) {
      request.settle(undefined);
      return body;
    }
    const nonce = String(res.locals.cspNonce ?? "");
    const template = cutTemplate(body.toString("utf8"));
    if (!template.safe) log.warn({ path: req.path }, "a member's value stands where no template can hold it: page not kept");
    // The template made (kept, or only for the members waiting on this render: MemberPages.store).
    let made: MemberPage | undefined;
    if (template.safe && request.render.storable && res.statusCode === 200 && res.getHeader("set-cookie") === undefined) {
      // The CSP names this request's nonce: the stored one names the token, replaced per answer.
      const headers = storedHeaders(res)
        .filter(([name]) => name !== "cache-control")
        .map(([name, value]): [string, string] => [name, CSP_HEADERS.includes(name) && nonce ? value.split(nonce).join(TOKENS.nonce) : value]);
      made = pages.store(request.key, { parts: template.parts, slots: template.slots, headers, authors: request.render.authors }, request.renderedAt);
    }
    request.settle(made);
    return fillTemplate(template, { ...personalOf(request.viewer, request.unread), nonce, submissionKey: crypto.randomUUID() });
  };
}
