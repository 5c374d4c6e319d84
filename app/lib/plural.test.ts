import { describe, expect, it } from "vitest";
import { countOf, tookSeconds } from "./plural";

describe("counts and durations in words", () => {
  it("agrees the noun with the number", () => {
    expect(countOf(1, "row")).toBe("1 row");
    expect(countOf(0, "row")).toBe("0 rows");
    expect(countOf(1200, "row")).toBe("1,200 rows");
    expect(countOf(1, "city", "cities")).toBe("1 city");
    expect(countOf(2, "city", "cities")).toBe("2 cities");
  });

  it("never says 'in 0.0 s'", () => {
    expect(tookSeconds(12)).toBe("in under a second");
    expect(tookSeconds(1000)).toBe("in 1 second");
    expect(tookSeconds(2440)).toBe("in 2.4 seconds");
  });
});
