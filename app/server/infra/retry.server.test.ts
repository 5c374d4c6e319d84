import { describe, expect, it } from "vitest";
import { backoffMs, retry } from "./retry.server";

describe("backoff", () => {
  it("doubles from the first wait up to the longest", () => {
    const waits = [1, 2, 3, 4, 5, 6, 40].map((attempt) => backoffMs(attempt, { firstMs: 250, maxMs: 5000 }));
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it("spreads each wait within the jitter", () => {
    for (let i = 0; i < 200; i++) {
      const wait = backoffMs(3, { firstMs: 30_000, maxMs: 3_600_000, jitter: 0.2 });
      expect(wait).toBeGreaterThanOrEqual(96_000);
      expect(wait).toBeLessThanOrEqual(144_000);
    }
  });
});

describe("retry", () => {
  it("tries again after a failure it is told to retry, with growing waits, until the work gets through", async () => {
    const seen: Array<[number, number]> = [];
    let calls = 0;
    const result = await retry(
      async () => {
        if (++calls < 4) throw new Error("not yet");
        return "done";
      },
      { firstMs: 1, maxMs: 3, retryIf: (_error, attempt, waitMs) => (seen.push([attempt, waitMs]), true) },
    );
    expect(result).toBe("done");
    expect(seen).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it("throws the failure it is told not to retry, without trying again", async () => {
    let calls = 0;
    const refused = new Error("refused");
    await expect(
      retry(
        async () => {
          calls++;
          throw refused;
        },
        { firstMs: 1, maxMs: 1, retryIf: () => false },
      ),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
  });
});
