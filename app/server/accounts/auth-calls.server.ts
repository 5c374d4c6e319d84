// Form actions talk to Better Auth through its own HTTP handler, so every call gets the library's
// full pipeline (origin checks, rate limits, cookies) exactly as its JSON endpoints would.
import { UNAVAILABLE_MESSAGE } from "./auth-outage.server";
import type { Auth } from "./auth.server";
import type { Env } from "~/server/infra/env.server";

/** What a call needs: the auth library and the site's address (its origin checks compare it). */
export type AuthCaller = { auth: Auth; env: Env };

export interface AuthCallResult<T = Record<string, unknown>> {
  ok: boolean;
  status: number;
  body: T & { message?: string; code?: string };
  /** Set-Cookie headers to pass on to the browser. */
  cookies: string[];
  retryAfter?: number;
}

export async function callAuth<T = Record<string, unknown>>(
  runtime: AuthCaller,
  request: Request,
  path: string,
  body?: unknown,
  method: "POST" | "GET" = "POST",
): Promise<AuthCallResult<T>> {
  const headers = new Headers({ Origin: runtime.env.SITE_URL });
  for (const name of ["cookie", "user-agent", "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const url = new URL(`/api/auth${path}`, runtime.env.SITE_URL);
  const response = await runtime.auth.handler(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { message: text };
  }
  const retryAfter = Number(response.headers.get("X-Retry-After") ?? response.headers.get("Retry-After"));
  return {
    ok: response.ok,
    status: response.status,
    body: parsed as AuthCallResult<T>["body"],
    cookies: response.headers.getSetCookie(),
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  };
}

export function cookieHeaders(cookies: string[], init?: HeadersInit) {
  const headers = new Headers(init);
  for (const c of cookies) headers.append("Set-Cookie", c);
  return headers;
}

/** The status a form answers with after a failed call: limits and outages as they are, else 400. */
export function failureStatus(result: AuthCallResult) {
  return result.status === 429 || result.status === 503 ? result.status : 400;
}

/** A message for people, from Better Auth's answer. */
export function authMessage(result: AuthCallResult) {
  if (result.status === 503) return UNAVAILABLE_MESSAGE;
  // Our own per-account limits (auth.server.ts) say what was limited; the library's say less.
  if (result.status === 429 && result.body.code === "RATE_LIMITED" && result.body.message) return result.body.message;
  if (result.status === 429) {
    const wait = result.retryAfter ? ` Please wait ${result.retryAfter} seconds and try again.` : " Please wait a little and try again.";
    return `Too many attempts.${wait}`;
  }
  return result.body.message || "Something went wrong. Please try again.";
}
