// How a request's cookies are read, in one place: which cookie is the member's session (exactly as
// the auth library reads it), and whether a request carries anything personal at all. The readers'
// page store and the root middleware both ask `carriesNothingPersonal`, so "signed out" means the
// same thing to the code that reads sessions and to the code that shares pages.
export const SESSION_COOKIE = "better-auth.session_token";
const ANY_SESSION_COOKIE = /^(?:__Secure-|__Host-)?better-auth\.session_token$/;
/** The one cookie a signed-out reader's page may depend on (the sidebar's open or closed state). */
export const SIDEBAR_COOKIE = "sidebar:state";

/** The session cookie's name for a site served at `siteUrl` (`__Secure-` on https). */
export function sessionCookieName(siteUrl: string): string {
  return siteUrl.startsWith("https://") ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** A Cookie header as [name, value] pairs, split on ";" and trimmed as the auth library does. */
export function parseCookies(cookieHeader: string | null | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  for (const chunk of (cookieHeader ?? "").split(";")) {
    if (!chunk.trim()) continue;
    const eq = chunk.indexOf("=");
    pairs.push(eq === -1 ? [chunk.trim(), ""] : [chunk.slice(0, eq).trim(), chunk.slice(eq + 1).trim()]);
  }
  return pairs;
}

/**
 * The session cookie as `name=value` when the header holds exactly one session cookie and it has
 * the expected name. Two of them (a planted one with a longer Path is sent first) count as none:
 * the library and our caches could otherwise each take a different one.
 */
export function sessionCookieOf(cookieHeader: string | null | undefined, name: string): string | undefined {
  const sessions = parseCookies(cookieHeader).filter(([key]) => ANY_SESSION_COOKIE.test(key));
  return sessions.length === 1 && sessions[0][0] === name ? `${name}=${sessions[0][1]}` : undefined;
}

/**
 * True for a GET or HEAD with no Authorization header whose cookies, if any, are only the
 * sidebar's: the only requests whose answer may be shared. An allow-list: any other cookie, however
 * spelled, makes the request personal.
 */
export function carriesNothingPersonal(method: string, cookieHeader: string | null | undefined, authorization: string | null | undefined): boolean {
  if ((method !== "GET" && method !== "HEAD") || authorization) return false;
  return parseCookies(cookieHeader).every(([name]) => name === SIDEBAR_COOKIE);
}
