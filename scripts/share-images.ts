// Share images for social networks, made at build time: the large networks do not show SVG
// previews, so every illustration a page names as its share image (the site's og-image.svg and
// each guide's hero) is also rendered to a 1200 x 630 PNG, the size they ask for. resvg renders
// the SVG offline; the 16:9 drawing is centred on its own background colour to fill 1.91:1.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { LOGO_PATH, LOGO_SIZE, LOGO_SOURCE, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from "../app/lib/share-image.ts";

/** The SVGs under public/ that pages use as share images: og-image.svg and the guides' folder. */
export function shareSources(publicDir: string): string[] {
  const guides = readdirSync(join(publicDir, "guides"))
    .filter((f) => f.endsWith(".svg"))
    .map((f) => `/guides/${f}`);
  return ["/og-image.svg", ...guides.sort()];
}

// The drawings' labels ask for system-ui. Debian's DejaVu Sans, when installed, is loaded alone
// (reading every system font for each image takes seconds); otherwise the system's fonts are used.
const DEJAVU = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map((f) => `/usr/share/fonts/truetype/dejavu/${f}`);
const FONTS = DEJAVU.every((f) => existsSync(f))
  ? { loadSystemFonts: false, fontFiles: DEJAVU, defaultFontFamily: "DejaVu Sans", sansSerifFamily: "DejaVu Sans" }
  : { loadSystemFonts: true, sansSerifFamily: "DejaVu Sans" };

/** One SVG drawing as a 1200 x 630 PNG. */
export function renderShareImage(svg: string): Buffer {
  const root = svg.match(/<svg\b[^>]*>/)?.[0];
  if (!root) throw new Error("not an SVG document");
  const width = Number(root.match(/\bwidth="([\d.]+)"/)?.[1]);
  const height = Number(root.match(/\bheight="([\d.]+)"/)?.[1]);
  const viewBox = root.match(/\bviewBox="([^"]+)"/)?.[1] ?? `0 0 ${width} ${height}`;
  // The drawing's own first full-size rectangle colour, so the added margins match it.
  const background = svg.match(/<rect width="[\d.]+" height="[\d.]+" fill="(#[0-9A-Fa-f]{3,8})"/)?.[1] ?? "#FFFFFF";
  const scale = Math.min(SHARE_IMAGE_WIDTH / width, SHARE_IMAGE_HEIGHT / height);
  const w = width * scale;
  const h = height * scale;
  const inner = svg.slice(svg.indexOf(root) + root.length, svg.lastIndexOf("</svg>"));
  const framed =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<svg x="${(SHARE_IMAGE_WIDTH - w) / 2}" y="${(SHARE_IMAGE_HEIGHT - h) / 2}" width="${w}" height="${h}" viewBox="${viewBox}">${inner}</svg></svg>`;
  const resvg = new Resvg(framed, {
    fitTo: { mode: "original" },
    font: FONTS,
  });
  return resvg.render().asPng();
}

/** The square logo drawing as a `size` x `size` PNG (structured data's Organization logo). */
export function renderLogo(svg: string, size = LOGO_SIZE): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: size }, font: FONTS }).render().asPng();
}

/** Renders every share image into `outDir` (the client build), at the paths pages point to. */
export async function writeShareImages(publicDir: string, outDir: string) {
  const written: string[] = [];
  for (const src of shareSources(publicDir)) {
    const target = join(outDir, shareImagePath(src));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, renderShareImage(readFileSync(join(publicDir, src), "utf8")));
    written.push(relative(outDir, target));
  }
  const logo = join(outDir, LOGO_PATH);
  await writeFile(logo, renderLogo(readFileSync(join(publicDir, LOGO_SOURCE), "utf8")));
  written.push(relative(outDir, logo));
  return written;
}
