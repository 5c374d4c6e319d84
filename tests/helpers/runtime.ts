// A real runtime for tests: embedded PostgreSQL in memory (from the migrated template), or a
// fresh database on a real PostgreSQL server when TEST_DATABASE_URL is set.
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { inject } from "vitest";
import { runtimeContext } from "~/server/context";
import { openDatabase, type Database } from "~/server/infra/db.server";
import { parseEnv } from "~/server/infra/env.server";
import { createLogger, type Logger } from "~/server/infra/log.server";
import type { Mail, Mailer } from "~/server/infra/mail.server";
import { createRuntime, type Runtime } from "~/server/runtime.server";
import { viewerContext, type Viewer } from "~/server/accounts/session.server";

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `capsiva_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A copy of the migrated template (global-setup.ts); migrate() then finds nothing to do.
    await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase(url.toString(), { poolMax: 5 });
    await database.migrate();
    return {
      database,
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const template = fs.readFileSync(inject("pgliteTemplate"));
  const database = await openDatabase("memory://", { loadDataDir: new Blob([template]) });
  return { database, drop: async () => void (await database.close()) };
}

export interface TestRuntime extends Runtime {
  close(): Promise<void>;
  /** Every mail the app sent, newest last. */
  sent: Mail[];
}

/**
 * `options.log` replaces the silent logger; `options.realMailer` keeps the site's own mailer (as
 * configured by `env`) instead of the one that records what was sent in `sent`.
 */
export async function createTestRuntime(env: Record<string, string> = {}, options: { log?: Logger; realMailer?: boolean } = {}): Promise<TestRuntime> {
  const { database, drop } = await openTestDatabase();
  const sent: TestRuntime["sent"] = [];
  const mailer: Mailer = {
    outbox: [],
    async send(mail) {
      sent.push(mail);
    },
  };
  const runtime = createRuntime({
    // Holds on new members' posts are off unless a test turns them on: most tests sign up a member
    // and post at once, some with links (tests/integration/held-posts.test.ts runs with them on).
    env: parseEnv({ NODE_ENV: "test", SITE_URL: "http://localhost:3000", LOG_LEVEL: "silent", HOLD_NEW_MEMBERS_POSTS: "false", ...env }),
    database,
    log: options.log ?? createLogger("silent"),
    secret: "test-secret-test-secret-test-secret-0123",
    mailer: options.realMailer ? undefined : mailer,
  });
  const close = async () => {
    await runtime.mailOutbox.stop();
    await drop();
  };
  return Object.assign(runtime, { close, sent });
}

/** The router context a loader or action receives, for `viewer` (or a visitor). */
export function contextFor(runtime: Runtime, viewer: Viewer | null = null) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  context.set(viewerContext, viewer);
  return context;
}

let counter = 0;

/** Signs up a real user through Better Auth and returns them as a viewer. */
export async function createMember(
  runtime: Runtime,
  options: { role?: Viewer["role"]; displayName?: string | null; email?: string; password?: string } = {},
): Promise<Viewer & { password: string }> {
  const email = options.email ?? `member${++counter}-${crypto.randomBytes(3).toString("hex")}@example.com`;
  const password = options.password ?? "correct horse battery";
  // The minimum age confirmed, as every sign-up must (the library's type does not list the field).
  const body = { email, password, name: "", ageConfirmed: true };
  const result = await runtime.auth.api.signUpEmail({ body });
  const id = result.user.id;
  const { users, profiles } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  if (options.role && options.role !== "member") {
    await runtime.db.update(users).set({ role: options.role }).where(eq(users.id, id));
  }
  if (options.displayName !== undefined) {
    await runtime.db.update(profiles).set({ displayName: options.displayName }).where(eq(profiles.id, id));
  }
  return {
    id,
    email,
    password,
    role: options.role ?? "member",
    displayName: options.displayName ?? null,
    emailVerified: false,
    twoFactorEnabled: false,
    aal: "aal1",
    sessionId: "test",
  };
}

const sessionCookies = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(";")[0])
    .filter((c) => c.startsWith("better-auth."))
    .join("; ");

/** Calls Better Auth's own HTTP endpoint (a JSON POST), as any client on the internet can. */
export async function authApi(runtime: Runtime, path: string, body: unknown, cookie = "") {
  const site = "http://localhost:3000";
  const res = await runtime.auth.handler(
    new Request(`${site}/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : {}) as { message?: string; code?: string; token?: string; totpURI?: string; twoFactorRedirect?: boolean },
    cookies: res.headers.getSetCookie(),
  };
}

/** A new member signed up through Better Auth's endpoint: their address, password and session cookie. */
export async function signUpByApi(runtime: Runtime, password = "plain words here") {
  const email = `api-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const res = await authApi(runtime, "/sign-up/email", { email, password, name: "", ageConfirmed: true });
  if (res.status !== 200) throw new Error(`signing up ${email} answered ${res.status}`);
  return { email, password, cookie: sessionCookies(res.cookies) };
}

/** Signs up or in through the site's own form on /auth (its action), as a browser does: the session cookie. */
export async function authByForm(runtime: Runtime, intent: "signup" | "signin", email: string, password: string) {
  const { action } = await import("~/routes/auth/auth");
  const res = await callRoute(action, formRequest("/auth", { intent, email, password, ageConfirmed: "yes" }), contextFor(runtime));
  if (res.status !== 302) throw new Error(`${intent} for ${email} answered ${res.status}`);
  return sessionCookies(res.headers.getSetCookie());
}

/** A form POST request as a browser would send it. */
export function formRequest(path: string, fields: Record<string, string>, init: RequestInit = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000", ...(init.headers ?? {}) },
  });
}

export function getRequest(path: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${path}`, { headers });
}

/** Unwraps what a loader or action returned: `data()` results, Responses, or plain values. */
export async function unwrap<T = unknown>(result: unknown): Promise<{ status: number; data: T; headers: Headers }> {
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: result.status, data: body as T, headers: result.headers };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const d = result as { data: T; init?: ResponseInit | null };
    return { status: d.init?.status ?? 200, data: d.data, headers: new Headers(d.init?.headers) };
  }
  return { status: 200, data: result as T, headers: new Headers() };
}

/** Runs a loader/action that may throw a Response (redirects, 404s) and returns it either way. */
export async function settle(fn: () => Promise<unknown> | unknown) {
  try {
    return await unwrap(await fn());
  } catch (error) {
    if (error instanceof Response) return unwrap(error);
    if (error && typeof error === "object" && (error as { type?: string }).type === "DataWithResponseInit") return unwrap(error);
    throw error;
  }
}

type RouteFn = (args: never) => unknown;

/**
 * Calls a route's loader or action the way React Router would, and settles its result. A write
 * names what it changed itself, where it commits, so the next call reads what a member would see.
 */
export async function callRoute(fn: RouteFn, request: Request, context: ReturnType<typeof contextFor>, params: Record<string, string> = {}) {
  return settle(() => fn({ request, context, params, url: new URL(request.url), pattern: "" } as never));
}

/** The tags of every change `runtime` applies from now on (its own writes and others' events). */
export function recordChanges(runtime: Runtime) {
  const events: string[][] = [];
  runtime.freshness.onChange((heard) => events.push(heard === "all" ? ["*"] : [...heard.tags]));
  return {
    events,
    tags: () => new Set(events.flat()),
    clear: () => void (events.length = 0),
  };
}
