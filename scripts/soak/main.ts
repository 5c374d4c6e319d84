// npm run soak [-- --short]: load and faults against the production server, on loopback only.
//
// Phase 1 (PostgreSQL): its own cluster (initdb into a temp folder, its own port; the shared
// server on 5432 is never touched), the production server with rate limits off, 50 members signed
// up through the real /auth form asking and answering while readers browse. Mid-run the server is
// killed with SIGKILL and started again, later PostgreSQL is stopped and started again. Every
// write carries a unique marker; every write the server acknowledged (its redirect after the
// post) must be in the database exactly once.
// Phase 2 (embedded PGlite): members write, the server is killed with SIGKILL mid-write; it must
// start again on the same data folder (taking over the stale lock) with every acknowledged write.
//
// Prints the figures; exits non-zero on a lost or duplicated write or a failed recovery.
// SOAK_KEEP_LOGS=1 keeps the temporary folder (server and PostgreSQL logs) after a passing run.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../app/server/infra/db.server";
import { asRoot, findPgBin, freePort, health, killHard, pgTool, startServer, stopGracefully, waitHealthy } from "./processes";
import { BUILD_DIR, ROOT, RUN_ID, sleep } from "./shared";
import { request, signUp, stats, tally, targetSite, writer, reader, type Ack, type Member } from "./traffic";

const SHORT = process.argv.includes("--short");
const RUN_MS = SHORT ? 20_000 : 60_000;
const MEMBERS = 50;
const READERS = 10;
const EMBEDDED_MEMBERS = 8;
const EMBEDDED_RUN_MS = SHORT ? 6_000 : 15_000;
const DB_OUTAGE_MS = 3_000;
const RECOVERY_LIMIT_MS = 5_000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-soak-"));
const problems: string[] = [];
const log = (message: string) => console.log(`[soak +${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const started = Date.now();

// ------------------------------------------------------------------ phase 1: PostgreSQL

async function postgresPhase() {
  const pgData = path.join(tmp, "pgdata");
  const pgPort = await freePort(55432);
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", tmp]);
  fs.chmodSync(tmp, 0o755);
  log(`initdb into ${pgData}`);
  pgTool("initdb", ["-D", pgData, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const pgCtl = (...args: string[]) => pgTool("pg_ctl", ["-D", pgData, "-w", "-l", path.join(tmp, "postgres.log"), ...args]);
  const pgOptions = `-p ${pgPort} -k ${tmp} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  pgCtl("-o", pgOptions, "start");
  log(`PostgreSQL ${path.basename(path.dirname(path.dirname(findPgBin("initdb"))))} on 127.0.0.1:${pgPort}`);
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

  const appPort = await freePort();
  const siteUrl = `http://127.0.0.1:${appPort}`;
  targetSite(siteUrl);
  const env = {
    PORT: String(appPort),
    SITE_URL: siteUrl,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: "20",
    DATA_DIR: path.join(tmp, "app-data"),
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  const serverLog = path.join(tmp, "server-postgres.log");
  let server = startServer(env, serverLog);
  const firstStart = await waitHealthy(siteUrl, 60_000);
  if (firstStart === null) throw new Error(`the server did not start; see ${serverLog}:\n${fs.readFileSync(serverLog, "utf8").slice(-2000)}`);
  log(`server up in ${firstStart} ms at ${siteUrl}`);

  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i += 10) {
    members.push(...(await Promise.all(Array.from({ length: Math.min(10, MEMBERS - i) }, () => signUp("soak")))));
  }
  log(`${members.length} members signed up through /auth`);

  const client = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  client.on("error", () => {});
  let questionIds: number[] = [];
  const refreshIds = async () => {
    try {
      const { rows } = await client.query<{ id: number }>("select id from forum_questions where hidden_at is null order by id desc limit 300");
      questionIds = rows.map((r) => r.id);
    } catch {
      /* the database may be down right now */
    }
  };
  await refreshIds();

  const acks: Ack[] = [];
  const attempts = { n: 0 };
  let done = false;
  const until = () => done;
  const refresher = setInterval(refreshIds, 1_000);
  const runStart = Date.now();
  const traffic = Promise.all([
    ...members.map((m, i) => writer(m, i, until, () => questionIds, acks, attempts)),
    ...Array.from({ length: READERS }, () => reader(members, until, () => questionIds)),
  ]);

  // Fault 1: SIGKILL the server mid-run and start it again.
  await sleep(RUN_MS * 0.3);
  log("SIGKILL the server");
  await killHard(server);
  server = startServer(env, serverLog);
  const serverRecovery = await waitHealthy(siteUrl, 30_000);
  log(`server answering again after ${serverRecovery ?? "never"} ms`);
  if (serverRecovery === null) problems.push("the server did not come back after SIGKILL");

  // Fault 2: PostgreSQL goes away for a few seconds; /healthz must say 503 meanwhile.
  await sleep(Math.max(0, runStart + RUN_MS * 0.6 - Date.now()));
  log(`stopping PostgreSQL for ${DB_OUTAGE_MS} ms`);
  pgCtl("-m", "fast", "stop");
  const outageStatuses: number[] = [];
  const outageEnd = Date.now() + DB_OUTAGE_MS;
  while (Date.now() < outageEnd) {
    outageStatuses.push(await health(siteUrl));
    await sleep(100);
  }
  pgCtl("-o", pgOptions, "start");
  const dbBack = Date.now();
  const dbRecovery = await waitHealthy(siteUrl, 30_000);
  // A write must also succeed again, not only the health check.
  let writeRecovery: number | null = null;
  for (let probe = 1; Date.now() - dbBack < 30_000; probe++) {
    const marker = `soak-${RUN_ID}-m999x${probe}`;
    const res = await request("/forum", {
      cookie: members[0].cookie,
      form: { title: `Soak question ${marker}`, content: `Probe ${marker}`, submissionKey: marker },
    });
    if (res?.status === 302) {
      acks.push({ marker, kind: "question" });
      writeRecovery = Date.now() - dbBack;
      break;
    }
    await sleep(100);
  }
  const during503 = outageStatuses.filter((s) => s === 503).length;
  log(
    `PostgreSQL back: /healthz 200 after ${dbRecovery ?? "never"} ms, first write after ${writeRecovery ?? "never"} ms; /healthz during the outage: ${during503}/${outageStatuses.length} answered 503`,
  );
  if (outageStatuses.some((s) => s === 200)) problems.push("/healthz answered 200 while PostgreSQL was down");
  if (during503 === 0) problems.push("/healthz never answered 503 while PostgreSQL was down");
  if (dbRecovery === null || dbRecovery > RECOVERY_LIMIT_MS)
    problems.push(`the server took ${dbRecovery ?? "forever"} ms to report healthy after PostgreSQL came back (limit ${RECOVERY_LIMIT_MS} ms)`);
  if (writeRecovery === null || writeRecovery > RECOVERY_LIMIT_MS)
    problems.push(`writes failed for ${writeRecovery ?? "ever"} ms after PostgreSQL came back (limit ${RECOVERY_LIMIT_MS} ms)`);

  await sleep(Math.max(0, runStart + RUN_MS - Date.now()));
  done = true;
  await traffic;
  clearInterval(refresher);
  stats.runMs = Date.now() - runStart;

  const { rows: stored } = await client.query<{ text: string }>(
    `select title as text from forum_questions where title like $1 union all select content from forum_answers where content like $2`,
    [`Soak question soak-${RUN_ID}-%`, `Answered during the soak: soak-${RUN_ID}-%`],
  );
  await client.end();
  const result = tally(
    acks,
    stored.map((r) => r.text),
  );
  await stopGracefully(server);
  try {
    pgCtl("-m", "fast", "stop");
  } catch {
    /* already stopped */
  }
  return { attempts: attempts.n, acks: acks.length, ...result, serverRecovery, dbRecovery, writeRecovery, outage: `${during503}/${outageStatuses.length}` };
}

