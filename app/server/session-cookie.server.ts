// Which cookie carries a member's session, read exactly as the auth library reads it. The name
// follows the site's scheme (`__Secure-` on https, as the library is configured in auth.server.ts).
// A header with two session cookies (both names, or one name twice) counts as signed out: a
// cookie planted with a longer Path is sent first, and the library and our caches could then
// each take a different one, letting a planted value stand for the member the library found.
export const SESSION_COOKIE = "better-auth.session_token";
const ANY_SESSION_COOKIE = /^(?:__Secure-|__Host-)?better-auth\.session_token$/;

/** The session cookie's name for a site served at `siteUrl`. */
export function sessionCookieName(siteUrl: string): string {
  return siteUrl.startsWith("https://") ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * The session cookie of a Cookie header as `name=value`, when it holds exactly one session
 * cookie and that one has the expected name; undefined otherwise. Names are read as the library
 * reads them (split on ";", trimmed), so a spaced or duplicated name cannot slip past.
 */
export function sessionCookieOf(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader || !cookieHeader.includes("session_token")) return undefined;
  let found: string | undefined;
  for (const chunk of cookieHeader.split(";")) {
    const eq = chunk.indexOf("=");
    if (eq === -1) continue;
    const key = chunk.slice(0, eq).trim();
    if (!ANY_SESSION_COOKIE.test(key)) continue;
    if (found !== undefined || key !== name) return undefined;
    found = `${key}=${chunk.slice(eq + 1).trim()}`;
  }
  return found;
}
