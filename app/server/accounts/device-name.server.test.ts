import { describe, expect, it } from "vitest";
import { deviceName } from "./device-name.server";

describe("deviceName", () => {
  it("names the browser and the system, never the raw header", () => {
    expect(deviceName("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36")).toMatch(
      /^Chrome( Headless)? on Linux$/,
    );
    expect(deviceName("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36")).toBe("Chrome on Linux");
    expect(
      deviceName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari on iOS");
    expect(deviceName("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("Firefox on macOS");
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0")).toBe(
      "Edge on Windows",
    );
  });

  it("says so when nothing is known", () => {
    expect(deviceName(null)).toBe("Unknown browser");
    expect(deviceName("")).toBe("Unknown browser");
    expect(deviceName("curl/8.5.0")).toBe("Unknown browser");
  });
});
