// What the JSON API tests share: the API router served alone on a free port, calls from their
// own client addresses, the documented schemas as the parser, and members with a bearer token.
import type { AddressInfo } from "node:net";
import express from "express";
import { expect } from "vitest";
import type { z } from "zod";
import type { Runtime } from "~/server/runtime.server";
import { createApiRouter } from "../../server/api/router";
import { createMember } from "./runtime";

export const HOUR = 3600_000;
export const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

export interface Api {
  base: string;
  close: () => Promise<void>;
}

/** Serves the API router alone, as server/app.ts mounts it. Client addresses come from X-Forwarded-For. */
export async function startApi(runtime: Runtime): Promise<Api> {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use("/api/v1", createApiRouter(runtime));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let clientCounter = 0;

/** Each call comes from its own client address unless one is given, so the per-address budget is not shared. */
export async function call(api: Api, path: string, init: RequestInit & { ip?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", init.ip ?? `127.0.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`);
  const res = await fetch(`${api.base}${path}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: body as Record<string, unknown>, text };
}

export const postJson = (api: Api, path: string, body: unknown, token?: string, extra: Record<string, string> = {}) =>
  call(api, path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** Parses with the documented schema: fails the test on any missing, extra or mistyped field. */
export function valid<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return schema.parse(body);
}

export function cookiesOf(headers: Headers) {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A member signed in through Better Auth, with their session cookie and a JWT from GET /api/auth/token. */
export async function memberWithToken(runtime: Runtime, options: { displayName?: string | null } = {}) {
  const member = await createMember(runtime, options);
  const signIn = await runtime.auth.api.signInEmail({ body: { email: member.email, password: member.password }, returnHeaders: true });
  const cookie = cookiesOf(signIn.headers);
  expect(cookie).toMatch(/session_token=/);
  const res = await runtime.auth.handler(new Request("http://localhost:3000/api/auth/token", { headers: { cookie } }));
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { ...member, cookie, token };
}
