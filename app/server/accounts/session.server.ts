// Who is asking. The root middleware reads the session once per request (Better Auth), keeps the
// viewer in the router context, and forwards any refreshed session cookie to the response.
import { eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { profiles, users } from "../../../db/schema";
import type { Role } from "~/lib/roles";
import { requestOutcomeContext, runtimeContext, viewerContext, type Viewer } from "~/server/context";
import { isDatabaseUnavailable } from "~/server/infra/db.server";
import { sessionCookieName, sessionCookieOf } from "~/server/infra/session-cookie.server";
import { PASSKEY_METHOD } from "./passkey.server";
import { shownName } from "~/server/members/members.server";

// Who is asking lives in the leaf module of router contexts; imported from here as before.
export { sessionRefreshedContext, viewerContext, type Viewer } from "~/server/context";

const PRIVATE_PAGES = /^\/(account|admin|notifications)(\/|\.data$|$)/;
const DONT_REMEMBER = /^(?:__Secure-)?better-auth\.dont_remember$/;

/**
 * The Cookie header the auth library is shown: the one session cookie we key on (and its
 * "don't remember me" companion), so that what it validates is exactly what the viewer cache holds.
 */
function authCookieHeader(cookieHeader: string, session: string): string {
  const kept = cookieHeader.split(";").filter((chunk) => DONT_REMEMBER.test(chunk.slice(0, chunk.indexOf("=")).trim()));
  return [session, ...kept.map((chunk) => chunk.trim())].join("; ");
}

export async function loadViewer(request: Request, context: Readonly<RouterContextProvider>): Promise<{ viewer: Viewer | null; setCookies: string[] }> {
  try {
    return await readViewer(request, context);
  } catch (error) {
    // A form sent while the database is away reaches its action, which answers with the form,
    // what was typed and a message; the member is who they were a moment ago, if known.
    if (request.method === "GET" || request.method === "HEAD" || !isDatabaseUnavailable(error)) throw error;
    const outcome = context.get(requestOutcomeContext);
    if (outcome) outcome.databaseUnavailable = true;
    const { env, viewers } = context.get(runtimeContext);
    const token = sessionCookieOf(request.headers.get("cookie") ?? "", sessionCookieName(env.SITE_URL));
    return { viewer: (token && viewers.get(token)) || null, setCookies: [] };
  }
}

/** Whether this request found the database away (a form's action then says it failed). */
export function databaseAway(context: Readonly<RouterContextProvider>) {
  return Boolean(context.get(requestOutcomeContext)?.databaseUnavailable);
}

async function readViewer(request: Request, context: Readonly<RouterContextProvider>): Promise<{ viewer: Viewer | null; setCookies: string[] }> {
  const { auth, db, env, viewers, freshness } = context.get(runtimeContext);
  const name = sessionCookieName(env.SITE_URL);
  const cookieHeader = request.headers.get("cookie") ?? "";
  const token = sessionCookieOf(cookieHeader, name);
  if (!token) return { viewer: null, setCookies: [] };
  // Read within the last half minute and nothing changed since (viewer-cache.server.ts); a
  // write, and every private page, asks the database whatever the cache says.
  const confirm = (request.method !== "GET" && request.method !== "HEAD") || PRIVATE_PAGES.test(new URL(request.url).pathname);
  const known = confirm ? undefined : viewers.get(token);
  if (known) return { viewer: known, setCookies: [] };
  // What was current when the read began: a sign-out heard while it runs makes it stale at once.
  const at = freshness.clock.now();
  const sessionHeaders = new Headers(request.headers);
  sessionHeaders.set("cookie", authCookieHeader(cookieHeader, token));
  const { headers, response } = await auth.api.getSession({ headers: sessionHeaders, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!response) {
    // Expired or revoked: forget the cookie so the browser is cleanly signed out.
    const secure = name.startsWith("__Secure-");
    if (!setCookies.some((c) => c.startsWith(name))) {
      setCookies.push(`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
    }
    return { viewer: null, setCookies };
  }
  const user = response.user as typeof response.user & { role?: string; twoFactorEnabled?: boolean | null };
  const signedInWithPasskey = (response.session as { signInMethod?: string | null }).signInMethod === PASSKEY_METHOD;
  // The profile and the member's standing in one statement: forms say before typing when a
  // moderator paused their posting (a silence names the account's tag, so this is never stale).
  const [profile] = await db
    .select({ displayName: profiles.displayName, liveUpdates: profiles.liveUpdates, silencedUntil: users.silencedUntil })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, user.id));
  const role = (["member", "moderator", "admin"].includes(user.role ?? "") ? user.role : "member") as Role;
  const viewer: Viewer = {
    id: user.id,
    email: user.email,
    role,
    displayName: shownName(profile?.displayName),
    emailVerified: user.emailVerified,
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    aal: user.twoFactorEnabled || signedInWithPasskey ? "aal2" : "aal1",
    sessionId: response.session.id,
    liveUpdates: profile?.liveUpdates ?? true,
    silencedUntil: profile?.silencedUntil ? profile.silencedUntil.toISOString() : null,
  };
  // A request that rolled the session forward answers with the new cookie; the next one may be remembered.
  if (setCookies.length === 0) viewers.set(token, viewer, new Date(response.session.expiresAt).getTime(), at);
  return { viewer, setCookies };
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(viewerContext);
}

/**
 * The page a request is for. A client-side navigation asks for the page's data at "<path>.data"
 * (the home page's at "/_root.data") with a "_routes" parameter; coming back there after signing
 * in would show raw data, so the page's own address is used.
 */
export function pageAddressOf(request: Request): string {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return url.pathname + url.search;
  const path = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return (path === "/_root" ? "/" : path) + (url.searchParams.size ? `?${url.searchParams}` : "");
}

/** The signed-in viewer, or a redirect to /auth that comes back here afterwards. */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  // Not known because the database is away: "temporarily unavailable", not "please sign in".
  if (!viewer && databaseAway(context)) throw new Response(null, { status: 503 });
  if (!viewer) {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(pageAddressOf(request))}`);
  }
  return viewer;
}

const RANK: Record<Role, number> = { member: 1, moderator: 2, admin: 3 };

export function hasRole(viewer: Viewer | null, role: Role) {
  return Boolean(viewer && RANK[viewer.role] >= RANK[role]);
}

/** The viewer when they hold `role` (or a higher one); 403 otherwise. */
export function requireRole(request: Request, context: Readonly<RouterContextProvider>, role: Role): Viewer {
  const viewer = requireUser(request, context);
  if (!hasRole(viewer, role)) throw new Response("You do not have permission to do that.", { status: 403 });
  return viewer;
}
