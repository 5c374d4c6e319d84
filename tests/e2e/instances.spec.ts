// Three instances of the production build on one PostgreSQL database behind Debian's nginx: every
// kind of write is seen by readers and members on every instance within a second, and sign-out,
// revocation, a password change and a role change take effect everywhere within a second, with a
// write through another instance refused. Each instance's caches are warmed before each write,
// so what is checked is that the caches follow the write, not that they were empty.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "./fixtures";
import { freshDatabase } from "./processes";

const ROOT = path.resolve(".");
const NODE = path.join(ROOT, "node_modules/.bin/node");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const PORTS = [3301, 3302, 3303];
const PROXY_PORT = 3300;
const HOST = `localhost:${PROXY_PORT}`;
const SITE = `http://${HOST}`;
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p)) ?? "nginx";
const DEADLINE_MS = 1000;

const children: { child: ChildProcess; exited: Promise<unknown> }[] = [];
let db: pg.Client;
let output = "";

function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  children.push({ child, exited });
  return child;
}

// The database is made in beforeAll (freshDatabase); every process started here is given it.
let database: Awaited<ReturnType<typeof freshDatabase>>;
const ENV = {
  DATABASE_URL: "",
  BETTER_AUTH_SECRET: "multi-instance-test-secret-0123456789abcdef",
  SITE_URL: SITE,
  HOST: "127.0.0.1",
  TRUST_PROXY: "1",
  RATE_LIMITS: "false",
  REQUIRE_EMAIL_VERIFICATION: "false",
  SMTP_URL: "",
  LOG_LEVEL: "warn",
};

interface Answer {
  status: number;
  location: string;
  body: string;
  cookies: string[];
}

/** One request to one instance (or the proxy), with the site's Host, as a browser would send it. */
function request(port: number, method: string, urlPath: string, options: { cookie?: string; form?: Record<string, string> } = {}): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string> = { Host: HOST, Connection: "close" };
  if (options.cookie) headers.Cookie = options.cookie;
  if (body !== undefined) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers["Content-Length"] = String(Buffer.byteLength(body));
    headers.Origin = SITE;
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          location: String(res.headers.location ?? ""),
          body: text,
          cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]),
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A write through the load balancer; it must succeed. */
async function write(urlPath: string, cookie: string, form: Record<string, string>) {
  const res = await request(PROXY_PORT, "POST", urlPath, { cookie, form });
  expect(res.status, `${urlPath} ${form.intent ?? ""}: ${res.body.slice(0, 300)}`).toBeLessThan(400);
  return res;
}

/** Reads a page on every instance, twice, so that each has it stored (readers) or templated (members). */
async function warm(urlPath: string, cookies: (string | undefined)[]) {
  for (const port of PORTS) for (const cookie of cookies) for (let i = 0; i < 2; i++) await request(port, "GET", urlPath, { cookie });
}

