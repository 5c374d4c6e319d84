// A thread that renders for a long time reads its notification connection late. That is the
// thread's doing, not the connection's: while the echoes of its heartbeats do come back, its
// caches stay and it counts as healthy; once the connection is really silent, they are cleared.
// A slow round trip to the database is not silence either. Runs on the PostgreSQL server the
// browser tests use, without a browser.
import pg from "pg";
import { CHANGES_CHANNEL, payloadOf } from "../../app/server/infra/change-events.server";
import { createFreshness, type Heard } from "../../app/server/infra/freshness.server";
import { expect, test } from "./fixtures";
import { ADMIN_URL, freshDatabase, portFor, startDatabaseProxy } from "./processes";

/** Holds the thread as a render would: no timer or socket is served meanwhile. */
function busy(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

/** One turn of the event loop: timers, then the input that arrived, then this. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("a thread busy for a second at a time keeps its caches while its heartbeats are answered", async () => {
  const freshness = createFreshness({ databaseUrl: ADMIN_URL });
  const cleared: number[] = [];
  freshness.onChange(() => cleared.push(Date.now()));
  await freshness.start();
  try {
    // Answered heartbeats first, with the thread idle.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const healthyWhileBusy: boolean[] = [];
    for (let turn = 0; turn < 6; turn++) {
      busy(1000);
      healthyWhileBusy.push(freshness.healthy());
      await nextTurn();
    }
    expect(cleared, "caches cleared while every heartbeat was answered").toEqual([]);
    expect(healthyWhileBusy, "healthy after each busy second").not.toContain(false);
  } finally {
    await freshness.stop();
  }
});

test("a listening connection whose replies take 300 ms keeps its caches, and still hears another instance's write within a second", async () => {
  // A database of its own: notifications are per database, and other tests listen on theirs.
  const database = await freshDatabase("freshness_slow");
  const proxy = await startDatabaseProxy(portFor(29), database.url);
  const freshness = createFreshness({ databaseUrl: proxy.url });
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const heard: { change: Heard; at: number }[] = [];
  freshness.onChange((change) => heard.push({ change, at: Date.now() }));
  await freshness.start();
  try {
    proxy.slowReplies(300);
    // Several heartbeats' worth of slow round trips, each taking more than a tick.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(
      heard.filter((h) => h.change === "all"),
      "caches cleared while every heartbeat came back, 300 ms late",
    ).toEqual([]);
    expect(freshness.healthy(), "healthy with slow replies").toBe(true);
    const wrote = Date.now();
    // Another instance's committed change, as its transaction tells it.
    await pool.query("select pg_notify($1, $2)", [CHANGES_CHANNEL, payloadOf("other", { id: 1, tags: ["forum"] })]);
    const forum = () => heard.find((h) => h.change !== "all" && h.change.tags.includes("forum"));
    await expect.poll(() => Boolean(forum()), { timeout: 1000, intervals: [25] }).toBe(true);
    expect(forum()!.at - wrote, "another instance's write heard").toBeLessThan(1000);
  } finally {
    await freshness.stop();
    await pool.end();
    await proxy.close();
    await database.drop();
  }
});
