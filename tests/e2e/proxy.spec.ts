// The site behind Debian's nginx on loopback, configured as deploy/nginx/capsiva.conf says and
// with the TRUST_PROXY setting that file names: a client's own X-Forwarded-For does not change
// which limit it counts against (sign-in, password reset, the JSON API).
import { siteConfForTest } from "./nginx-site";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, uniqueEmail } from "./fixtures";
import { keepServerOutput } from "./server-logs";

const ROOT = path.resolve(".");
const NODE = path.join(ROOT, "node_modules/.bin/node");
const APP_PORT = 3330;
const PROXY_PORT = 3331;
const SITE = `http://localhost:${PROXY_PORT}`;
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p)) ?? "nginx";

let app: ChildProcess;
let proxy: ChildProcess;
let appExited: Promise<unknown>;
let proxyExited: Promise<unknown>;
let appOutput = "";

/** The shipped site configuration, pointed at this test's ports, inside a minimal main config. */
function nginxConfig(dir: string) {
  const site = siteConfForTest({ upstreams: [APP_PORT], listen: PROXY_PORT, dir });
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  const main = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), main);
  return path.join(dir, "nginx.conf");
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer: ${appOutput.slice(-2000)}`);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-proxy-"));
  // nginx's workers run as an unprivileged user: they must be able to write its temporary files.
  fs.chmodSync(dir, 0o777);
  const check = spawnSync(NGINX, ["-t", "-c", nginxConfig(dir)], { encoding: "utf8" });
  expect(check.status, check.stderr).toBe(0);
  app = spawn(NODE, ["server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      SITE_URL: SITE,
      DATA_DIR: path.join(dir, "data"),
      DATABASE_URL: "",
      SEED: "false",
      TRUST_PROXY: "1",
      RATE_LIMITS: "true",
      REQUIRE_EMAIL_VERIFICATION: "false",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  keepServerOutput(app, "proxy-app");
  app.stdout!.on("data", (d) => (appOutput += d));
  app.stderr!.on("data", (d) => (appOutput += d));
  appExited = new Promise((resolve) => app.on("exit", resolve));
  proxy = spawn(NGINX, ["-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  proxyExited = new Promise((resolve) => proxy.on("exit", resolve));
  await waitFor(`http://127.0.0.1:${APP_PORT}/healthz`);
  await waitFor(`${SITE}/healthz`);
});

test.afterAll(async () => {
  proxy?.kill("SIGQUIT");
  app?.kill("SIGTERM");
  await Promise.all([proxyExited, appExited]);
});

/** A different made-up client address for every request, as an attacker would write. */
let n = 0;
const forged = () => `203.0.113.${(n++ % 250) + 1}`;

test("wrong passwords with a new X-Forwarded-For each time are still counted against the one client", async () => {
  const email = uniqueEmail("proxied");
  const signUp = await fetch(`${SITE}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE },
    body: JSON.stringify({ email, password: "a-proxied-password-1", name: "" }),
  });
  expect(signUp.status).toBe(200);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await fetch(`${SITE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE, "X-Forwarded-For": forged() },
      body: JSON.stringify({ email, password: "not-the-password" }),
    });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses.slice(10)).toEqual([429, 429]);
});

test("reset mails to one address stop at the limit, whatever address the client claims", async () => {
  const statuses: number[] = [];
  const email = uniqueEmail("reset-proxied");
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${SITE}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE, "X-Forwarded-For": forged() },
      body: JSON.stringify({ email, redirectTo: "/auth/reset" }),
    });
    statuses.push(res.status);
  }
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
});

test("the JSON API's per-client limit holds with a forged X-Forwarded-For on every request", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 125; i++) {
    const res = await fetch(`${SITE}/api/v1/questions?limit=1`, { headers: { "X-Forwarded-For": forged() } });
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  expect(statuses.filter((s) => s === 200).length).toBe(120);
  expect(statuses.slice(120)).toEqual(Array(5).fill(429));
});
