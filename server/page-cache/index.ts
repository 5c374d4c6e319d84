// The readers' page store: public pages rendered once and kept as compressed bytes for requests
// that carry nothing personal. Admission is by allow-list, decided by the code that reads sessions
// (key.ts); a page is kept only when its route marked it public, it set no cookie, it is a 200 and
// every database read of its render went through a shared read, whose tags the page then depends
// on. A change to one of those tags, here or on another instance, makes the page stale.
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import type { DependencyTracker, TagClock } from "../../app/server/infra/cache/tags.server";
import { storeKeyOf, type RulesOf } from "./key";
import { sendPage, type StoredPage } from "./send";

export { sendPage, pickEncoding, type StoredPage } from "./send";
export { routeRules, storeKeyOf } from "./key";

type Render = () => Promise<Response>;
interface Entry {
  page: StoredPage;
  tags: string[];
  /** The tag clock's reading, and the time, when its render began. */
  at: number;
  startedAt: number;
}
type Keep = () => Promise<Entry>;

const STORABLE_TYPE = /^(text\/html|text\/x-script|text\/plain|application\/xml|application\/rss\+xml)\b/i;
const CSP = "content-security-policy";
// Per request or per answer, never replayed.
const NOT_STORED = new Set([
  "x-request-id",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "vary",
  "set-cookie",
  "x-cache",
  CSP,
]);

// While a page that went stale is rendered again, other readers are given the page it replaces if
// that one's render began less than this long ago: what they read is never older than this, and
// a question answered several times a second is not rendered once per reader who waits.
export const STALE_GRACE_MS = 500;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface PageStoreOptions {
  enabled: boolean;
  /** What decides whether a stored page is still current (freshness.server.ts). */
  clock: TagClock;
  /** What a render depended on, as it ran. */
  deps: DependencyTracker;
  /** The query rules of the page at a path (key.ts); until the build is loaded, nothing is stored. */
  rulesOf?: () => RulesOf | undefined;
  /** The Content-Security-Policy for a stored HTML page, from its inline scripts' hashes. */
  policy: (html: string) => string;
  maxBytes?: number;
  ttlMs?: number;
  /** Told of a public page that could not be kept because its render read the database directly. */
  onUntracked?: (url: string) => void;
}

export type PageStore = ReturnType<typeof createPageStore>;

export function createPageStore(options: PageStoreOptions) {
  const { clock, deps } = options;
  const pages = new LRUCache<string, Entry, Keep>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: ({ page }) => page.body.length + page.gzip.length + page.br.length + 1024,
    ttl: options.ttlMs ?? 60_000,
    // An expired page stays until rendered again: while the database is away, it is still served.
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: (_key, _stale, { context: renderAndKeep }) => renderAndKeep(),
  });
  const keyOf = (req: IncomingMessage) => {
    const rulesOf = options.enabled ? options.rulesOf?.() : undefined;
    return rulesOf ? storeKeyOf(req, rulesOf) : null;
  };
  /** The stored page of `key` if nothing it shows changed since it was rendered. */
  const current = (entry: Entry | undefined) => (entry && clock.fresh(entry.tags, entry.at) ? entry : undefined);
  // Stale pages being rendered again, by key: given to others within the grace (STALE_GRACE_MS).
  const replacing = new Map<string, Entry>();
  const graceful = (key: string) => {
    const old = replacing.get(key);
    return old && Date.now() - old.startedAt < STALE_GRACE_MS ? old : undefined;
  };

  /** Turns a rendered answer into a page to keep, or throws when it must not be kept. */
  const toPage = async (response: Response, res: ServerResponse): Promise<StoredPage> => {
    const type = response.headers.get("content-type") ?? "";
    const publicPage = /\bpublic\b/.test(response.headers.get("cache-control") ?? "");
    if (response.status !== 200 || !publicPage || response.headers.has("set-cookie") || response.headers.has("content-encoding") || !STORABLE_TYPE.test(type)) {
      throw new NotStorable();
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Map<string, string>();
    for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined) headers.set(name, String(value));
    for (const [name, value] of response.headers) headers.set(name, value);
    for (const name of NOT_STORED) headers.delete(name);
    if (/^text\/html\b/i.test(type)) headers.set(CSP, options.policy(body.toString("utf8")));
    const size = { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    const [gz, br] = await Promise.all([gzip(body, { level: 9 }), brotli(body, { params: size })]);
    const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
    return { headers: [...headers], body, gzip: gz, br, etag };
  };

  return {
    /** A current stored page for this request, if there is one (the fast path in front of Express). */
    get(req: IncomingMessage): { page: StoredPage; label: "HIT" | "STALE" } | undefined {
      const key = keyOf(req);
      if (!key) return undefined;
      const entry = current(pages.get(key));
      if (entry) return { page: entry.page, label: "HIT" };
      const old = graceful(key);
      return old && { page: old.page, label: "STALE" };
    },
    /**
     * Answers `req` from the store, rendering (once for all who ask meanwhile) when it holds no
     * current page; returns the response to send when the answer is not a stored page.
     */
    async respond(req: IncomingMessage, res: ServerResponse, render: Render): Promise<Response | undefined> {
      const key = keyOf(req);
      res.setHeader("X-Cache", "MISS");
      if (!key || req.method !== "GET") {
        const entry = key ? current(pages.get(key)) : undefined;
        return entry ? void sendPage(req, res, entry.page, "HIT") : render();
      }
      let own: Response | undefined;
      let storedNow = false;
      const renderAndKeep = async (): Promise<Entry> => {
        const at = clock.now();
        const startedAt = Date.now();
        const {
          value: page,
          tags,
          untracked,
        } = await deps.collect(async () => {
          own = await render();
          return toPage(own, res);
        });
        if (untracked) {
          options.onUntracked?.(req.url ?? "");
          throw new NotStorable();
        }
        storedNow = true;
        return { page, tags: [...tags], at, startedAt };
      };
      // A page that went stale is rendered again (by this request; others may get it meanwhile,
      // within the grace); so is one shared with a render that began before a change this request
      // already follows.
      const stale = pages.get(key);
      if (stale && !current(stale)) {
        pages.delete(key);
        if (!replacing.has(key)) replacing.set(key, stale);
      } else if (!stale) {
        const old = graceful(key);
        if (old) return void sendPage(req, res, old.page, "STALE");
      }
      const fetched = await pages
        .fetch(key, { context: renderAndKeep })
        .catch(() => undefined)
        .finally(() => replacing.delete(key));
      const entry = current(fetched);
      if (entry) return void sendPage(req, res, entry.page, storedNow ? "MISS" : "HIT");
      // Changed again while it rendered (a busy question): the render began after this request
      // came, or within the same grace, so it is sent rather than rendered once more per request.
      if (fetched && (storedNow || Date.now() - fetched.startedAt < STALE_GRACE_MS)) return void sendPage(req, res, fetched.page, storedNow ? "MISS" : "STALE");
      // Not a page to keep (or the render failed): the render made for this request, else its own.
      return own && !own.bodyUsed ? own : render();
    },
    clear: () => pages.clear(),
    size: () => pages.size,
  };
}

class NotStorable extends Error {}
