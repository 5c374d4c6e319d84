// npm run bench: load-tests the production server on the scaled data set and compares it with a
// bare Node http server that answers with the same compressed bytes from memory.
//
//   1. builds the app if there is no build yet (BUILD_DIR, default build/);
//   2. loads the scaled data set (scripts/seed-scale.ts) into a fresh PostgreSQL database
//      (BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres is used to create and
//      drop it), or with --pglite into a temporary embedded database;
//   3. starts `node server.js` on a free loopback port, serving from WEB_CONCURRENCY threads
//      (default 1, as in production; always 1 with --pglite);
//   4. runs wrk (or autocannon with workers when wrk is missing) for DURATION seconds
//      (default 10) at 50 connections per URL, signed out and signed in, after a short warm-up
//      (every signed-out page WARMUP seconds before the first row, then each row's own).
//      The baseline (a bare Node http server with the compressed bytes of /) runs as many threads.
//      Each signed-out row is measured in ROUNDS windows (default 5, of DURATION/ROUNDS seconds)
//      taking turns with as many windows of the baseline, in the order baseline-page,
//      page-baseline, ...: both see the same minutes of a machine whose speed drifts, and the
//      row's ratio is its requests over the baseline's in those windows. Latencies are merged
//      from wrk's full histograms. (Without wrk: the baseline just before each row.)
//   5. prints requests/s, p50 and p99 per URL and the ratio to the baseline, the server's RSS
//      once it serves and its peak over the whole run, and writes everything to
//      bench/results/<date>.json.
//
// Options: --pglite, --keep (keep the database and data folder), DURATION=<s>, CONNECTIONS=<n>,
// ROUNDS=<n>.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Database } from "../app/server/db.server";
import { SCALE, seedScaleContent, setBenchPasswords } from "../app/server/seed-scale.server";
import { FORUM_PAGE_SIZE } from "../app/server/forum.server";
import { buildIfMissing, freePort, ROOT, waitFor } from "./local-server";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 5) || 5);
const USE_PGLITE = process.argv.includes("--pglite");
const KEEP = process.argv.includes("--keep");
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// What a phone's browser sends.
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
// What each row must reach on one serving thread: a stored page for readers at 60% or more of
// the bare-Node baseline's requests/s, a member's page at 2,000 requests/s or more; p99 below.
const READERS_TARGET = { ratio: 0.6, p99: 20 };
const MEMBERS_TARGET = { rps: 2000, p99: 50 };
// Serving threads (WEB_CONCURRENCY): one unless told otherwise, as the server starts by default;
// the baseline gets as many. The embedded database is for one thread.
const THREADS = USE_PGLITE ? 1 : Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1) || 1);

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}
interface Result extends Target {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cache?: string;
  ratio?: number;
  /** The baseline's requests/s in the windows that took turns with this row's (signed-out rows). */
  baselineRps?: number;
  /** The server's highest resident memory sampled during this row, in MB. */
  peakRssMB?: number;
}

const log = (line = "") => console.log(line);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** GET with raw (undecoded) body bytes. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

// ------------------------------------------------------------------ memory of the server

/** Peak resident memory of the server (all its processes together), sampled every 200 ms. */
function watchMemory(pid: number) {
  let peak = 0;
  const descendants = (p: number): number[] => {
    try {
      const children = fs.readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      return [p, ...children.flatMap(descendants)];
    } catch {
      return [p];
    }
  };
  const kb = (p: number, field: string) => {
    try {
      const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      return m ? Number(m[1]) : 0;
    } catch {
      return 0;
    }
  };
  let current = 0;
  let rowPeak = 0;
  const sample = () => {
    const pids = descendants(pid);
    const rss = pids.reduce((sum, p) => sum + kb(p, "VmRSS"), 0);
    current = rss;
    rowPeak = Math.max(rowPeak, rss);
    // With a single process, its own high-water mark also catches peaks between samples.
    peak = Math.max(peak, rss, pids.length === 1 ? kb(pid, "VmHWM") : 0);
  };
  const timer = setInterval(sample, 200);
  sample();
  return {
    /** The highest resident memory sampled since the last call, in MB: where the peak was reached. */
    sincePrevious() {
      sample();
      const mb = rowPeak / 1024;
      rowPeak = current;
      return mb;
    },
    /** Resident memory now, in MB. */
    now() {
      sample();
      return current / 1024;
    },
    stop() {
      sample();
      clearInterval(timer);
      return peak / 1024;
    },
  };
}

