// The one reading of the sidebar's cookie, for the page (open or collapsed) and for the readers'
// store's key: a stored page is keyed by exactly the state it was rendered with. A Cookie header
// is split into trimmed name=value parts; the first sidebar part decides, and only "false"
// collapses the sidebar.
export const SIDEBAR_COOKIE_NAME = "sidebar:state";

/** A Cookie header's parts as [name, value], trimmed; a part without "=" has an empty value. */
export function cookieParts(cookieHeader: string | null | undefined): [string, string][] {
  const parts: [string, string][] = [];
  for (const chunk of (cookieHeader ?? "").split(";")) {
    if (!chunk.trim()) continue;
    const eq = chunk.indexOf("=");
    parts.push(eq === -1 ? [chunk.trim(), ""] : [chunk.slice(0, eq).trim(), chunk.slice(eq + 1).trim()]);
  }
  return parts;
}

/** Whether the sidebar is open for this Cookie header (open unless its cookie says "false"). */
export function sidebarOpen(cookieHeader: string | null | undefined): boolean {
  return cookieParts(cookieHeader).find(([name]) => name === SIDEBAR_COOKIE_NAME)?.[1] !== "false";
}

/** Whether the header holds only well-formed sidebar cookies ("true" or "false"), or nothing. */
export function onlySidebarCookie(cookieHeader: string | null | undefined): boolean {
  return cookieParts(cookieHeader).every(([name, value]) => name === SIDEBAR_COOKIE_NAME && (value === "true" || value === "false"));
}
