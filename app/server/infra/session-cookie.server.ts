// How a request's cookies are read for who is asking: which cookie is the member's session, and
// whether a request carries anything personal at all. The readers' page store and the root
// middleware both ask `carriesNothingPersonal`, so "signed out" means the same thing to the code
// that reads sessions and to the code that shares pages. The auth library is shown only the one
// session cookie chosen here (session.server.ts), so it validates what the caches key on.
import { cookieParts, onlySidebarCookie } from "~/lib/sidebar-cookie";

export const SESSION_COOKIE = "better-auth.session_token";
const ANY_SESSION_COOKIE = /^(?:__Secure-|__Host-)?better-auth\.session_token$/;

/** The session cookie's name for a site served at `siteUrl` (`__Secure-` on https). */
export function sessionCookieName(siteUrl: string): string {
  return siteUrl.startsWith("https://") ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * The session cookie as `name=value` when the header holds exactly one session cookie and it has
 * the expected name. Two of them (a planted one with a longer Path is sent first) count as none:
 * the library and our caches could otherwise each take a different one.
 */
export function sessionCookieOf(cookieHeader: string | null | undefined, name: string): string | undefined {
  const sessions = cookieParts(cookieHeader).filter(([key]) => ANY_SESSION_COOKIE.test(key));
  return sessions.length === 1 && sessions[0][0] === name ? `${name}=${sessions[0][1]}` : undefined;
}

/**
 * True for a GET or HEAD with no Authorization header whose cookies, if any, are only a
 * well-formed sidebar state: the only requests whose answer may be shared. An allow-list: any other
 * cookie, however spelled, and any other sidebar value, makes the request personal.
 */
export function carriesNothingPersonal(method: string, cookieHeader: string | null | undefined, authorization: string | null | undefined): boolean {
  if ((method !== "GET" && method !== "HEAD") || authorization) return false;
  return onlySidebarCookie(cookieHeader);
}
