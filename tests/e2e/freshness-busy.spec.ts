// A thread that renders for a long time reads its notification connection late. That is the
// thread's doing, not the connection's: while the echoes of its heartbeats do come back, its
// caches stay and it counts as healthy; once the connection is really silent, they are cleared.
// Runs on the PostgreSQL server the browser tests use, without a browser.
import { createFreshness } from "../../app/server/freshness.server";
import { expect, test } from "./fixtures";
import { ADMIN_URL } from "./processes";

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
  freshness.onBump(() => cleared.push(Date.now()));
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
