// Share images: each page's og:image and twitter:image is a 1200 x 630 PNG (large social networks
// show no SVG previews), rendered at build time from the page's SVG illustration.
import { join } from "node:path";
import { readFileSync } from "node:fs";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { allGuides } from "~/server/guides/guide-pages.server";
import { organization, seo } from "~/lib/seo";
import { renderLogo, renderShareImage, shareSources } from "../../scripts/share-images";

const PUBLIC = join(import.meta.dirname, "../../public");
const SITE = "https://ra.capsiva.test";

/** Width and height from a PNG's header (signature, then the IHDR chunk). */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const content = (tags: MetaDescriptor[], key: "property" | "name", value: string) =>
  (tags.find((t) => (t as Record<string, string>)[key] === value) as { content?: string } | undefined)?.content;

describe("share images", () => {
  it("render every page illustration to a 1200 x 630 PNG", () => {
    const sources = shareSources(PUBLIC);
    for (const guide of allGuides().values()) expect(sources).toContain(guide.hero.src);
    expect(sources).toContain("/og-image.svg");
    for (const src of sources) {
      const png = renderShareImage(readFileSync(join(PUBLIC, src), "utf8"));
      expect(pngSize(png), src).toEqual({ width: 1200, height: 630 });
      // A real drawing, not an empty canvas.
      expect(png.length, src).toBeGreaterThan(10_000);
    }
  });

  it("are what pages announce, with their type and size", () => {
    const home = seo(SITE, { path: "/" });
    expect(content(home, "property", "og:image")).toBe(`${SITE}/share/og-image.png`);
    expect(content(home, "name", "twitter:image")).toBe(`${SITE}/share/og-image.png`);
    expect(content(home, "property", "og:image:type")).toBe("image/png");
    expect(content(home, "property", "og:image:width")).toBe("1200");
    expect(content(home, "property", "og:image:height")).toBe("630");

    const guide = seo(SITE, { path: "/blog/capsaicin-arthritis-guide", image: "/guides/capsaicin-hands.svg" });
    expect(content(guide, "property", "og:image")).toBe(`${SITE}/share/guides/capsaicin-hands.png`);
    expect(content(guide, "name", "twitter:image")).toBe(`${SITE}/share/guides/capsaicin-hands.png`);
  });

  it("include a square PNG logo, which structured data names", () => {
    const png = renderLogo(readFileSync(join(PUBLIC, "favicon.svg"), "utf8"));
    expect(pngSize(png)).toEqual({ width: 512, height: 512 });
    expect(png.length).toBeGreaterThan(2_000);
    expect(organization(SITE).logo).toEqual({ "@type": "ImageObject", url: `${SITE}/share/logo.png`, width: 512, height: 512 });
  });
});
