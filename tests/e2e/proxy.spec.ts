// The site behind Debian's nginx on loopback, configured by deploy/nginx/capsiva.conf as shipped
// (its TLS server block, HTTP/2 included; nginx-site.ts) and with the TRUST_PROXY setting that
// file names: a client's own X-Forwarded-For does not change which limit it counts against
// (sign-in, password reset, the JSON API).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";
import { expect, test, uniqueEmail } from "./fixtures";
import { NGINX, siteForTest } from "./nginx-site";
import { keepServerOutput } from "./server-logs";

const ROOT = path.resolve(".");
const NODE = path.join(ROOT, "node_modules/.bin/node");
const APP_PORT = 3330;
const PROXY_PORT = 3331;
const SITE = `https://localhost:${PROXY_PORT}`;

let app: ChildProcess;
let proxy: ChildProcess;
let appExited: Promise<unknown>;
let proxyExited: Promise<unknown>;
let appOutput = "";
let dir = "";
let session: http2.ClientHttp2Session;

/** One request to the site through nginx, over HTTP/2 on TLS (the test's certificate trusted). */
function fetchSite(urlPath: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = session.request({ ":method": init.method ?? "GET", ":path": urlPath, ...init.headers });
    let text = "";
    let headers: http2.IncomingHttpHeaders = {};
    req.setEncoding("utf8");
    req.on("response", (h) => (headers = h));
    req.on("data", (d: string) => (text += d));
    req.on("end", () => resolve({ status: Number(headers[":status"]), headers, text }));
    req.on("error", reject);
    req.end(init.body);
  });
}
const postJson = (urlPath: string, body: unknown, forwardedFor?: string) =>
  fetchSite(urlPath, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: JSON.stringify(body),
  });

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer: ${appOutput.slice(-2000)}`);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-proxy-"));
  // nginx's workers run as an unprivileged user: they must be able to write its temporary files.
  fs.chmodSync(dir, 0o777);
  const { conf, certificate } = siteForTest({ upstreams: [APP_PORT], listen: PROXY_PORT, dir, tls: true });
  const check = spawnSync(NGINX, ["-t", "-c", conf], { encoding: "utf8" });
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
      HOLD_NEW_MEMBERS_POSTS: "false",
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
  proxy = spawn(NGINX, ["-c", conf], { stdio: "ignore" });
  proxyExited = new Promise((resolve) => proxy.on("exit", resolve));
  await waitFor(async () => (await fetch(`http://127.0.0.1:${APP_PORT}/healthz`)).ok, "the site");
  session = http2.connect(SITE, { ca: certificate });
  session.on("error", () => {});
  await waitFor(async () => (await fetchSite("/healthz")).status === 200, "nginx");
});

test.afterAll(async () => {
  session?.close();
  proxy?.kill("SIGQUIT");
  app?.kill("SIGTERM");
  await Promise.all([proxyExited, appExited]);
});

test("the shipped TLS server block serves the site over HTTP/2 to a browser, and its plain-HTTP block sends visitors to HTTPS", async ({ browser }) => {
  expect(session.alpnProtocol).toBe("h2");
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    const response = await page.goto(`${SITE}/forum`);
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe("h2");
    expect(response?.headers()["strict-transport-security"]).toContain("max-age=");
  } finally {
    await context.close();
  }
  const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get({ socketPath: path.join(dir, "http.sock"), path: "/forum?page=2", headers: { Host: "localhost" } }, resolve).on("error", reject),
  );
  redirect.resume();
  expect(redirect.statusCode).toBe(301);
  expect(redirect.headers.location).toBe("https://localhost/forum?page=2");
});

/** A different made-up client address for every request, as an attacker would write. */
let n = 0;
const forged = () => `203.0.113.${(n++ % 250) + 1}`;

test("wrong passwords with a new X-Forwarded-For each time are still counted against the one client", async () => {
  const email = uniqueEmail("proxied");
  const signUp = await postJson("/api/auth/sign-up/email", { email, password: "a-proxied-password-1", name: "", ageConfirmed: true });
  expect(signUp.status).toBe(200);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await postJson("/api/auth/sign-in/email", { email, password: "not-the-password" }, forged());
    statuses.push(res.status);
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses.slice(10)).toEqual([429, 429]);
});

test("reset mails to one address stop at the limit, whatever address the client claims", async () => {
  const statuses: number[] = [];
  const email = uniqueEmail("reset-proxied");
  for (let i = 0; i < 5; i++) {
    const res = await postJson("/api/auth/request-password-reset", { email, redirectTo: "/auth/reset" }, forged());
    statuses.push(res.status);
  }
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
});

test("the JSON API's per-client limit holds with a forged X-Forwarded-For on every request", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 125; i++) {
    const res = await fetchSite("/api/v1/questions?limit=1", { headers: { "x-forwarded-for": forged() } });
    statuses.push(res.status);
  }
  expect(statuses.filter((s) => s === 200).length).toBe(120);
  expect(statuses.slice(120)).toEqual(Array(5).fill(429));
});
