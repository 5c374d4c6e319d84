// Which stored page answers a request: none for a request that carries anything personal (decided
// by the code that reads sessions) or a query value its page refuses, else its page's address with
// the query its route declares (its `handle.query`, matched with React Router's own matcher), the
// sidebar's state as the page reads it, and whether it came over https (which adds HSTS).
import type { IncomingMessage } from "node:http";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { storedQuery, type PageHandle, type QueryRules } from "../../app/lib/page-query";
import { sidebarOpen } from "../../app/lib/sidebar-cookie";
import { carriesNothingPersonal } from "../../app/server/infra/session-cookie.server";

/** The query rules of the page at a path: its route's, {} when it declares none, null when no route. */
export type RulesOf = (pathname: string) => QueryRules | null;

export function storeKeyOf(req: Pick<IncomingMessage, "method" | "headers" | "url">, rulesOf: RulesOf): string | null {
  if (!carriesNothingPersonal(req.method ?? "", req.headers.cookie, req.headers.authorization)) return null;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? "" : url.slice(q + 1);
  // A client navigation's data request for some of a page's routes only is not the page's data.
  if (search && new URLSearchParams(search).has("_routes")) return null;
  const rules = rulesOf(pagePath(path));
  if (!rules) return null;
  const parsed = search ? storedQuery(`${path}?${search}`, rules) : new URLSearchParams();
  if (!parsed) return null;
  const query = parsed.toString();
  const sidebar = sidebarOpen(req.headers.cookie) ? "open" : "collapsed";
  // Only a trusted proxy's X-Forwarded-Proto is still here (http/forwarded.ts); https adds HSTS.
  const https = /^\s*https\s*(,|$)/i.test(String(req.headers["x-forwarded-proto"] ?? ""));
  return `${query ? `${path}?${query}` : path} sidebar=${sidebar}${https ? " https" : ""}`;
}

/** The page a path asks for: a client navigation's data request names the page's path plus ".data". */
function pagePath(path: string) {
  if (!path.endsWith(".data")) return path;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/**
 * The query rules of each route of a build, by path: React Router matches the path against the
 * build's routes, and the leaf route's module declares what its page varies by. Paths seen are
 * remembered (bounded), since the fast path asks for every request.
 */
export function routeRules(build: Pick<ServerBuild, "routes">): RulesOf {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const object = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), object]);
  }
  const nest = (routes: RouteObject[]): RouteObject[] => routes.map((r) => (r.index ? r : { ...r, children: nest(children.get(r.id) ?? []) }) as RouteObject);
  const tree = nest(children.get(undefined) ?? []);
  const seen = new LRUCache<string, { rules: QueryRules | null }>({ max: 5000 });
  return (pathname) => {
    let known = seen.get(pathname);
    if (!known) {
      const leaf = matchRoutes(tree, pathname)?.at(-1)?.route.id;
      const handle = leaf ? (build.routes[leaf]?.module.handle as PageHandle | undefined) : undefined;
      known = { rules: leaf ? (handle?.query ?? {}) : null };
      seen.set(pathname, known);
    }
    return known.rules;
  };
}
