// The serving threads' restart budget and the runtime check for several threads on one port
// (server/restart-budget.js, used by server.js).
import { describe, expect, it } from "vitest";
import { createRestartBudget, supportsReusePort } from "../../server/restart-budget.js";

describe("a serving thread that keeps failing", () => {
  it("is replaced up to the budget within the window, then the process gives up", () => {
    const mayRestart = createRestartBudget({ max: 5, windowMs: 60_000 });
    const start = 1_000_000;
    const answers = [0, 1, 2, 3, 4, 5].map((i) => mayRestart(start + i * 1_000));
    expect(answers).toEqual([true, true, true, true, true, false]);
  });

  it("deaths spread over more than the window keep being replaced", () => {
    const mayRestart = createRestartBudget({ max: 5, windowMs: 60_000 });
    const answers = Array.from({ length: 20 }, (_, i) => mayRestart(i * 15_000));
    expect(answers.every(Boolean)).toBe(true);
  });
});

describe("several threads on one port", () => {
  it("need Node 22.12 or later", () => {
    expect(["20.19.0", "22.11.0", "23.0.0"].map(supportsReusePort)).toEqual([false, false, false]);
    expect(["22.12.0", "23.1.0", "24.21.0", "25.0.0"].map(supportsReusePort)).toEqual([true, true, true, true]);
  });
});
