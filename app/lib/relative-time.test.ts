import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = Date.UTC(2026, 5, 15, 12, 0, 0);
const ago = (seconds: number) => now - seconds * 1000;

describe("relativeTime", () => {
  it("reads with 'ago' at every distance, never 'yesterday' or 'last week'", () => {
    expect(relativeTime(ago(24 * 3600), now)).toBe("1 day ago");
    expect(relativeTime(ago(3 * 24 * 3600), now)).toBe("3 days ago");
    expect(relativeTime(ago(7 * 24 * 3600), now)).toBe("1 week ago");
    expect(relativeTime(ago(30 * 24 * 3600), now)).toBe("1 month ago");
    expect(relativeTime(ago(365 * 24 * 3600), now)).toBe("1 year ago");
    expect(relativeTime(ago(3600), now)).toBe("1 hour ago");
    expect(relativeTime(ago(5 * 60), now)).toBe("5 minutes ago");
  });

  it("says 'just now' only for less than a minute", () => {
    expect(relativeTime(ago(0), now)).toBe("just now");
    expect(relativeTime(ago(59), now)).toBe("just now");
    expect(relativeTime(ago(60), now)).toBe("1 minute ago");
    expect(relativeTime(ago(50), now)).not.toBe("1 minute ago");
  });
});
