// Public pages for signed-out visitors are rendered once and kept here as compressed bytes
// (gzip and brotli, made once per entry, never per request). Any write that can change what a
// page shows clears the cache; entries also expire after a minute (relative times, the member
// counter after a sign-up). An expired page is rendered again by one request while the others
// are still answered with it (for at most REFRESH_MS): a busy page never makes every reader wait
// for its render. server/page-cache/ is the HTTP side: who may be served from here.
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

export interface CachedPage {
  status: number;
  /** Headers of the rendered response that belong to the page (content type, CSP for its scripts). */
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Strong validator of the body: `"<base64url sha1>"`. */
  etag: string;
  createdAt: number;
  /** When it was last moved to the recently used end. */
  usedAt: number;
  /** Expired, and a request is rendering it again since then (see PageCache.refresh). */
  refreshingSince?: number;
  /** Times served from the cache; at UPGRADE_AFTER its brotli is made again at full effort. */
  hits: number;
}

export type PageInput = Pick<CachedPage, "status" | "headers" | "body">;

// A page is first compressed with bounded effort (brotli 9: about 3 ms for a 50 KB page, against
// 75 ms at 11), so that a stream of never-repeated addresses cannot keep the compression threads
// busy; once a page is served UPGRADE_AFTER times it is compressed again at full effort (about
// 11% smaller), off the main thread, and the smaller bytes replace the first ones.
const STORE_QUALITY = 9;
const UPGRADE_AFTER = 3;

export interface PageCache {
  enabled: boolean;
  /**
   * The page kept for `key`: fresh, or expired while a request renders it again (refresh). An
   * expired page nobody is refreshing is not returned: the caller renders it and calls refresh.
   */
  get(key: string): CachedPage | undefined;
  /**
   * Marks the expired page of `key` (if any) as being rendered again; until `done` is called, or
   * for REFRESH_MS at most, get() keeps returning it. `done(stored)`: a page that was not stored
   * again (the render failed, or no longer gives a page to keep) is dropped.
   */
  refresh(key: string): (stored: boolean) => void;
  /** Compresses and stores a page at once (blocking); returns the entry. */
  set(key: string, page: PageInput): CachedPage;
  /**
   * Compresses off the main thread and stores the page, unless the cache was invalidated since
   * `renderedAt` (the version read before rendering): a page rendered from data older than the
   * last write is served to its own request but never kept.
   */
  store(key: string, page: PageInput, renderedAt: number, dataSince?: number): Promise<{ page: CachedPage; stored: boolean }>;
  /** Forget every page: called by the freshness authority on every content change. */
  invalidate(): void;
  /** The content epoch (freshness.server.ts) the pages belong to; stale pages are never kept. */
  version(): number;
  size(): number;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const brotliOptions = (size: number, quality: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    // A window just large enough for the page (the default, 4 MB, is for much larger input):
    // the same bytes, in well under half the time.
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(size + 1)))),
  },
});

/** How long an expired page is still served while one request renders it again. */
export const REFRESH_MS = 10_000;

export function etagOf(body: Buffer) {
  return `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
}

export function createPageCache(options: { enabled: boolean; maxEntries?: number; ttlMs?: number; epoch?: () => number }): PageCache {
  // A Map keeps insertion order: re-inserting on each hit makes the first key the least recently used.
  const entries = new Map<string, CachedPage>();
  const maxEntries = options.maxEntries ?? 1000;
  const ttlMs = options.ttlMs ?? 60_000;
  // Standalone (tests), the cache counts its own invalidations; in the app the epoch is the
  // freshness authority's, which invalidates it.
  let local = 0;
  const version = options.epoch ?? (() => local);

  const keep = (key: string, page: CachedPage) => {
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, page);
  };

  // The same page with full-effort brotli, in place of the first one if it is still the one kept.
  const upgrade = (key: string, page: CachedPage) => {
    brotli(page.body, brotliOptions(page.body.length, zlib.constants.BROTLI_MAX_QUALITY)).then(
      (br) => entries.get(key) === page && entries.set(key, { ...page, br }),
      () => {},
    );
  };

  return {
    enabled: options.enabled,
    get(key) {
      const page = entries.get(key);
      if (!page) return undefined;
      const now = Date.now();
      if (now - page.createdAt > ttlMs && !(page.refreshingSince !== undefined && now - page.refreshingSince < REFRESH_MS)) {
        return undefined;
      }
      if (++page.hits === UPGRADE_AFTER) upgrade(key, page);
      // Least recently used first: a page read again moves to the end (at most once a second,
      // so that a busy page costs nothing more than the lookup).
      if (now - page.usedAt > 1000) {
        page.usedAt = now;
        entries.delete(key);
        entries.set(key, page);
      }
      return page;
    },
    refresh(key) {
      const expired = entries.get(key);
      if (!expired || Date.now() - expired.createdAt <= ttlMs) return () => {};
      expired.refreshingSince = Date.now();
      return (stored) => {
        expired.refreshingSince = undefined;
        if (!stored && entries.get(key) === expired) entries.delete(key);
      };
    },
    set(key, page) {
      const cached: CachedPage = {
        ...page,
        gzip: zlib.gzipSync(page.body, { level: 9 }),
        br: zlib.brotliCompressSync(page.body, brotliOptions(page.body.length, zlib.constants.BROTLI_MAX_QUALITY)),
        etag: etagOf(page.body),
        createdAt: Date.now(),
        usedAt: Date.now(),
        hits: UPGRADE_AFTER,
      };
      if (options.enabled) keep(key, cached);
      return cached;
    },
    async store(key, page, renderedAt, dataSince = Date.now()) {
      const [gz, br] = await Promise.all([gzip(page.body, { level: 9 }), brotli(page.body, brotliOptions(page.body.length, STORE_QUALITY))]);
      // Its lifetime counts from the oldest data it was rendered from, not from the render.
      const cached: CachedPage = { ...page, gzip: gz, br, etag: etagOf(page.body), createdAt: dataSince, usedAt: Date.now(), hits: 0 };
      const stored = options.enabled && renderedAt === version();
      if (stored) keep(key, cached);
      return { page: cached, stored };
    },
    invalidate() {
      entries.clear();
      local++;
    },
    version,
    size: () => entries.size,
  };
}
