// Public pages for signed-out visitors are rendered once and kept here as compressed bytes.
// Any write that can change what a page shows clears the cache.
import zlib from "node:zlib";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  createdAt: number;
}

export interface PageCache {
  enabled: boolean;
  get(key: string): CachedPage | undefined;
  set(key: string, page: Omit<CachedPage, "gzip" | "br" | "createdAt">): CachedPage;
  /** Forget every page: called after each write that changes public content. */
  invalidate(): void;
  /** Goes up by one on every invalidation (other caches compare it to know they are stale). */
  version(): number;
  size(): number;
}

export function createPageCache(options: { enabled: boolean; maxEntries?: number; ttlMs?: number }): PageCache {
  const entries = new Map<string, CachedPage>();
  const maxEntries = options.maxEntries ?? 500;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  let version = 0;
  return {
    enabled: options.enabled,
    get(key) {
      const page = entries.get(key);
      if (!page) return undefined;
      if (Date.now() - page.createdAt > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return page;
    },
    set(key, page) {
      const cached: CachedPage = {
        ...page,
        gzip: zlib.gzipSync(page.body, { level: 9 }),
        br: zlib.brotliCompressSync(page.body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length },
        }),
        createdAt: Date.now(),
      };
      if (options.enabled) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, cached);
      }
      return cached;
    },
    invalidate() {
      entries.clear();
      version++;
    },
    version: () => version,
    size: () => entries.size,
  };
}
