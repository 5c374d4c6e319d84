// Prints the client JavaScript each route loads, gzipped, after `react-router build`.
//
// The source is React Router's own client manifest (build/client/assets/manifest-<hash>.js),
// the very list the server puts into each page as <link rel="modulepreload"> and imports on
// hydration: the entry module and its imports, then for every route from the root down to the
// page its module and its imports. Shared chunks are counted once per page. Sizes are what the
// server sends: the gzip and Brotli files the build wrote next to each chunk (vite.config.ts),
// or, for a chunk without them, the chunk gzipped at zlib's default level as the compression
// middleware would send it. The budget is counted in gzip bytes; browsers that accept Brotli
// receive less.
//
// Exits with status 1 when the home page or a guide loads more than the budget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// 121 kB since every page's root gained the live-updates connection and the drafts' sign-out
// clean-up (0.6 kB after moving what only moderators use out of the shell); see performance.md.
const BUDGET_BYTES = 121_000;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const files = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f)) : [];
  if (files.length === 0) throw new Error(`No React Router manifest in ${assets}: run \`react-router build\` first.`);
  // One build writes one manifest; if a folder holds several, the newest is the current one.
  const newest = files.map((f) => ({ f, t: fs.statSync(path.join(assets, f)).mtimeMs })).sort((a, b) => b.t - a.t)[0].f;
  const text = fs.readFileSync(path.join(assets, newest), "utf8").trim();
  const json = text.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "");
  return JSON.parse(json) as Manifest;
}

const sizeCache = new Map<string, { raw: number; gz: number; br: number }>();
function sizeOf(clientDir: string, url: string) {
  let s = sizeCache.get(url);
  if (!s) {
    const file = path.join(clientDir, url.replace(/^\//, ""));
    const bytes = fs.readFileSync(file);
    const stored = (ext: string) => (fs.existsSync(`${file}.${ext}`) ? fs.statSync(`${file}.${ext}`).size : undefined);
    s = {
      raw: bytes.length,
      gz: stored("gz") ?? zlib.gzipSync(bytes).length,
      br: stored("br") ?? zlib.brotliCompressSync(bytes).length,
    };
    sizeCache.set(url, s);
  }
  return s;
}

function fullPath(manifest: Manifest, route: ManifestRoute) {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`;
}

/** The JavaScript files a document request for `route` loads, in order, without duplicates. */
export function routeFiles(manifest: Manifest, route: ManifestRoute) {
  const chain: ManifestRoute[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r);
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  return [...files].filter((f) => f.endsWith(".js"));
}

const kb = (n: number) => (n / 1000).toFixed(1);

function main() {
  const clientDir = path.join(BUILD_DIR, "client");
  const manifest = readManifest(clientDir);
  const parentIds = new Set(Object.values(manifest.routes).map((r) => r.parentId));
  // Pages only: leaf routes that render (resource routes such as /rss.xml load no JavaScript).
  const pages = Object.values(manifest.routes).filter((r) => !parentIds.has(r.id) && r.hasDefaultExport !== false);

  const rows = pages.map((route) => {
    const files = routeFiles(manifest, route);
    const sizes = files.map((f) => sizeOf(clientDir, f));
    return {
      id: route.id,
      path: fullPath(manifest, route),
      files: files.length,
      raw: sizes.reduce((a, s) => a + s.raw, 0),
      gz: sizes.reduce((a, s) => a + s.gz, 0),
      br: sizes.reduce((a, s) => a + s.br, 0),
      budgeted: route.id === "routes/site/home" || route.id.startsWith("guide-"),
    };
  });
  rows.sort((a, b) => a.path.localeCompare(b.path));

  const width = Math.max(...rows.map((r) => r.path.length), 4);
  console.log(`\nClient JavaScript per page (${BUILD_DIR}/client, as sent; budget ${kb(BUDGET_BYTES)} kB gzip for / and the guides)\n`);
  console.log(`${"page".padEnd(width)}  files   raw kB   gzip kB  brotli kB`);
  for (const r of rows) {
    const over = r.budgeted && r.gz > BUDGET_BYTES;
    const mark = r.budgeted ? (over ? "  OVER BUDGET" : "  ok") : "";
    console.log(`${r.path.padEnd(width)}  ${String(r.files).padStart(5)}  ${kb(r.raw).padStart(7)}  ${kb(r.gz).padStart(8)}  ${kb(r.br).padStart(9)}${mark}`);
  }

  // The heaviest chunks, and how many pages load each: where to look when a budget is exceeded.
  const use = new Map<string, number>();
  for (const route of pages) for (const f of routeFiles(manifest, route)) use.set(f, (use.get(f) ?? 0) + 1);
  const heavy = [...use.entries()]
    .map(([f, n]) => ({ f, n, ...sizeOf(clientDir, f) }))
    .sort((a, b) => b.gz - a.gz)
    .slice(0, 8);
  console.log(`\nLargest chunks (gzip kB, pages loading it of ${pages.length}):`);
  for (const h of heavy) console.log(`  ${kb(h.gz).padStart(6)}  ${String(h.n).padStart(3)}  ${h.f}`);

  const over = rows.filter((r) => r.budgeted && r.gz > BUDGET_BYTES);
  if (over.length) {
    console.error(`\nOver the ${kb(BUDGET_BYTES)} kB budget: ${over.map((r) => `${r.path} (${kb(r.gz)} kB)`).join(", ")}`);
    process.exit(1);
  }
  console.log("");
}

main();
