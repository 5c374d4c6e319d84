// Running the production build as an operator does: several instances on one PostgreSQL
// database, shutdown under a stuck query, logs, and the production install.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { expect, gotoReady, signUp, test, waitForMail } from "./fixtures";
import { freshDatabase, killAll, portFor, ROOT, start, startDatabaseProxy, stop, tmp, waitHealthy, type ServerProcess } from "./processes";
import { keepServerOutput, NPM_BANNER, recordPostedTexts } from "./server-logs";

const SECRET = crypto.randomBytes(32).toString("hex");

test.describe("operations", () => {
  test("five instances started at the same moment on one database all serve, on a fresh database and again on an up-to-date one", async () => {
    test.setTimeout(240_000);
    const database = await freshDatabase("ops_multi");
    const started: ServerProcess[] = [];
    try {
      const ports = [1, 2, 3, 4, 5].map(portFor);
      for (const round of ["fresh", "up to date"]) {
        const instances = ports.map((port) => {
          const p = start({
            PORT: String(port),
            DATABASE_URL: database.url,
            BETTER_AUTH_SECRET: SECRET,
            DATA_DIR: tmp(),
            SITE_URL: `http://localhost:${port}`,
          });
          started.push(p);
          return p;
        });
        // Every instance reaches readiness, and none has exited on the way.
        const crashed = Promise.race(
          instances.map((p, i) => p.exited.then((code) => `instance ${i + 1} exited (${code}) on the ${round} database:\n${p.output()}`)),
        );
        const ready = Promise.all(ports.map((port) => waitHealthy(port, 90_000)));
        const outcome = await Promise.race([ready.then(() => "ready"), crashed]);
        expect(outcome).toBe("ready");
        for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
        const codes = await Promise.all(instances.map(stop));
        expect(codes).toEqual([0, 0, 0, 0, 0]);
      }
    } finally {
      killAll(started);
      await database.drop();
    }
  });

  test("with DATABASE_URL and no BETTER_AUTH_SECRET the server refuses to start and says what to set", async () => {
    const database = await freshDatabase("ops_nosecret");
    try {
      const p = start({ PORT: String(portFor(6)), DATABASE_URL: database.url, BETTER_AUTH_SECRET: "", DATA_DIR: tmp() });
      expect(await p.exited).toBe(1);
      expect(p.output()).toContain("BETTER_AUTH_SECRET is not set");
      expect(p.output()).toMatch(/same random value of at least 32 characters on every instance/);
    } finally {
      await database.drop();
    }
  });

  test("npm start in a terminal says in one plain line where the site is", async () => {
    const port = portFor(11);
    // `script` gives npm a terminal, as a person running it has.
    const child = spawn("script", ["-qefc", "npm start", "/dev/null"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: "", DATA_DIR: tmp(), SEED: "false", LOG_LEVEL: "warn" },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    // The "Open" line is written for a person at a terminal only (the test's point), not a log;
    // `script` itself says "Session terminated" when the test ends it.
    keepServerOutput(child, "npm-start-tty", { skip: (line) => NPM_BANNER(line) || /^Open http/.test(line) || /^Session terminated/.test(line) });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    try {
      await expect.poll(() => output, { timeout: 80_000 }).toMatch(new RegExp(`^Open http://localhost:${port}\\r?$`, "m"));
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      // glibc reads its arena limit only as a process starts: npm start sets it for the server.
      const server = fs
        .readdirSync("/proc")
        .filter((pid) => /^\d+$/.test(pid))
        .find((pid) => {
          try {
            return (
              fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.js") &&
              fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`PORT=${port}`)
            );
          } catch {
            return false;
          }
        });
      expect(server, "the server's process").toBeDefined();
      expect(fs.readFileSync(`/proc/${server}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
  });

  test("WEB_CONCURRENCY above 1 on a runtime without reusePort refuses to start and says why", async () => {
    // Node 24 reporting itself as 22.11, the last release without reusePort.
    const olderNode = `data:text/javascript,Object.defineProperty(process, "versions", { value: { ...process.versions, node: "22.11.0" } });`;
    const p = start(
      { PORT: String(portFor(10)), WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://postgres@127.0.0.1:1/never", BETTER_AUTH_SECRET: SECRET, DATA_DIR: tmp() },
      { args: ["--import", olderNode, "server.js"] },
    );
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain("WEB_CONCURRENCY=2 needs Node 22.12 or later");
    expect(p.output()).toContain("this is Node 22.11.0");
    expect(p.output()).not.toContain("serving thread");
  });

  test("SIGTERM with a query stuck behind a lock: readiness says 503 at once, liveness holds, and the process exits within 15 s", async () => {
    const database = await freshDatabase("ops_stop");
    const port = portFor(7);
    const p = start({
      PORT: String(port),
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: SECRET,
      DATA_DIR: tmp(),
      SITE_URL: `http://localhost:${port}`,
      LOG_LEVEL: "info",
      SHUTDOWN_DELAY_SECONDS: "2",
    });
    const locker = new pg.Client({ connectionString: database.url });
    locker.on("error", () => {});
    try {
      await waitHealthy(port);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      // Another connection holds the forum's table, so a search waits on it (the forum list would render empty).
      await locker.connect();
      await locker.query("begin");
      await locker.query("lock table forum_questions in access exclusive mode");
      const stuck = fetch(`http://127.0.0.1:${port}/search?q=stuck`).then(
        (r) => r.status,
        () => "cut off",
      );
      await new Promise((r) => setTimeout(r, 500));

      const signalled = Date.now();
      p.child.kill("SIGTERM");
      await expect.poll(() => p.output().includes("shutting down"), { timeout: 2_000 }).toBe(true);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { status: string }).status).toBe("stopping");
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(503);
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);

      await p.exited;
      const seconds = (Date.now() - signalled) / 1000;
      console.log(`exited ${seconds.toFixed(1)} s after SIGTERM with a query stuck behind a lock`);
      expect(seconds).toBeLessThanOrEqual(15);
      expect(await stuck).not.toBe(200);
    } finally {
      killAll([p]);
      await locker.end().catch(() => {});
      await database.drop();
    }
  });
});