// ------------------------------------------------------------------ phase 2: embedded PGlite

async function embeddedPhase() {
  const dataDir = path.join(tmp, "embedded-data");
  const appPort = await freePort();
  const siteUrl = `http://127.0.0.1:${appPort}`;
  targetSite(siteUrl);
  const env = {
    PORT: String(appPort),
    SITE_URL: siteUrl,
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    SEED: "false",
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  const serverLog = path.join(tmp, "server-embedded.log");
  let server = startServer(env, serverLog);
  if ((await waitHealthy(siteUrl, 60_000)) === null) throw new Error(`the embedded server did not start:\n${fs.readFileSync(serverLog, "utf8").slice(-2000)}`);
  const members = await Promise.all(Array.from({ length: EMBEDDED_MEMBERS }, () => signUp("embedded")));
  log(`embedded database: ${members.length} members writing for ${EMBEDDED_RUN_MS} ms, SIGKILL halfway`);

  const acks: Ack[] = [];
  const attempts = { n: 0 };
  let done = false;
  const traffic = Promise.all(
    members.map((m, i) =>
      writer(
        m,
        i,
        () => done,
        () => [],
        acks,
        attempts,
      ),
    ),
  );
  await sleep(EMBEDDED_RUN_MS / 2);
  const pid = server.child.pid;
  await killHard(server);
  const lockFile = path.join(dataDir, "pglite.lock");
  const staleLock = fs.existsSync(lockFile) && fs.readFileSync(lockFile, "utf8").trim() === String(pid);
  log(`SIGKILL during writes; stale lock file left behind: ${staleLock ? "yes" : "no"}`);
  server = startServer(env, serverLog);
  const restart = await waitHealthy(siteUrl, 60_000);
  log(`restarted on the same data folder in ${restart ?? "never"} ms`);
  if (restart === null) problems.push(`the embedded server did not start again after SIGKILL:\n${fs.readFileSync(serverLog, "utf8").slice(-2000)}`);
  await sleep(EMBEDDED_RUN_MS / 2);
  done = true;
  await traffic;
  const forum = await request("/forum");
  if (forum?.status !== 200) problems.push(`after the restart /forum answered ${forum?.status ?? "nothing"}`);
  await stopGracefully(server);

  // Read the data folder directly, as the next start would.
  const database = await openDatabase(path.join(dataDir, "pglite"));
  let stored: string[];
  try {
    const questions = await database.pglite!.query<{ text: string }>(`select title as text from forum_questions where title like $1`, [
      `Soak question soak-${RUN_ID}-%`,
    ]);
    stored = questions.rows.map((r) => r.text);
  } finally {
    await database.close();
  }
  return { attempts: attempts.n, acks: acks.length, ...tally(acks, stored), restart, staleLock };
}

// ------------------------------------------------------------------ main

async function main() {
  if (!fs.existsSync(path.join(ROOT, BUILD_DIR, "server", "index.js"))) {
    log(`no production build in ${BUILD_DIR}/: building`);
    execFileSync(process.execPath, [path.join(ROOT, "node_modules", "@react-router", "dev", "bin.cjs"), "build"], { cwd: ROOT, stdio: "inherit" });
  }
  log(`run ${RUN_ID}: ${SHORT ? "short" : "full"} soak, ${RUN_MS / 1000} s with ${MEMBERS} members and ${READERS} readers`);
  const p = await postgresPhase();
  const e = await embeddedPhase();

  console.log("\nSoak figures");
  console.table({
    PostgreSQL: {
      requests: stats.requests,
      "write attempts": p.attempts,
      "acknowledged writes": p.acks,
      "writes found": p.found,
      duplicates: p.duplicates.length,
      lost: p.lost.length,
      "stored, not acknowledged": p.storedUnacknowledged,
      "recovery after SIGKILL (ms)": p.serverRecovery,
      "recovery after PostgreSQL restart (ms)": p.dbRecovery,
      "first write after restart (ms)": p.writeRecovery,
      "/healthz 503 during outage": p.outage,
    },
    "embedded (PGlite)": {
      "write attempts": e.attempts,
      "acknowledged writes": e.acks,
      "writes found": e.found,
      duplicates: e.duplicates.length,
      lost: e.lost.length,
      "stored, not acknowledged": e.storedUnacknowledged,
      "recovery after SIGKILL (ms)": e.restart,
      "stale lock taken over": e.staleLock ? "yes" : "no lock left",
    },
  });
  console.log(
    `PostgreSQL phase: ${stats.requests} requests in ${(stats.runMs / 1000).toFixed(1)} s (${Math.round(stats.requests / (stats.runMs / 1000))}/s, sign-ups included)`,
  );
  console.log(`responses: ${JSON.stringify(stats.byStatus)}, network errors (server down): ${stats.networkErrors}`);
  console.log(`writes not acknowledged, by answer: ${JSON.stringify(stats.refusedWrites)}`);
  for (const [label, r] of [
    ["PostgreSQL", p],
    ["embedded", e],
  ] as const) {
    if (r.lost.length) problems.push(`${label}: ${r.lost.length} acknowledged writes are missing (${r.lost.slice(0, 5).join(", ")})`);
    if (r.duplicates.length) problems.push(`${label}: ${r.duplicates.length} writes are stored more than once (${r.duplicates.slice(0, 5).join(", ")})`);
    if (r.acks === 0) problems.push(`${label}: no write was acknowledged at all`);
  }
}

main()
  .catch((error: unknown) => problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error)))
  .finally(() => {
    try {
      pgTool("pg_ctl", ["-D", path.join(tmp, "pgdata"), "-m", "immediate", "stop"]);
    } catch {
      /* not running */
    }
    if (problems.length) {
      console.error(`\nSOAK FAILED (logs kept in ${tmp}):\n- ${problems.join("\n- ")}`);
      process.exit(1);
    }
    // CI scans every server's output (scripts/ci/scan-server-logs.ts): the soak's servers too.
    const logDir = process.env.SERVER_LOG_DIR;
    if (logDir) {
      fs.mkdirSync(logDir, { recursive: true });
      for (const name of fs.readdirSync(tmp).filter((file) => file.startsWith("server-")))
        fs.copyFileSync(path.join(tmp, name), path.join(logDir, `soak-${name}`));
    }
    if (process.env.SOAK_KEEP_LOGS) console.log(`logs kept in ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
    console.log("\nSoak passed: no lost or duplicated write, recovery within limits.");
    process.exit(0);
  });
