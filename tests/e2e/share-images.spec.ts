// The built site serves the PNG share images its pages announce, at the announced size.
import { expect, test } from "./fixtures";

function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test("pages point og:image and twitter:image at built 1200 x 630 PNGs", async ({ page, request }) => {
  for (const path of ["/", "/blog/capsaicin-arthritis-guide", "/about"]) {
    await page.goto(path);
    const og = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(og, path).toMatch(/\/share\/.+\.png$/);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", og!);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    const response = await request.get(new URL(og!).pathname);
    expect(response.status(), og!).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
  }
});

test("every image structured data names is served: guides' share PNG and the 512 x 512 PNG logo", async ({ page, request }) => {
  await page.goto("/blog/capsaicin-arthritis-guide");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const article = blocks
    .map((b) => JSON.parse(b) as { "@type": string; image?: ({ url: string } | string)[]; publisher?: { logo: { url: string } } })
    .find((b) => b["@type"] === "Article")!;
  const [png] = article.image!;
  const logo = article.publisher!.logo.url;
  for (const [url, size] of [
    [(png as { url: string }).url, { width: 1200, height: 630 }],
    [logo, { width: 512, height: 512 }],
  ] as const) {
    const response = await request.get(new URL(url).pathname);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await response.body())).toEqual(size);
  }
});