test.describe("logs", () => {
  const port = portFor(8);
  test.use({ baseURL: `http://localhost:${port}` });

  test("every line is JSON with hostname and pid, and no session or reset token is logged through a database outage and a password reset", async ({ page }) => {
    test.setTimeout(180_000);
    const database = await freshDatabase("ops_logs");
    const proxy = await startDatabaseProxy(portFor(9), database.url);
    const p = start({
      PORT: String(port),
      DATABASE_URL: proxy.url,
      BETTER_AUTH_SECRET: SECRET,
      DATA_DIR: tmp(),
      SITE_URL: `http://localhost:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_SMTP_PORT ?? 2526)}`,
      REQUIRE_EMAIL_VERIFICATION: "false",
      LOG_LEVEL: "info",
      SHUTDOWN_DELAY_SECONDS: "0",
    });
    try {
      await waitHealthy(port);
      const { email } = await signUp(page);
      const cookie = (await page.context().cookies()).find((c) => /session_token/.test(c.name))!;
      const sessionToken = decodeURIComponent(cookie.value).split(".")[0];
      expect(sessionToken.length).toBeGreaterThan(16);
      const headers = { cookie: `${cookie.name}=${cookie.value}` };
      const { token: apiToken } = (await (await fetch(`http://127.0.0.1:${port}/api/auth/token`, { headers })).json()) as { token: string };

      // The database goes away while the member keeps using the site.
      proxy.cut();
      recordPostedTexts("Asked while the database is away", "Does this get through?");
      const site = `http://127.0.0.1:${port}`;
      const during = [
        fetch(`${site}/account`, { headers }),
        fetch(`${site}/forum?page=2&token=${sessionToken}`, { headers }),
        fetch(`${site}/api/auth/get-session`, { headers }),
        fetch(`${site}/api/v1/questions`, {
          method: "POST",
          headers: { Authorization: `Bearer ${apiToken}`, "Content-Type": "application/json" },
          body: JSON.stringify({ title: "Asked while the database is away", content: "Does this get through?" }),
        }),
        // A form posted from another origin than the one the request came to: refused.
        fetch(`${site}/auth`, {
          method: "POST",
          headers: { ...headers, Origin: `http://localhost:${port}`, "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=sign-in",
        }),
      ];
      // Each answers 503 with Retry-After (or a stored page), never 500.
      const answers = await Promise.all(during);
      for (const [i, res] of answers.entries()) {
        const body = await res.text();
        if (res.status === 200) continue;
        expect(res.status, `request ${i} during the outage`).toBe(i === 4 ? 400 : 503);
        if (i !== 4) expect(res.headers.get("retry-after"), `request ${i}`).toBe("5");
        if (i === 0) expect(body).toContain("Temporarily unavailable");
      }
      proxy.restore();
      await waitHealthy(port, 30_000, "/readyz");

      // A password reset through the mail, as a member does it.
      await page.context().clearCookies();
      await gotoReady(page, "/auth/forgot");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
      const link = (await waitForMail(email, /Reset your/)).text.match(/https?:\/\/\S+/)![0];
      const resetToken = link.match(/reset-password\/([^?/]+)/)![1];
      await page.goto(link);
      await expect(page).toHaveURL(/\/auth\/reset\?token=/);
      await page.getByLabel("New password", { exact: true }).fill("my-new-password");
      await page.getByLabel("Confirm new password").fill("my-new-password");
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(page.getByText("Password updated", { exact: true })).toBeVisible();

      expect(await stop(p)).toBe(0);
      const lines = p
        .output()
        .split("\n")
        .filter((line) => line.trim());
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) {
        let entry: { pid?: number; hostname?: string; err?: { stack?: string }; msg?: string };
        try {
          entry = JSON.parse(line);
        } catch {
          throw new Error(`a log line is not JSON: ${line.slice(0, 300)}`);
        }
        expect(entry.pid, line).toBe(p.child.pid);
        expect(typeof entry.hostname, line).toBe("string");
        for (const secret of [sessionToken, resetToken, apiToken]) expect(line.includes(secret), `a token in: ${line.slice(0, 300)}`).toBe(false);
        expect(line, "query strings are not logged").not.toContain("page=2");
        if (/refused/.test(entry.msg ?? "")) expect(entry.err, line).toBeUndefined();
      }
      // The outage was seen and logged, and the refused form said so in one line.
      expect(lines.some((line) => /"msg":"request refused/.test(line))).toBe(true);
    } finally {
      killAll([p]);
      await proxy.close();
      await database.drop();
    }
  });
});