/**
 * PostgreSQL statements per request, page by page: the production build's app served from this
 * process on the bench's database (its pool counts what it sends), each page asked for 5 times to
 * settle, then 20 times counted; signed-in pages take the members in turn, as the load does.
 */
async function countStatements(env: Record<string, string | undefined>, targets: Target[], sessions: string[]) {
  process.env.NODE_ENV = "production";
  const mod = (await import(path.join(ROOT, BUILD_DIR, "server", "index.js"))) as typeof import("../server/app");
  const { default: express } = await import("express");
  const runtime = await mod.openRuntime({ ...env, LOG_LEVEL: "warn" });
  const app = express();
  app.set("trust proxy", runtime.env.TRUST_PROXY);
  app.use(mod.createApp(runtime));
  const server = http.createServer(mod.createListener(runtime, app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as import("node:net").AddressInfo;
  const count = runtime.database.statements!;
  const rows: { name: string; path: string; signedIn: boolean; perRequest: number }[] = [];
  try {
    for (const target of targets) {
      let turn = 0;
      const ask = async () => {
        const headers: Record<string, string> = { "Accept-Encoding": ACCEPT_ENCODING };
        if (target.signedIn) headers.Cookie = sessions[turn++ % sessions.length];
        const res = await rawGet(`http://127.0.0.1:${port}${target.path}`, headers);
        if (res.status !== 200) throw new Error(`${target.path} answered ${res.status} while counting statements`);
      };
      for (let i = 0; i < 5; i++) await ask();
      const before = count();
      for (let i = 0; i < 20; i++) await ask();
      rows.push({ name: target.name, path: target.path, signedIn: target.signedIn, perRequest: (count() - before) / 20 });
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await runtime.mailOutbox.stop();
    await runtime.freshness.stop();
    await runtime.database.close();
  }
  return rows;
}

/** Peak RSS (MB) of `node server.js` starting on a new embedded data folder, until it serves. */
async function measureFirstStart(dataDir: string) {
  const port = await freePort();
  const server = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "warn" },
  });
  const memory = watchMemory(server.pid!);
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, 120_000, server);
    return memory.stop();
  } finally {
    memory.stop();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

// ------------------------------------------------------------------ load generator

const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;

/**
 * Writes a wrk script that prints the whole latency histogram when the run is done (so that runs
 * can be merged), and with `cookies` sends each request with the next of them (members take turns).
 */
function writeWrkScript(file: string, cookies: string[] = []) {
  const rotate = cookies.length
    ? `local cookies = { ${cookies.map((c) => JSON.stringify(c)).join(", ")} }\n` +
      `local i = 0\n` +
      `request = function()\n  i = i + 1\n  wrk.headers["Cookie"] = cookies[(i % #cookies) + 1]\n  return wrk.format(nil)\nend\n`
    : "";
  const histogram =
    `done = function(summary, latency, requests)\n` +
    `  io.write(string.format("RUN %d %d\\n", summary.requests, summary.duration))\n` +
    `  for i = 1, #latency do\n    local v, c = latency(i)\n    io.write(string.format("LAT %d %d\\n", v, c))\n  end\n` +
    `end\n`;
  fs.writeFileSync(file, rotate + histogram);
  return file;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** wrk only: requests, seconds and the latency histogram (µs -> count), to merge runs. */
  requests?: number;
  seconds?: number;
  latency?: Map<number, number>;
}

/** The latency (ms) below which `p` percent of the recorded requests finished. */
function percentile(latency: Map<number, number>, p: number) {
  const entries = [...latency.entries()].sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  let seen = 0;
  for (const [us, count] of entries) {
    seen += count;
    if (seen >= (total * p) / 100) return us / 1000;
  }
  return NaN;
}

/** One result from several wrk runs of the same URL: their requests over their time, latencies merged. */
function merge(runs: LoadResult[]): LoadResult {
  const latency = new Map<number, number>();
  for (const run of runs) for (const [us, count] of run.latency ?? []) latency.set(us, (latency.get(us) ?? 0) + count);
  const requests = runs.reduce((sum, r) => sum + (r.requests ?? 0), 0);
  const secs = runs.reduce((sum, r) => sum + (r.seconds ?? 0), 0);
  return {
    rps: requests / secs,
    p50: percentile(latency, 50),
    p99: percentile(latency, 99),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    requests,
    seconds: secs,
    latency,
  };
}

function runWrk(url: string, headers: Record<string, string>, duration: number, script: string): LoadResult {
  const args = ["-t", "2", "-c", String(CONNECTIONS), "-d", `${duration}s`, "--timeout", "5s", "-s", script];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push(url);
  const out = execFileSync("wrk", args, { encoding: "utf8", maxBuffer: 64 * 2 ** 20 });
  const run = /^RUN (\d+) (\d+)$/m.exec(out);
  if (!run) throw new Error(`wrk printed no summary:\n${out.slice(0, 2000)}`);
  const latency = new Map<number, number>();
  for (const m of out.matchAll(/^LAT (\d+) (\d+)$/gm)) latency.set(Number(m[1]), Number(m[2]));
  const requests = Number(run[1]);
  const secs = Number(run[2]) / 1e6;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  return { rps: requests / secs, p50: percentile(latency, 50), p99: percentile(latency, 99), non2xx, errors, requests, seconds: secs, latency };
}

function runAutocannon(url: string, headers: Record<string, string>, duration: number) {
  const args = ["autocannon", "-c", String(CONNECTIONS), "-d", String(duration), "-w", "2", "--json"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  args.push(url);
  const out = execFileSync("npx", args, { encoding: "utf8", cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });
  const r = JSON.parse(out) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** Loads `url` with wrk and `script` (see writeWrkScript), else with autocannon and the headers given. */
function load(url: string, headers: Record<string, string>, script: string, duration = DURATION): LoadResult {
  return hasWrk ? runWrk(url, headers, duration, script) : runAutocannon(url, headers, duration);
}

/**
 * The page and the baseline in turns (ROUNDS windows each, baseline-page then page-baseline and
 * so on), each merged over its windows; without wrk, the baseline and then the page.
 */
function loadBeside(url: string, baselineUrl: string, headers: Record<string, string>, script: string) {
  if (!hasWrk) {
    const baseline = load(baselineUrl, headers, script);
    return { page: load(url, headers, script), baseline };
  }
  const window = Math.max(1, Math.round(DURATION / ROUNDS));
  const pageRuns: LoadResult[] = [];
  const baselineRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const pageFirst = round % 2 === 1;
    if (pageFirst) pageRuns.push(load(url, headers, script, window));
    baselineRuns.push(load(baselineUrl, headers, script, window));
    if (!pageFirst) pageRuns.push(load(url, headers, script, window));
  }
  return { page: merge(pageRuns), baseline: merge(baselineRuns) };
}

// ------------------------------------------------------------------ the run

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-bench-"));
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    }
  };
  process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

  try {
    // 1. Build.
    buildIfMissing(BUILD_DIR);

    // 1b. The embedded default's first start: a new data folder, migrations and demo content,
    // as `npm start` does on a new machine. Its peak is what a small VPS must have room for.
    let firstStartPeak: number | undefined;
    if (USE_PGLITE) firstStartPeak = await measureFirstStart(path.join(workDir, "first-start"));

    // 2. Database.
    let databaseUrl = "";
    let databaseLabel: string;
    let database: Database;
    const dataDir = path.join(workDir, "data");
    if (USE_PGLITE) {
      database = await openDatabase(path.join(dataDir, "pglite"));
      databaseLabel = `PGlite (embedded) in ${dataDir}`;
    } else {
      const name = `capsiva_bench_${crypto.randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      database = await openDatabase(databaseUrl, { poolMax: 4 });
      databaseLabel = `PostgreSQL ${url.host}, fresh database ${name}`;
      if (!KEEP) {
        cleanups.push(async () => {
          const c = new pg.Client({ connectionString: ADMIN_URL });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        });
      }
    }
    if (!KEEP) cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
    log(`Database: ${databaseLabel}`);
    await database.migrate();
    const seedStart = Date.now();
    await seedScaleContent(database.db, SCALE);
    log(`Loaded ${SCALE.members} members, ${SCALE.questions} questions, ${SCALE.answers} answers, ${SCALE.posts} stories, ${SCALE.cities} cities x ${SCALE.services} services in ${seconds(Date.now() - seedStart)}`);
    // The signed-in rows are members of the data set, with their follows and unread notifications:
    // a password of this run only, so the data set itself never holds one.
    const benchPassword = crypto.randomBytes(18).toString("base64url");
    const benchEmails = await setBenchPasswords(database.db, benchPassword);
    // What to ask for: the newest story, a typical question (the newest with answers), a city page, the last forum page.
    const [fixture] = rowsOf<{ slug: string; question: number; city: string; service: string; visible: number }>(
      await database.db.execute(sql`select
        (select slug from blog_posts where published order by created_at desc, id desc limit 1) as slug,
        (select id from forum_questions where hidden_at is null and answer_count >= 3 order by created_at desc, id desc limit 1) as question,
        (select c.slug from city_service_pages p join cities c on c.id = p.city_id join services s on s.id = p.service_id where c.is_active order by p.id limit 1) as city,
        (select s.slug from city_service_pages p join cities c on c.id = p.city_id join services s on s.id = p.service_id where c.is_active order by p.id limit 1) as service,
        (select count(*)::int from forum_questions where hidden_at is null) as visible`),
    );
    await database.close();
    const deepPage = Math.ceil(fixture.visible / FORUM_PAGE_SIZE);

    // 3. Server.
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const serverLog = fs.openSync(path.join(workDir, "server.log"), "w");
    const serverEnv: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED: "false",
      SMTP_URL: "",
      REQUIRE_EMAIL_VERIFICATION: "false",
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      WEB_CONCURRENCY: String(THREADS),
    };
    const server = spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      stdio: ["ignore", serverLog, serverLog],
      env: serverEnv,
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (server.exitCode !== null) return resolve();
          server.once("exit", () => resolve());
          server.kill("SIGTERM");
        }),
    );
    const memory = watchMemory(server.pid!);
    await waitFor(`${base}/healthz`, 120_000, server);
    // Every serving thread listening (the first answers /healthz before the others have started).
    const serverLogFile = path.join(workDir, "server.log");
    const listening = () => fs.readFileSync(serverLogFile, "utf8").match(/"server listening"/g)?.length ?? 0;
    const logsStart = ["info", "debug", "trace"].includes(process.env.LOG_LEVEL ?? "info");
    for (const deadline = Date.now() + 60_000; logsStart && listening() < THREADS; ) {
      if (Date.now() > deadline) throw new Error(`only ${listening()} of ${THREADS} serving threads started`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // What the server holds once it serves, before any load: its first start's migrations and
    // the scaled data set are behind it.
    const startRss = memory.now();
    const nodeOptions = process.env.NODE_OPTIONS ?? "";
    log(`Server: node server.js (${BUILD_DIR}/), one process serving from ${THREADS} thread${THREADS > 1 ? "s" : ""} (WEB_CONCURRENCY=${THREADS}), NODE_OPTIONS=${nodeOptions || "(none)"}, pid ${server.pid}, ${base}`);

    // Members to be signed in as, taking turns request by request (BENCH_MEMBERS of them, fewer
    // than one address may sign in in a minute): a page rendered for one of them must not be what
    // the others get, and each has their own unread count.
    const sessions: string[] = [];
    for (const email of benchEmails) {
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base },
        body: JSON.stringify({ email, password: benchPassword }),
      });
      const session = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.includes("session_token="));
      if (!signIn.ok || !session) throw new Error(`signing in as ${email} failed: ${signIn.status} ${await signIn.text()}`);
      sessions.push(session);
    }
    const session = sessions[0];
    const membersScript = writeWrkScript(path.join(workDir, "members.lua"), sessions);
    const readersScript = writeWrkScript(path.join(workDir, "readers.lua"));

    const targets: Target[] = [
      { name: "/", path: "/", signedIn: false },
      { name: "/blog", path: "/blog", signedIn: false },
      { name: "/article/<slug>", path: `/article/${fixture.slug}`, signedIn: false },
      { name: "guide", path: "/blog/capsaicin-arthritis-guide", signedIn: false },
      { name: "/forum", path: "/forum", signedIn: false },
      { name: `/forum?page=${deepPage}`, path: `/forum?page=${deepPage}`, signedIn: false },
      { name: "/forum/<id>", path: `/forum/${fixture.question}`, signedIn: false },
      { name: "city-service page", path: `/${fixture.city}/${fixture.service}`, signedIn: false },
      { name: "/search?q=capsaicin", path: "/search?q=capsaicin", signedIn: false },
      { name: "/forum/topics/<slug>", path: "/forum/topics/hands-and-fingers", signedIn: false },
      { name: "/", path: "/", signedIn: true },
      { name: "/forum", path: "/forum", signedIn: true },
      { name: `/forum?page=${deepPage}`, path: `/forum?page=${deepPage}`, signedIn: true },
      { name: "/forum/<id>", path: `/forum/${fixture.question}`, signedIn: true },
      { name: "/forum/topics/<slug>", path: "/forum/topics/hands-and-fingers", signedIn: true },
    ];

    // 4a. A fresh server runs slower for its first half minute of load (its code is still being
    // compiled and its heap sized), and the first rows measured paid for it: every signed-out page
    // is loaded for WARMUP seconds before any row is measured. The stored pages' brotli is then
    // the full-effort one (remade after a page's third hit), which the baseline serves too.
    for (const target of targets.filter((t) => !t.signedIn)) load(`${base}${target.path}`, { "Accept-Encoding": ACCEPT_ENCODING }, readersScript, WARMUP);

    // 4b. Baseline: the same compressed bytes as / from a bare Node http server in its own process.
    const home = await rawGet(`${base}/`, { "Accept-Encoding": ACCEPT_ENCODING });
    const bodyFile = path.join(workDir, "home.body");
    fs.writeFileSync(bodyFile, home.body);
    const baselinePort = await freePort();
    const baselineHeaders = {
      "Content-Type": String(home.headers["content-type"] ?? "text/html"),
      ...(home.headers["content-encoding"] ? { "Content-Encoding": String(home.headers["content-encoding"]) } : {}),
      "Content-Length": String(home.body.length),
    };
    // As many threads as the server serves from (the same SO_REUSEPORT sharing), so that the
    // ratio compares like with like.
    const serve = `const body = require("fs").readFileSync(${JSON.stringify(bodyFile)}); const headers = ${JSON.stringify(baselineHeaders)};
      require("http").createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen({ port: ${baselinePort}, host: "127.0.0.1", reusePort: ${THREADS > 1} });`;
    const baseline = spawn(
      process.execPath,
      ["-e", `${serve}\nfor (let i = 1; i < ${THREADS}; i++) new (require("worker_threads").Worker)(${JSON.stringify(serve)}, { eval: true });`],
      { stdio: "ignore" },
    );
    cleanups.push(() => void baseline.kill("SIGTERM"));
    await waitFor(`http://127.0.0.1:${baselinePort}/`, 10_000, baseline);
    log(`Load: ${hasWrk ? "wrk" : "autocannon (2 workers)"}, ${CONNECTIONS} connections, ${DURATION} s per URL after ${WARMUP} s of warm-up, Accept-Encoding: ${ACCEPT_ENCODING}`);
    log(`Home page: ${home.body.length} bytes (${home.headers["content-encoding"] ?? "identity"}), X-Cache ${home.headers["x-cache"]}`);
    log("");
    const baselineUrl = `http://127.0.0.1:${baselinePort}/`;
    const plain = { "Accept-Encoding": ACCEPT_ENCODING };
    load(baselineUrl, plain, readersScript, WARMUP);
    const base0 = load(baselineUrl, plain, readersScript);
    const baselines: number[] = [];

    // 4c. The app. Each signed-out row is compared with the baseline measured in turns with it
    // (loadBeside): on a shared machine the speed of the cores drifts over a run (tens of percent
    // here), and a baseline taken at another time would compare one period with another.
    const results: Result[] = [];
    const warmupPeakRss = memory.sincePrevious();
    for (const target of targets) {
      const headers: Record<string, string> = { ...plain };
      if (target.signedIn) headers.Cookie = session;
      const probe = await rawGet(`${base}${target.path}`, headers);
      if (probe.status !== 200) throw new Error(`${target.path} answered ${probe.status}`);
      const script = target.signedIn ? membersScript : readersScript;
      load(`${base}${target.path}`, headers, script, WARMUP);
      let r: LoadResult;
      let baselineRps: number | undefined;
      if (target.signedIn) {
        r = load(`${base}${target.path}`, headers, script);
      } else {
        const both = loadBeside(`${base}${target.path}`, baselineUrl, headers, script);
        r = both.page;
        baselineRps = both.baseline.rps;
        baselines.push(baselineRps);
      }
      const after = await rawGet(`${base}${target.path}`, headers);
      results.push({
        ...target,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        cache: String(after.headers["x-cache"] ?? "-"),
        ...(baselineRps === undefined ? {} : { ratio: r.rps / baselineRps, baselineRps }),
        peakRssMB: memory.sincePrevious(),
      });
      process.stdout.write(".");
    }
    baseline.kill("SIGTERM");
    const peakRss = memory.stop();
    log("\n");

    // 4d. Statements per request (PostgreSQL only: the embedded database is one process's).
    const statements = databaseUrl ? await countStatements(serverEnv, targets, sessions) : undefined;

    // 5. Report.
    const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "-");
    const nameWidth = Math.max(...results.map((r) => r.name.length), 20);
    const header = `${"page".padEnd(nameWidth)}  ${"visitor".padEnd(10)}  ${"req/s".padStart(8)}  ${"p50 ms".padStart(7)}  ${"p99 ms".padStart(7)}  ${"base".padStart(7)}  ${"vs base".padStart(7)}  cache  ${"RSS MB".padStart(6)}  target`;
    log(header);
    log("-".repeat(header.length + 6));
    log(`${"baseline (bare node)".padEnd(nameWidth)}  ${"-".padEnd(10)}  ${fmt(base0.rps, 0).padStart(8)}  ${fmt(base0.p50, 2).padStart(7)}  ${fmt(base0.p99, 2).padStart(7)}  ${"".padStart(7)}  ${"1.00".padStart(7)}  -      ${fmt(warmupPeakRss, 0).padStart(6)}  (server's peak in the warm-up; alone; beside the ${baselines.length} signed-out rows: ${fmt(Math.min(...baselines), 0)}–${fmt(Math.max(...baselines), 0)} req/s)`);
    const verdicts: string[] = [];
    const forum1 = (signedIn: boolean) => results.find((r) => r.path === "/forum" && r.signedIn === signedIn)!;
    for (const r of results) {
      let target: string;
      let ok: boolean;
      if (r.signedIn) {
        ok = r.rps >= MEMBERS_TARGET.rps && r.p99 < MEMBERS_TARGET.p99;
        target = `>= ${MEMBERS_TARGET.rps} req/s, p99 < ${MEMBERS_TARGET.p99} ms`;
      } else {
        ok = (r.ratio ?? 0) >= READERS_TARGET.ratio && r.p99 < READERS_TARGET.p99;
        target = `>= ${READERS_TARGET.ratio * 100}% of base, p99 < ${READERS_TARGET.p99} ms`;
      }
      if (r.path.startsWith("/forum?page=")) {
        const first = forum1(r.signedIn);
        const within = r.rps * 2 >= first.rps;
        ok = within && (r.signedIn ? true : ok);
        target = `within 2x of /forum (${fmt(first.rps / r.rps, 2)}x)${r.signedIn ? "" : `, ${target}`}`;
      }
      if (r.non2xx || r.errors) {
        ok = false;
        target += ` (${r.non2xx} non-2xx, ${r.errors} socket errors)`;
      }
      verdicts.push(`${r.name} ${r.signedIn ? "signed in" : "signed out"}: ${ok ? "met" : "NOT met"}`);
      log(
        `${r.name.padEnd(nameWidth)}  ${(r.signedIn ? "signed in" : "signed out").padEnd(10)}  ${fmt(r.rps, 0).padStart(8)}  ${fmt(r.p50, 2).padStart(7)}  ${fmt(r.p99, 2).padStart(7)}  ${(r.baselineRps ? fmt(r.baselineRps, 0) : "").padStart(7)}  ${(r.ratio === undefined ? "" : fmt(r.ratio, 2)).padStart(7)}  ${(r.cache ?? "-").padEnd(5)}  ${(r.peakRssMB === undefined ? "" : fmt(r.peakRssMB, 0)).padStart(6)}  ${ok ? "ok" : "NOT MET"}: ${target}`,
      );
    }
    // The embedded database lives inside the server's process, so its targets are its own: under
    // 300 MB serving and 350 MB at the peak of the run, for a small VPS.
    const rssTargets = USE_PGLITE ? { start: 300, peak: 350 } : { start: 250, peak: 250 };
    const firstStartOk = firstStartPeak === undefined || firstStartPeak < 500;
    const rssOk = startRss < rssTargets.start && peakRss < rssTargets.peak && firstStartOk;
    log("");
    if (statements) {
      log("Statements per request, steady state (after 5 warm-up requests, over the next 20):");
      for (const row of statements) {
        const limit = row.signedIn ? 1 : 0;
        const ok = row.perRequest <= limit;
        verdicts.push(`${row.name} ${row.signedIn ? "signed in" : "signed out"} statements: ${ok ? "met" : "NOT met"}`);
        log(`  ${row.name.padEnd(nameWidth)}  ${(row.signedIn ? "signed in" : "signed out").padEnd(10)}  ${fmt(row.perRequest, 2).padStart(5)}  ${ok ? "ok" : "NOT MET"}: at most ${limit}`);
      }
      log("");
    }
    if (firstStartPeak !== undefined) {
      log(`Peak RSS of a first start (new data folder, migrations, demo content): ${fmt(firstStartPeak)} MB (target < 500 MB)`);
    }
    log(`RSS of the server at start (serving, before the load): ${fmt(startRss)} MB (target < ${rssTargets.start} MB)`);
    log(`Peak RSS of the server during the run: ${fmt(peakRss)} MB (target < ${rssTargets.peak} MB): ${rssOk ? "met" : "NOT met"}`);
    const loadAfter = os.loadavg();
    log(`Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after`);

    const date = new Date().toISOString().replace(/[:.]/g, "-");
    const outDir = path.join(ROOT, "bench/results");
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `${date}.json`);
    fs.writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          command: `${[process.env.NODE_OPTIONS ? `NODE_OPTIONS="${process.env.NODE_OPTIONS}"` : "", process.env.WEB_CONCURRENCY ? `WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}` : ""].filter(Boolean).join(" ")} npm run bench${USE_PGLITE ? " -- --pglite" : ""}`.trim(),
          machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryMB: Math.round(os.totalmem() / 2 ** 20), loadBefore, loadAfter },
          node: process.version,
          database: databaseLabel.replace(/ in .*$/, ""),
          scale: SCALE,
          server: { build: BUILD_DIR, threads: THREADS, nodeOptions: process.env.NODE_OPTIONS ?? "", logLevel: process.env.LOG_LEVEL ?? "info" },
          load: { tool: hasWrk ? "wrk" : "autocannon", connections: CONNECTIONS, durationSeconds: DURATION, rounds: hasWrk ? ROUNDS : 1, warmupSeconds: WARMUP, acceptEncoding: ACCEPT_ENCODING },
          baseline: {
            description: hasWrk
              ? `bare Node http server answering with the compressed bytes of / from memory, ${THREADS} thread(s); measured in ${ROUNDS} windows taking turns with each signed-out row's ${ROUNDS} windows (measurements: one per row), each row's ratio is to the baseline over its own windows`
              : `bare Node http server answering with the compressed bytes of / from memory, ${THREADS} thread(s); measured before each signed-out row (measurements), each row's ratio is to the one just before it`,
            bytes: home.body.length,
            encoding: home.headers["content-encoding"] ?? "identity",
            rps: base0.rps,
            p50: base0.p50,
            p99: base0.p99,
            measurements: baselines,
          },
          results: results.map((r) => ({ ...r, path: r.path })),
          ...(firstStartPeak === undefined ? {} : { firstStartPeakRssMB: Number(fmt(firstStartPeak)) }),
          ...(statements ? { statementsPerRequest: statements } : {}),
          startRssMB: Number(fmt(startRss)),
          warmupPeakRssMB: Number(fmt(warmupPeakRss)),
          peakRssMB: Number(fmt(peakRss)),
          verdicts: [...verdicts, `peak RSS: ${rssOk ? "met" : "NOT met"}`],
          totalSeconds: Math.round((Date.now() - started) / 1000),
        },
        null,
        2,
      )}\n`,
    );
    log(`Written to ${path.relative(ROOT, file)} (${seconds(Date.now() - started)} in all)`);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
