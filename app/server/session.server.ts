// Who is asking. The root middleware reads the session once per request (Better Auth), keeps the
// viewer in the router context, and forwards any refreshed session cookie to the response.
import { eq } from "drizzle-orm";
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { profiles } from "../../db/schema";
import type { Role } from "./auth.server";
import { runtimeContext } from "./context";
import { PASSKEY_METHOD } from "./passkey.server";

export interface Viewer {
  id: string;
  email: string;
  role: Role;
  displayName: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** Assurance level: aal2 once a verified second factor protects the session. */
  aal: "aal1" | "aal2";
  sessionId: string;
}

export const viewerContext = createContext<Viewer | null>(null);
/** True when this request rolled the member's session forward (a new expiry was set). */
export const sessionRefreshedContext = createContext<boolean>(false);

const SESSION_TOKEN = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token=[^;]*)/;

/** The session cookie (name=value) of a Cookie header: the key of the viewer cache. */
export function sessionCookieOf(cookieHeader: string | null | undefined): string | undefined {
  return SESSION_TOKEN.exec(cookieHeader ?? "")?.[1];
}

export async function loadViewer(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ viewer: Viewer | null; setCookies: string[] }> {
  const token = sessionCookieOf(request.headers.get("cookie"));
  if (!token) return { viewer: null, setCookies: [] };
  const { auth, db, viewers } = context.get(runtimeContext);
  // Read within the last half minute and nothing changed since (viewer-cache.server.ts).
  const known = viewers.get(token);
  if (known) return { viewer: known, setCookies: [] };
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!response) {
    // Expired or revoked: forget the cookie so the browser is cleanly signed out.
    const secure = request.url.startsWith("https://");
    const name = secure ? "__Secure-better-auth.session_token" : "better-auth.session_token";
    if (!setCookies.some((c) => c.startsWith(name))) {
      setCookies.push(`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
    }
    return { viewer: null, setCookies };
  }
  const user = response.user as typeof response.user & { role?: string; twoFactorEnabled?: boolean | null };
  const signedInWithPasskey = (response.session as { signInMethod?: string | null }).signInMethod === PASSKEY_METHOD;
  const [profile] = await db
    .select({ displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  const role = (["member", "moderator", "admin"].includes(user.role ?? "") ? user.role : "member") as Role;
  const viewer: Viewer = {
    id: user.id,
    email: user.email,
    role,
    displayName: profile?.displayName ?? null,
    emailVerified: user.emailVerified,
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    aal: user.twoFactorEnabled || signedInWithPasskey ? "aal2" : "aal1",
    sessionId: response.session.id,
  };
  // A request that rolled the session forward answers with the new cookie; the next one may be remembered.
  if (setCookies.length === 0) viewers.set(token, viewer, new Date(response.session.expiresAt).getTime());
  return { viewer, setCookies };
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(viewerContext);
}

/** The signed-in viewer, or a redirect to /auth that comes back here afterwards. */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
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
