// A start while PostgreSQL cannot be reached (a reboot where the database comes up later): the
// server keeps trying, saying so in its JSON log, and comes up by itself once the database
// answers, instead of exiting and leaving its supervisor to give up.
import { expect, test } from "./fixtures";
import { expectCleanLogs } from "./log-scan";
import { freshDatabase, killAll, portFor, start, startDatabaseProxy, stop, tmp, waitHealthy } from "./processes";

test("a server started with the database unreachable waits for it and comes up by itself when it returns", async () => {
  test.setTimeout(240_000);
  const port = portFor(27);
  const database = await freshDatabase("ops_start_wait");
  const proxy = await startDatabaseProxy(portFor(28), database.url);
  proxy.cut();
  const server = start({
    PORT: String(port),
    DATABASE_URL: proxy.url,
    BETTER_AUTH_SECRET: "start-wait-test-secret-0123456789abcdef",
    DATA_DIR: tmp(),
    LOG_LEVEL: "info",
    // The longest pause between tries (the default is 30 s).
    DATABASE_START_RETRY_MAX_SECONDS: "1",
  });
  try {
    const tries = () =>
      server
        .output()
        .split("\n")
        .filter((line) => /waiting for the database/.test(line)).length;
    const alive = () => expect(server.child.exitCode, `the server exited while the database was away:\n${server.output().slice(-1500)}`).toBeNull();
    // Its first try (loading the build takes a while on a busy machine), then a minute of an
    // unreachable database, as after a reboot where PostgreSQL is slow: the process stays, and
    // logs its tries. The minute is the case itself, not a wait for something.
    await expect.poll(() => tries() > 0 || server.child.exitCode !== null, { timeout: 45_000 }).toBe(true);
    alive();
    const downUntil = Date.now() + 60_000;
    while (Date.now() < downUntil) {
      alive();
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(tries(), `one log line per try:\n${server.output().slice(-1500)}`).toBeGreaterThan(3);
    proxy.restore();
    const back = Date.now();
    await waitHealthy(port, 15_000);
    console.log(`start wait: ready ${Date.now() - back} ms after the database returned`);
    expect(Date.now() - back).toBeLessThan(10_000);
    expect(await stop(server)).toBe(0);
    expectCleanLogs(server.output());
  } finally {
    killAll([server]);
    await proxy.close();
    await database.drop();
  }
});
