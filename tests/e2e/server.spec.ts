// The production server as a process: configuration errors, the embedded database's lock,
// graceful shutdown, PostgreSQL, and a fresh empty site.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, expectAccessible, test } from "./fixtures";

const ROOT = path.resolve(".");
const NODE = path.join(ROOT, "node_modules/.bin/node");

function start(env: Record<string, string>) {
  const child = spawn(NODE, ["server.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) return (await r.json()) as { database: string };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${port} did not become healthy`);
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-e2e-"));
const stop = async (p: { child: ChildProcess; exited: Promise<number | null> }) => {
  p.child.kill("SIGTERM");
  return p.exited;
};

test.describe("the server process", () => {
  test("a bad configuration value stops it with a message naming the variable", async () => {
    const p = start({ PORT: "not-a-port", DATA_DIR: tmp() });
    expect(await p.exited).not.toBe(0);
    expect(p.output()).toMatch(/PORT/);
    const q = start({ PORT: "3291", SITE_URL: "ftp://nope", DATA_DIR: tmp() });
    expect(await q.exited).not.toBe(0);
    expect(q.output()).toMatch(/SITE_URL/);
  });

  test("a second server on the same data folder refuses to start and the data stays intact; SIGTERM shuts down cleanly", async () => {
    const dir = tmp();
    const a = start({ PORT: "3292", DATA_DIR: dir, SITE_URL: "http://localhost:3292", LOG_LEVEL: "info" });
    await waitHealthy(3292);
    const before = await (await fetch("http://127.0.0.1:3292/forum")).text();
    expect(before).toContain("Does anyone else find mornings the hardest?");

    const b = start({ PORT: "3293", DATA_DIR: dir });
    expect(await b.exited).toBe(1);
    expect(b.output()).toMatch(/in use by another process \(pid \d+, lock file .*pglite\.lock\)/);

    // The first server is unharmed.
    expect((await fetch("http://127.0.0.1:3292/healthz")).status).toBe(200);
    expect(await stop(a)).toBe(0);
    expect(a.output()).toMatch(/database closed/);
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);

    // The data survives a restart.
    const again = start({ PORT: "3292", DATA_DIR: dir, SITE_URL: "http://localhost:3292" });
    await waitHealthy(3292);
    expect(await (await fetch("http://127.0.0.1:3292/forum")).text()).toContain("Does anyone else find mornings the hardest?");
    await stop(again);
  });

  test("runs on PostgreSQL with DATABASE_URL; migrations apply once and are a no-op the second time", async () => {
    const admin = new pg.Client({ connectionString: process.env.CI_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" });
    await admin.connect();
    const name = `capsiva_e2e_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.CI_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
    url.pathname = `/${name}`;
    try {
      const env = { PORT: "3294", DATABASE_URL: url.toString(), DATA_DIR: tmp(), SITE_URL: "http://localhost:3294" };
      const first = start(env);
      expect((await waitHealthy(3294)).database).toBe("postgres");
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const count = async () => Number((await db.query("select count(*) from drizzle.__drizzle_migrations")).rows[0].count);
      const applied = await count();
      expect(applied).toBeGreaterThan(1);
      expect((await fetch("http://127.0.0.1:3294/")).status).toBe(200);
      await stop(first);
      const second = start(env);
      await waitHealthy(3294);
      expect(await count()).toBe(applied);
      await stop(second);
      await db.end();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  test("a new empty site shows 'Community is Growing'", async ({ page }) => {
    const p = start({ PORT: "3295", DATA_DIR: tmp(), SEED: "false", SITE_URL: "http://localhost:3295" });
    try {
      await waitHealthy(3295);
      await page.goto("http://localhost:3295/");
      await expect(page.getByRole("heading", { name: "Community is Growing" })).toBeVisible();
      await expect(page.getByText("No questions yet")).toHaveCount(0);
      await page.goto("http://localhost:3295/forum");
      await expect(page.getByRole("heading", { name: "No questions yet" })).toBeVisible();
      await page.goto("http://localhost:3295/blog");
      await expect(page.getByRole("heading", { name: "Community Stories" })).toHaveCount(0);
      await expectAccessible(page, "empty /blog");
    } finally {
      await stop(p);
    }
  });
});
