// Several instances of the production build on one fresh PostgreSQL database behind Debian's
// nginx on loopback (with the site's own nginx configuration), for the tests of what must hold
// across instances: freshness, sessions, and mail delivered exactly once.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "./fixtures";
import { NGINX, siteForTest } from "./nginx-site";
import { freshDatabase, NODE, ROOT, startDatabaseProxy, type DatabaseProxy } from "./processes";
import { keepServerOutput, recordPostedTexts } from "./server-logs";

const TSX = path.join(ROOT, "node_modules/.bin/tsx");

export interface Answer {
  status: number;
  location: string;
  body: string;
  cookies: string[];
  /** X-Cache: whether the instance answered from its readers' store (HIT). */
  cache: string;
}

export interface Cluster {
  /** The site's address as visitors use it (the proxy). */
  site: string;
  env: Record<string, string>;
  /** A client on the shared database. */
  db: pg.Client;
  /**
   * One request to one instance (or the proxy), with the site's Host, as a browser would send it;
   * `from` is the loopback address it comes from (127.0.0.2, …), as another client's would.
   */
  request(port: number, method: string, urlPath: string, options?: { cookie?: string; form?: Record<string, string>; from?: string }): Promise<Answer>;
  /** Signs up through the proxy; returns the session cookie. */
  signUp(email: string, password: string): Promise<string>;
  /** Signs in through the proxy; returns the session cookie. */
  signIn(email: string, password: string): Promise<string>;
  /** Gives an account a role with the operator's command. */
  setRole(email: string, role: string): void;
  /** With `databaseProxyPorts`: each instance's own TCP proxy to PostgreSQL, in the order of `ports`. */
  proxies: DatabaseProxy[];
  /** What the instances wrote to their output. */
  output(): string;
  /** Sends one instance a signal; resolves with its exit code once it has exited. */
  signal(port: number, signal: NodeJS.Signals): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts `ports.length` instances one after the other, then nginx on `proxyPort` in front of them. */
export async function startCluster(options: {
  name: string;
  ports: number[];
  proxyPort: number;
  env?: Record<string, string>;
  /** One TCP proxy per instance between it and PostgreSQL (processes.ts), for tests of database trouble. */
  databaseProxyPorts?: number[];
  /** The instances nginx sends requests to only while the others cannot be reached. */
  backupPorts?: number[];
}): Promise<Cluster> {
  const host = `localhost:${options.proxyPort}`;
  const site = `http://${host}`;
  const children: { child: ChildProcess; exited: Promise<unknown>; port?: number }[] = [];
  let output = "";
  const database = await freshDatabase(options.name);
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    BETTER_AUTH_SECRET: "multi-instance-test-secret-0123456789abcdef",
    SITE_URL: site,
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
    RATE_LIMITS: "false",
    // Members here sign up and post at once, some with links: holds are tested in held-posts.test.ts.
    HOLD_NEW_MEMBERS_POSTS: "false",
    REQUIRE_EMAIL_VERIFICATION: "false",
    SMTP_URL: "",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  // A production instance on PostgreSQL runs with SMTP or with mail said to be off.
  env.MAIL = env.SMTP_URL ? "" : "off";
  const run = (command: string, args: string[], extra: Record<string, string>, port?: number) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...extra }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    // nginx writes to its own error log file; its output here is not the site's log.
    if (command === NODE) keepServerOutput(child, `cluster-${options.name}`);
    children.push({ child, port, exited: new Promise((resolve) => child.on("exit", resolve)) });
  };

  const request: Cluster["request"] = (port, method, urlPath, opts = {}) => {
    const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
    recordPostedTexts(opts.form?.title, opts.form?.content);
    const headers: Record<string, string> = { Host: host, Connection: "close" };
    if (opts.cookie) headers.Cookie = opts.cookie;
    if (body !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers["Content-Length"] = String(Buffer.byteLength(body));
      headers.Origin = site;
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent: false, localAddress: opts.from }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: String(res.headers.location ?? ""),
            body: text,
            cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]),
            cache: String(res.headers["x-cache"] ?? ""),
          }),
        );
      });
      req.on("error", reject);
      req.end(body);
    });
  };

  const auth = (endpoint: string, payload: Record<string, string | boolean>) => {
    const body = JSON.stringify(payload);
    return new Promise<string | undefined>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: options.proxyPort,
          method: "POST",
          path: `/api/auth/${endpoint}`,
          agent: false,
          headers: { Host: host, Origin: site, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        },
        (r) => {
          r.resume();
          r.on("end", () => resolve((r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("better-auth.session_token="))));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  };

  // Migrations and the demo content (cities, services, pages) before the instances start.
  const seeded = spawnSync(TSX, ["scripts/seed.ts"], { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8" });
  expect(seeded.status, seeded.stderr).toBe(0);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-multi-"));
  fs.chmodSync(dir, 0o777);
  // The shipped server block, spoken to over plain HTTP (what is tested here is the instances).
  const { conf } = siteForTest({ upstreams: options.ports, listen: options.proxyPort, dir, tls: false, backups: options.backupPorts });
  const healthy = async (port: number) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const res = await request(port, "GET", "/healthz").catch(() => undefined);
      if (res?.status === 200) return;
      if (Date.now() > deadline) throw new Error(`:${port} did not start\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const proxies = await Promise.all((options.databaseProxyPorts ?? []).map((port) => startDatabaseProxy(port, database.url)));
  // One after the other: what is tested is serving, not starting together.
  for (const [i, port] of options.ports.entries()) {
    run(NODE, ["server.js"], { ...env, PORT: String(port), ...(proxies[i] ? { DATABASE_URL: proxies[i].url } : {}) }, port);
    await healthy(port);
  }
  run(NGINX, ["-c", conf], {});
  await healthy(options.proxyPort);

  return {
    site,
    env,
    db,
    proxies,
    request,
    async signUp(email, password) {
      const cookie = await auth("sign-up/email", { email, password, name: "", ageConfirmed: true });
      expect(cookie, `signing up ${email}`).toBeDefined();
      return cookie!;
    },
    async signIn(email, password) {
      const cookie = await auth("sign-in/email", { email, password });
      expect(cookie, `signing in ${email}`).toBeDefined();
      return cookie!;
    },
    setRole(email, role) {
      const result = spawnSync(TSX, ["scripts/user-role.ts", email, role], { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8" });
      expect(result.status, result.stderr).toBe(0);
    },
    output: () => output,
    signal(port, signal) {
      const instance = children.find((c) => c.port === port);
      if (!instance) throw new Error(`no instance on :${port}`);
      instance.child.kill(signal);
      return instance.exited;
    },
    async stop() {
      for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill(child.spawnfile === NGINX ? "SIGQUIT" : "SIGTERM");
      await Promise.all(children.map((c) => c.exited));
      await Promise.all(proxies.map((p) => p.close()));
      await db.end();
      await database.drop();
    },
  };
}
