// The whole application over real HTTP for tests: the Express router of server/app.ts (security
// middleware, Better Auth, the JSON API, React Router) loaded through Vite, behind the same fast
// path as in server.js (stored public pages), on a fresh test runtime whose
// SITE_URL is the app's own loopback address.
import crypto from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import { createServer, createServerModuleRunner, type ViteDevServer } from "vite";
import { forumAnswers, forumQuestions } from "../../db/schema";
import { createMember, createTestRuntime, type TestRuntime } from "./runtime";

export interface HttpApp {
  /** The site's origin, also its SITE_URL. */
  url: string;
  runtime: TestRuntime;
  /** fetch against the app; redirects are not followed. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Signs in through Better Auth's endpoint; returns the Cookie header to send as that member. */
  signIn(email: string, password: string): Promise<string>;
  /**
   * Signs up over HTTP through Better Auth's endpoint, as the site's sign-up form does with
   * JavaScript: the answer and its body, the address and password, and the session cookie.
   */
  signUp(fields?: { email?: string; password?: string; name?: string }): Promise<{
    res: Response;
    body: { code?: string; message?: string };
    email: string;
    password: string;
    cookie: string;
  }>;
  /** A new member (createMember's options), signed in: `cookie` is what to send as them. */
  member(options?: Parameters<typeof createMember>[1]): Promise<Awaited<ReturnType<typeof createMember>> & { cookie: string }>;
  /** A form posted as a member would from the site's own page (same origin). */
  postForm(path: string, cookie: string, fields: Record<string, string>): Promise<Response>;
  /** Asks a question through the forum's form as a member; returns its id. */
  ask(cookie: string, title: string): Promise<number>;
  /** Answers a question through its page's form as a member; returns the answer's id. */
  answer(cookie: string, questionId: number, content: string): Promise<number>;
  /** The app's routes as React Router built them (route modules with their handles). */
  build(): Promise<ServerBuild>;
  close(): Promise<void>;
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

// One Vite server per test worker, kept from file to file: it holds the site's transformed source,
// which takes it about 8 s to build. Each app imports the site through a module runner of its
// own, so it runs fresh module instances, as a new server process would.
let vite: ViteDevServer | undefined;

export async function startHttpApp(env: Record<string, string> = {}): Promise<HttpApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const runtime = await createTestRuntime({ SITE_URL: url, ...env });
  vite ??= await createServer({
    configFile: "vite.config.ts",
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
  const mod = (await runner.import("/server/app.ts")) as typeof import("../../server/app");
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", runtime.env.TRUST_PROXY);
  app.use(mod.securityHeaders(runtime.env));
  app.use(mod.createApp(runtime));
  const server = http.createServer(mod.createListener(runtime, app));
  server.listen(port, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const httpApp: HttpApp = {
    url,
    runtime,
    fetch: (path, init = {}) => fetch(new URL(path, url), { redirect: "manual", ...init }),
    async signUp(fields = {}) {
      const email = fields.email ?? `member-${crypto.randomBytes(4).toString("hex")}@example.com`;
      const password = fields.password ?? "a long quiet river";
      const res = await httpApp.fetch("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: url },
        body: JSON.stringify({ email, password, name: fields.name ?? "", ageConfirmed: true }),
      });
      const body = (await res.clone().json()) as { code?: string; message?: string };
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return { res, body, email, password, cookie };
    },
    async member(options = {}) {
      const m = await createMember(runtime, options);
      return { ...m, cookie: await httpApp.signIn(m.email, m.password) };
    },
    postForm: (path, cookie, fields) =>
      httpApp.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: url, "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams(fields).toString(),
      }),
    async ask(cookie, title) {
      const res = await httpApp.postForm("/forum", cookie, { title, content: `${title}: what has helped you?` });
      if (res.status !== 302) throw new Error(`asking answered ${res.status}`);
      const [row] = await runtime.db
        .select({ id: forumQuestions.id })
        .from(forumQuestions)
        .where(eq(forumQuestions.title, title))
        .orderBy(desc(forumQuestions.id))
        .limit(1);
      return row.id;
    },
    async answer(cookie, questionId, content) {
      const res = await httpApp.postForm(`/forum/${questionId}`, cookie, { intent: "answer", content });
      if (res.status >= 400) throw new Error(`answering answered ${res.status}`);
      const [row] = await runtime.db
        .select({ id: forumAnswers.id })
        .from(forumAnswers)
        .where(eq(forumAnswers.content, content))
        .orderBy(desc(forumAnswers.id))
        .limit(1);
      return row.id;
    },
    async signIn(email, password) {
      const res = await fetch(new URL("/api/auth/sign-in/email", url), {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: url },
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 200) throw new Error(`signing in ${email} answered ${res.status}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    },
    build: async () => (await runner.import("virtual:react-router/server-build")) as ServerBuild,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runner.close();
      await runtime.close();
    },
  };
  return httpApp;
}
