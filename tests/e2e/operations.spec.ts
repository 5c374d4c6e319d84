// Running the production build as an operator does: several instances on one PostgreSQL
// database, shutdown under a stuck query, logs, and the production install.
import crypto from "node:crypto";
import pg from "pg";
import { expect, test } from "./fixtures";
import { freshDatabase, killAll, portFor, start, stop, tmp, waitHealthy, type ServerProcess } from "./processes";

const SECRET = crypto.randomBytes(32).toString("hex");

test.describe("operations", () => {
  test("five instances started at the same moment on one database all serve, on a fresh database and again on an up-to-date one", async () => {
    test.setTimeout(150_000);
    const database = await freshDatabase("ops_multi");
    const started: ServerProcess[] = [];
    try {
      const ports = [1, 2, 3, 4, 5].map(portFor);
      for (const round of ["fresh", "up to date"]) {
        const instances = ports.map((port) => {
          const p = start({ PORT: String(port), DATABASE_URL: database.url, BETTER_AUTH_SECRET: SECRET, DATA_DIR: tmp(), SITE_URL: `http://localhost:${port}` });
          started.push(p);
          return p;
        });
        // Every instance reaches readiness, and none has exited on the way.
        const crashed = Promise.race(instances.map((p, i) => p.exited.then((code) => `instance ${i + 1} exited (${code}) on the ${round} database:\n${p.output()}`)));
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

  test("SIGTERM with a query stuck behind a lock: readiness says 503 at once, liveness holds, and the process exits within 15 s", async () => {
    test.setTimeout(90_000);
    const database = await freshDatabase("ops_stop");
    const port = portFor(7);
    const p = start({ PORT: String(port), DATABASE_URL: database.url, BETTER_AUTH_SECRET: SECRET, DATA_DIR: tmp(), SITE_URL: `http://localhost:${port}`, LOG_LEVEL: "info" });
    const locker = new pg.Client({ connectionString: database.url });
    locker.on("error", () => {});
    try {
      await waitHealthy(port);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
      // Another connection holds the forum's table, so the forum page's query waits on it.
      await locker.connect();
      await locker.query("begin");
      await locker.query("lock table forum_questions in access exclusive mode");
      const stuck = fetch(`http://127.0.0.1:${port}/forum`).then((r) => r.status, () => "cut off");
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