/** Every instance shows what `seen` expects within the deadline, counted from `since`. */
async function everywhere(urlPath: string, cookie: string | undefined, seen: (res: Answer) => boolean, since: number) {
  for (const port of PORTS) {
    for (;;) {
      const res = await request(port, "GET", urlPath, { cookie });
      if (seen(res)) break;
      const waited = Date.now() - since;
      expect(waited, `instance :${port} still shows the old ${urlPath} (${res.status}) after ${waited} ms`).toBeLessThan(DEADLINE_MS);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

async function signUp(email: string, password: string) {
  const body = JSON.stringify({ email, password, name: "" });
  const res = await new Promise<string[]>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: PROXY_PORT, method: "POST", path: "/api/auth/sign-up/email", agent: false, headers: { Host: HOST, Origin: SITE, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
      (r) => {
        r.resume();
        r.on("end", () => resolve((r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0])));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
  const cookie = res.find((c) => c.startsWith("better-auth.session_token="));
  expect(cookie, `signing up ${email}`).toBeDefined();
  return cookie!;
}

async function signIn(email: string, password: string) {
  const body = JSON.stringify({ email, password });
  return new Promise<string>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: PROXY_PORT, method: "POST", path: "/api/auth/sign-in/email", agent: false, headers: { Host: HOST, Origin: SITE, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
      (r) => {
        r.resume();
        r.on("end", () => resolve((r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).find((c) => c.startsWith("better-auth.session_token="))!));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function setRole(email: string, role: string) {
  const result = spawnSync(TSX, ["scripts/user-role.ts", email, role], { cwd: ROOT, env: { ...process.env, ...ENV }, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
}

const signedInAs = (email: string) => (res: Answer) => res.body.includes(`Account menu for ${email}`);
const signedOut = (email: string) => (res: Answer) => res.status === 200 && !res.body.includes(email);
const unique = (label: string) => `${label} ${crypto.randomBytes(4).toString("hex")}`;
const idOf = async (sql: string, value: string) => Number((await db.query(sql, [value])).rows[0].id);

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await freshDatabase("capsiva_multi");
  ENV.DATABASE_URL = database.url;
  // Migrations and the demo content (cities, services, pages) before the instances start.
  const seeded = spawnSync(TSX, ["scripts/seed.ts"], { cwd: ROOT, env: { ...process.env, ...ENV }, encoding: "utf8" });
  expect(seeded.status, seeded.stderr).toBe(0);
  db = new pg.Client({ connectionString: database.url });
  await db.connect();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-multi-"));
  fs.chmodSync(dir, 0o777);
  const site = fs
    .readFileSync(path.join(ROOT, "deploy/nginx/capsiva.conf"), "utf8")
    .replace("server 127.0.0.1:3000;", PORTS.map((p) => `server 127.0.0.1:${p};`).join("\n    "))
    .replace(/listen 80;/, `listen 127.0.0.1:${PROXY_PORT};`);
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;\ndaemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/site.conf;\n}\n`,
  );
  const healthy = async (port: number) => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const res = await request(port, "GET", "/healthz").catch(() => undefined);
      if (res?.status === 200) return;
      if (Date.now() > deadline) throw new Error(`:${port} did not start\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  // One after the other: what is tested here is serving, not starting together.
  for (const port of PORTS) {
    run(NODE, ["server.js"], { ...ENV, PORT: String(port) });
    await healthy(port);
  }
  run(NGINX, ["-c", path.join(dir, "nginx.conf")], {});
  await healthy(PROXY_PORT);
});

test.afterAll(async () => {
  for (const { child } of children) child.kill(child.spawnfile === NGINX ? "SIGQUIT" : "SIGTERM");
  await Promise.all(children.map((c) => c.exited));
  await db?.end();
  await database?.drop();
});

const password = "multi-instance-password-1";
let adminEmail: string;
let admin: string;
let asker: string;
let answerer: string;
let answererEmail: string;

test("content writes reach readers and members on every instance within a second", async () => {
  adminEmail = `admin-${crypto.randomBytes(4).toString("hex")}@example.com`;
  admin = await signUp(adminEmail, password);
  setRole(adminEmail, "admin");
  asker = await signUp(`asker-${crypto.randomBytes(4).toString("hex")}@example.com`, password);
  answererEmail = `answerer-${crypto.randomBytes(4).toString("hex")}@example.com`;
  answerer = await signUp(answererEmail, password);
  const viewers = [undefined, answerer];

  // Ask.
  const title = unique("Morning stiffness and warm water");
  await warm("/forum", viewers);
  let since = Date.now();
  await write("/forum", asker, { title, content: "Does a warm shower help anyone else in the morning?", submissionKey: crypto.randomUUID() });
  for (const cookie of viewers) await everywhere("/forum", cookie, (r) => r.body.includes(title), since);
  const questionId = await idOf("select id from forum_questions where title = $1", title);
  const page = `/forum/${questionId}`;

  // Answer.
  const answerText = unique("A warm shower loosens my fingers");
  await warm(page, viewers);
  since = Date.now();
  await write(page, answerer, { intent: "answer", content: answerText, submissionKey: crypto.randomUUID() });
  for (const cookie of viewers) await everywhere(page, cookie, (r) => r.body.includes(answerText), since);
  const answerId = await idOf("select id from forum_answers where content = $1", answerText);

  // Edit.
  const edited = unique("Morning stiffness, warm water and gloves");
  await warm(page, viewers);
  since = Date.now();
  await write(page, asker, { intent: "edit-question", title: edited, content: "Edited: does warm water help?" });
  for (const cookie of viewers) await everywhere(page, cookie, (r) => r.body.includes(edited), since);

  // Hide an answer, then the question.
  await warm(page, viewers);
  since = Date.now();
  await write("/admin/reports", admin, { intent: "hide", targetType: "answer", targetId: String(answerId) });
  for (const cookie of viewers) await everywhere(page, cookie, (r) => r.status === 200 && !r.body.includes(answerText), since);
  await warm("/forum", viewers);
  since = Date.now();
  await write("/admin/reports", admin, { intent: "hide", targetType: "question", targetId: String(questionId) });
  for (const cookie of viewers) {
    await everywhere("/forum", cookie, (r) => r.status === 200 && !r.body.includes(edited), since);
    await everywhere(page, cookie, (r) => r.status === 404, since);
  }

  // Delete an answer.
  const second = unique("Gloves at night");
  await write("/forum", answerer, { title: second, content: "Do gloves at night help your hands?", submissionKey: crypto.randomUUID() });
  const secondPage = `/forum/${await idOf("select id from forum_questions where title = $1", second)}`;
  const doomed = unique("Compression gloves help me");
  await write(secondPage, asker, { intent: "answer", content: doomed, submissionKey: crypto.randomUUID() });
  const doomedId = await idOf("select id from forum_answers where content = $1", doomed);
  await warm(secondPage, viewers);
  since = Date.now();
  await write(secondPage, asker, { intent: "delete-answer", answerId: String(doomedId) });
  for (const cookie of viewers) await everywhere(secondPage, cookie, (r) => r.status === 200 && !r.body.includes(doomed), since);

  // Publish and unpublish a post.
  const postTitle = unique("Pacing the garden");
  await write("/admin/posts", admin, { intent: "save", title: postTitle, slug: "", excerpt: "", content: "A draft about pacing." });
  const postId = await idOf("select id from blog_posts where title = $1", postTitle);
  await warm("/blog", viewers);
  since = Date.now();
  await write(`/admin/posts/${postId}`, admin, { intent: "publish" });
  for (const cookie of viewers) await everywhere("/blog", cookie, (r) => r.body.includes(postTitle), since);
  since = Date.now();
  await write(`/admin/posts/${postId}`, admin, { intent: "unpublish" });
  for (const cookie of viewers) await everywhere("/blog", cookie, (r) => r.status === 200 && !r.body.includes(postTitle), since);

  // A display name shows on the answerer's question in the list.
  const name = unique("Willow");
  await warm("/forum", viewers);
  since = Date.now();
  await write("/account", answerer, { intent: "display-name", displayName: name });
  for (const cookie of [undefined, asker]) await everywhere("/forum", cookie, (r) => r.body.includes(name), since);

  // A places change: a city switched off takes its pages with it.
  const cityId = await idOf("select id from cities where slug = $1", "new-york");
  const cityPage = "/new-york/arthritis-pain-relief";
  await warm(cityPage, viewers);
  expect((await request(PORTS[2], "GET", cityPage)).status).toBe(200);
  since = Date.now();
  await write("/admin/places?tab=cities", admin, { intent: "toggle-city", id: String(cityId), active: "false" });
  for (const cookie of viewers) await everywhere(cityPage, cookie, (r) => r.status === 404, since);

  // Account deletion: the posts stay as 'Anonymous', the name is gone everywhere.
  await warm("/forum", [undefined, asker]);
  since = Date.now();
  await write("/account", answerer, { intent: "delete-account", content: "keep", password });
  for (const cookie of [undefined, asker]) await everywhere("/forum", cookie, (r) => r.status === 200 && !r.body.includes(name), since);
  await everywhere("/forum", answerer, signedOut(answererEmail), since);
});

test("sign-out, revocation, a password change and a role change hold on every instance within a second", async () => {
  const email = `sessions-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const first = await signUp(email, password);
  const second = await signIn(email, password);
  const question = unique("Sessions question");
  await write("/forum", first, { title: question, content: "Somewhere to answer.", submissionKey: crypto.randomUUID() });
  const target = `/forum/${await idOf("select id from forum_questions where title = $1", question)}`;
  const refused = async (cookie: string, port: number) => {
    const res = await request(port, "POST", target, { cookie, form: { intent: "answer", content: unique("should not be stored"), submissionKey: crypto.randomUUID() } });
    expect(res.status, `a write with an ended session through :${port}`).toBe(401);
  };

  // Revoke the other session.
  await warm("/forum", [second]);
  await everywhere("/forum", second, signedInAs(email), Date.now());
  let since = Date.now();
  await write("/account", first, { intent: "revoke-others" });
  await everywhere("/forum", second, signedOut(email), since);
  await refused(second, PORTS[1]);

  // Sign out.
  await warm("/forum", [first]);
  since = Date.now();
  await write("/auth/sign-out", first, {});
  await everywhere("/forum", first, signedOut(email), since);
  await refused(first, PORTS[2]);

  // A password change signs the other sessions out.
  const a = await signIn(email, password);
  const b = await signIn(email, password);
  await warm("/forum", [b]);
  since = Date.now();
  await write("/account", a, { intent: "change-password", currentPassword: password, newPassword: "a-new-multi-password-2" });
  await everywhere("/forum", b, signedOut(email), since);
  await refused(b, PORTS[0]);

  // A role taken away from the command line.
  await warm("/admin", [admin]);
  await everywhere("/admin", admin, (r) => r.status === 200, Date.now());
  setRole(adminEmail, "member");
  since = Date.now();
  await everywhere("/admin", admin, (r) => r.status === 403, since);
  const hide = await request(PORTS[1], "POST", "/admin/reports", { cookie: admin, form: { intent: "hide", targetType: "question", targetId: "1" } });
  expect(hide.status).toBe(403);
});
