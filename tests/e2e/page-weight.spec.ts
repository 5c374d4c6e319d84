// What a phone downloads to run the home page and a guide: every script the browser loads, as the
// server sends it to a client that accepts gzip, stays under 121 kB.
import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "./fixtures";

const BUDGET_BYTES = 121_000;

function rawGet(url: string, encoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on("error", reject);
  });
}

for (const pagePath of ["/", "/blog/capsaicin-arthritis-guide"]) {
  test(`${pagePath} loads less than 121 kB of gzip-compressed JavaScript`, async ({ page, baseURL }) => {
    const scripts = new Set<string>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(response.url());
    });
    await page.goto(pagePath);
    await page.waitForLoadState("networkidle");
    // React has run: every script the page needs has loaded.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(scripts.size).toBeGreaterThanOrEqual(4);

    let total = 0;
    for (const url of scripts) {
      expect(url.startsWith(`${baseURL}/assets/`)).toBe(true);
      const sent = await rawGet(url, "gzip");
      const identity = await rawGet(url, "identity");
      expect(identity.headers["content-encoding"]).toBeUndefined();
      // Anything but the smallest files goes out compressed, and decodes to the script itself.
      if (identity.body.length > 1000) expect(sent.headers["content-encoding"], url).toBe("gzip");
      const decoded = sent.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(sent.body) : sent.body;
      expect(decoded.equals(identity.body), url).toBe(true);
      total += sent.body.length;
    }
    expect(total).toBeLessThan(BUDGET_BYTES);
  });
}
