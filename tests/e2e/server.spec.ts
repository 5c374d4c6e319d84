// The production server as a process: configuration errors, the embedded database's lock,
// graceful shutdown, PostgreSQL, and a fresh empty site.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { expect, expectAccessible, test } from "./fixtures";
import { ROOT, start, stop, tmp, waitHealthy } from "./processes";
import { keepServerOutput, NPM_BANNER, VITE_DEV_OUTPUT } from "./server-logs";

/** A GET on a connection of its own (the kernel spreads new connections over the serving threads). */
function getOnNewConnection(port: number, urlPath: string): Promise<{ status: number; cache: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: urlPath, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: String(res.headers["x-cache"] ?? ""), body }));
      })
      .on("error", reject);
  });
}

test.describe("the server process", () => {
  test("a bad configuration value stops it with a message naming the variable", async () => {
    const p = start({ PORT: "not-a-port", DATA_DIR: tmp() });
    expect(await p.exited).not.toBe(0);
    expect(p.output()).toMatch(/PORT/);
    const q = start({ PORT: "3291", SITE_URL: "ftp://nope", DATA_DIR: tmp() });
    expect(await q.exited).not.toBe(0);
    expect(q.output()).toMatch(/SITE_URL/);
    const r = start({ PORT: "3291", WEB_CONCURRENCY: "two", DATA_DIR: tmp() });
    expect(await r.exited).not.toBe(0);
    expect(r.output()).toMatch(/WEB_CONCURRENCY/);
    // Production on PostgreSQL without mail: SMTP_URL is named, and MAIL=off offered.
    const m = start({
      PORT: "3291",
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/never",
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      SMTP_URL: "",
      MAIL: "",
      DATA_DIR: tmp(),
    });
    expect(await m.exited).toBe(1);
    expect(m.output()).toContain("SMTP_URL is not set.");
    expect(m.output()).toContain("or set MAIL=off to run without mail");
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
    // Two starts of the server, the second with two threads.
    test.setTimeout(180_000);
    const admin = new pg.Client({ connectionString: process.env.CI_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" });
    await admin.connect();
    const name = `capsiva_e2e_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.CI_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
    url.pathname = `/${name}`;
    // Whatever happens, no server is left running.
    const started: ReturnType<typeof start>[] = [];
    try {
      const env = {
        PORT: "3294",
        DATABASE_URL: url.toString(),
        DATA_DIR: tmp(),
        SITE_URL: "http://localhost:3294",
        BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      };
      const first = start(env);
      started.push(first);
      expect((await waitHealthy(3294)).database).toBe("postgres");
      const db = new pg.Client({ connectionString: url.toString() });
      // Dropping the database at the end ends this connection too.
      db.on("error", () => {});
      await db.connect();
      const count = async () => Number((await db.query("select count(*) from drizzle.__drizzle_migrations")).rows[0].count);
      const applied = await count();
      expect(applied).toBeGreaterThan(1);
      expect((await fetch("http://127.0.0.1:3294/")).status).toBe(200);
      await stop(first);
      // Again, serving from two threads: the migrations stay as they are, and a question asked
      // through one thread is on the forum at once whichever thread a reader reaches.
      const second = start({ ...env, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
      started.push(second);
      await waitHealthy(3294);
      await expect.poll(() => second.output().match(/"server listening"/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
      expect(await count()).toBe(applied);
      const readers = async () => Promise.all(Array.from({ length: 16 }, () => getOnNewConnection(3294, "/forum")));
      const before = await readers();
      expect(before.every((r) => r.status === 200)).toBe(true);
      expect(before.filter((r) => r.cache === "HIT").length).toBeGreaterThan(8);
      const origin = { Origin: "http://localhost:3294", "Content-Type": "application/json" };
      const signUp = await fetch("http://127.0.0.1:3294/api/auth/sign-up/email", {
        method: "POST",
        headers: origin,
        body: JSON.stringify({ email: "threads@example.com", password: "a long password", name: "", ageConfirmed: true }),
      });
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const { token } = (await (await fetch("http://127.0.0.1:3294/api/auth/token", { headers: { cookie } })).json()) as { token: string };
      const title = `Asked through one thread, ${Math.random()
        .toString(36)
        .replace(/[^a-z]/g, "")}`;
      const asked = await fetch("http://127.0.0.1:3294/api/v1/questions", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title, content: "Seen by every thread at once?" }),
      });
      expect(asked.status).toBe(201);
      const after = await readers();
      expect(after.filter((r) => r.body.includes(title)).length).toBe(after.length);
      await stop(second);
      await db.end();
    } finally {
      for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
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

  test("npm run dev serves the site through Vite", async () => {
    const child = spawn("npm", ["run", "dev"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: "3296",
        HOST: "127.0.0.1",
        DATA_DIR: tmp(),
        SEED: "true",
        SITE_URL: "http://localhost:3296",
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    keepServerOutput(child, "dev-server", { skip: (line) => NPM_BANNER(line) || VITE_DEV_OUTPUT(line) });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await waitHealthy(3296, 90_000);
      for (const page of ["/", "/forum", "/blog/capsaicin-arthritis-guide"]) {
        const res = await fetch(`http://127.0.0.1:3296${page}`);
        expect(res.status, page).toBe(200);
        expect(await res.text()).toContain("Capsiva");
      }
    } finally {
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
  });
});
