// The anonymous page cache: the store (app/server/page-cache.server.ts) and the middleware
// (server/page-cache/) mounted in a small Express app in front of a page handler of our own
// that counts its renders, over real HTTP on a loopback port.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Writable } from "node:stream";
import { createLogger } from "~/server/log.server";
import { createPageCache, type PageCache } from "~/server/page-cache.server";
import { pickDynamicEncoding, pickEncoding } from "../../server/http/encoding";
import { pageCacheFastPath, pageCacheMiddleware, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../../server/page-cache";
import { contentSecurityPolicy, inlineScriptHashes } from "../../server/security";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { seedDemoContent } from "~/server/seed.server";

const INLINE_SCRIPT = 'window.__page = {"ok":true};';

let cache: PageCache;
let middleware: express.RequestHandler;
let fastPath: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
let renders = 0;
/** Requests that reached Express (the fast path answers the others). */
let throughExpress = 0;
const logLines: { path: string; status: number; reqId: string }[] = [];
const log = createLogger(
  "info",
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()));
      done();
    },
  }),
);
let server: http.Server;
let base: string;
/** Lets a test hold the next render of /slow until it calls the function. */
let holdSlow: Promise<void> = Promise.resolve();

function page(req: express.Request, nonce: string) {
  const collapsed = /sidebar:state=false/.test(req.headers.cookie ?? "");
  const signedIn = /better-auth\.session_token=/.test(req.headers.cookie ?? "");
  return (
    `<!doctype html><html><body><h1>${req.path}</h1>` +
    `<p>render ${renders}</p><p>${collapsed ? "sidebar collapsed" : "sidebar open"}</p>` +
    `<p>${signedIn ? "Welcome back" : "Sign In"}</p><p>${"filler text ".repeat(200)}</p>` +
    `<script nonce="${nonce}">${INLINE_SCRIPT}</script></body></html>`
  );
}

beforeAll(async () => {
  const app = express();
  app.use((_req, _res, next) => {
    throughExpress++;
    next();
  });
  // What server/security.ts does in front of every request: a fresh nonce and a policy naming it.
  app.use((_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }));
    res.setHeader("X-Request-Id", crypto.randomUUID());
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use((req, res, next) => middleware(req, res, next));
  // The downstream handler: our stand-in for React Router, counting what it renders.
  app.get("/{*splat}", async (req, res) => {
    renders++;
    if (req.path === "/slow") await holdSlow;
    if (req.path === "/missing") return void res.status(404).type("html").send("<h1>404</h1>");
    if (req.path === "/sets-cookie") res.setHeader("Set-Cookie", "hello=1; Path=/");
    if (req.path === "/toast") res.append("Set-Cookie", "toast=; Max-Age=0; Path=/");
    if (req.path === "/forum.data") return void res.type("text/x-script").send(`[{"render":${renders}}]`);
    res.type("html");
    // Written in pieces, as React Router streams a document.
    const html = page(req, String(res.locals.nonce));
    res.write(html.slice(0, 100));
    res.write(html.slice(100));
    res.end();
  });
  // As in server.js: stored pages are answered before Express.
  server = http.createServer((req, res) => {
    if (!fastPath(req, res)) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  cache = createPageCache({ enabled: true });
  middleware = pageCacheMiddleware({
    cache,
    pagePolicy: (html) => contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html) }),
  });
  fastPath = pageCacheFastPath({ cache, log });
  renders = 0;
  throughExpress = 0;
  logLines.length = 0;
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (not decompressed). */
  raw: Buffer;
  /** The document, decompressed. */
  text: string;
}

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: body.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("the store", () => {
  it("keeps compressed copies that decompress to the page, and forgets everything on invalidate()", async () => {
    const store = createPageCache({ enabled: true });
    const body = Buffer.from("<p>hello</p>".repeat(100));
    const { page, stored } = await store.store("/a", { status: 200, headers: [], body }, store.version());
    expect(stored).toBe(true);
    expect(zlib.gunzipSync(page.gzip)).toEqual(body);
    expect(zlib.brotliDecompressSync(page.br)).toEqual(body);
    expect(page.gzip.length).toBeLessThan(body.length);
    expect(store.get("/a")?.etag).toBe(page.etag);
    const before = store.version();
    store.invalidate();
    expect(store.size()).toBe(0);
    expect(store.get("/a")).toBeUndefined();
    expect(store.version()).toBe(before + 1);
  });

  it("does not keep a page rendered before the last invalidation", async () => {
    const store = createPageCache({ enabled: true });
    const renderedAt = store.version();
    store.invalidate();
    const { stored } = await store.store("/a", { status: 200, headers: [], body: Buffer.from("old") }, renderedAt);
    expect(stored).toBe(false);
    expect(store.get("/a")).toBeUndefined();
  });

  it("drops the least recently used page when full", () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T10:00:00Z") });
    try {
      const store = createPageCache({ enabled: true, maxEntries: 2 });
      store.set("/a", { status: 200, headers: [], body: Buffer.from("a") });
      store.set("/b", { status: 200, headers: [], body: Buffer.from("b") });
      vi.advanceTimersByTime(2000);
      expect(store.get("/a")).toBeDefined();
      store.set("/c", { status: 200, headers: [], body: Buffer.from("c") });
      expect(store.get("/b")).toBeUndefined();
      expect(store.get("/a")).toBeDefined();
      expect(store.get("/c")).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops pages past their lifetime", async () => {
    const store = createPageCache({ enabled: true, ttlMs: 50 });
    store.set("/a", { status: 200, headers: [], body: Buffer.from("a") });
    expect(store.get("/a")).toBeDefined();
    await new Promise((r) => setTimeout(r, 80));
    expect(store.get("/a")).toBeUndefined();
  });

  it("keeps answering with an expired page while one request renders it again", async () => {
    const store = createPageCache({ enabled: true, ttlMs: 50 });
    store.set("/a", { status: 200, headers: [], body: Buffer.from("old") });
    await new Promise((r) => setTimeout(r, 80));
    expect(store.get("/a")).toBeUndefined();
    const done = store.refresh("/a");
    expect(store.get("/a")?.body.toString()).toBe("old");
    store.set("/a", { status: 200, headers: [], body: Buffer.from("new") });
    done(true);
    expect(store.get("/a")?.body.toString()).toBe("new");

    // A render that does not store the page again drops the expired one.
    await new Promise((r) => setTimeout(r, 80));
    const failed = store.refresh("/a");
    expect(store.get("/a")?.body.toString()).toBe("new");
    failed(false);
    expect(store.get("/a")).toBeUndefined();
    expect(store.size()).toBe(0);
  });

  it("stores nothing when disabled", () => {
    const store = createPageCache({ enabled: false });
    store.set("/a", { status: 200, headers: [], body: Buffer.from("a") });
    expect(store.size()).toBe(0);
  });
});

describe("the middleware", () => {
  it("renders a public page once: the second request is a HIT with the same bytes", async () => {
    const first = await get("/forum", { "Accept-Encoding": "gzip" });
    const second = await get("/forum", { "Accept-Encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(renders).toBe(1);
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.text).toContain("<h1>/forum</h1>");
    expect(second.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(second.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(second.headers["content-type"]).toMatch(/^text\/html/);
    // Each response still has its own request id (set in front of the cache).
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("answers a stored page before Express with the same bytes and headers", async () => {
    const first = await get("/forum", { "Accept-Encoding": "br" });
    expect(throughExpress).toBe(1);
    const second = await get("/forum", { "Accept-Encoding": "br" });
    expect(throughExpress).toBe(1);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.raw.equals(first.raw)).toBe(true);
    for (const name of ["content-type", "content-security-policy", "x-frame-options", "cache-control", "etag", "vary", "content-encoding"]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(second.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // What it does not hold goes on to Express.
    await get("/forum", { Cookie: "better-auth.session_token=x" });
    expect(throughExpress).toBe(2);
  });

  it("counts the stored pages it answers in one line a while, and logs no line naming a page or a request", async () => {
    fastPath = pageCacheFastPath({ cache, log, countEveryMs: 200 });
    const first = await get("/forum", { "Accept-Encoding": "br" });
    const hits = [await get("/forum", { "Accept-Encoding": "br" }), await get("/forum")];
    const revalidated = await get("/forum", { "If-None-Match": String(first.headers.etag) });
    expect(hits.map((r) => r.headers["x-cache"])).toEqual(["HIT", "HIT"]);
    expect(revalidated.status).toBe(304);
    await new Promise((r) => setTimeout(r, 450));
    const written = logLines.map((line) => JSON.stringify(line));
    for (const r of [...hits, revalidated]) expect(written.join("\n")).not.toContain(String(r.headers["x-request-id"]));
    expect(written.join("\n")).not.toContain("/forum");
    const counts = logLines.filter((line) => (line as { msg?: string }).msg === "stored pages served");
    expect(counts).toHaveLength(1);
    expect(counts[0]).toMatchObject({ level: 30, storedPages: { served: 2, notModified: 1 } });
  });

  it("writes the counts not yet written when the thread exits", async () => {
    const { stdout } = await promisify(execFile)("npx", ["tsx", "tests/helpers/served-count-exit.ts"], { env: { ...process.env, LOG_LEVEL: "info" } });
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as { msg: string; storedPages?: unknown });
    expect(lines.map((line) => line.msg)).toEqual(["before exit", "stored pages served"]);
    expect(lines[1].storedPages).toMatchObject({ served: 2, notModified: 1 });
  });

  it("sends brotli, gzip or plain bytes according to Accept-Encoding", async () => {
    await get("/blog");
    const br = await get("/blog", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    const gz = await get("/blog", { "Accept-Encoding": "gzip" });
    const plain = await get("/blog");
    const refused = await get("/blog", { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(renders).toBe(1);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(br.raw.length).toBeLessThan(gz.raw.length);
    expect(gz.raw.length).toBeLessThan(plain.raw.length);
    expect(Number(br.headers["content-length"])).toBe(br.raw.length);
    expect(br.text).toBe(plain.text);
    expect(gz.text).toBe(plain.text);
  });

  it("chooses encodings by quality, preferring brotli on a tie", () => {
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("deflate")).toBe("identity");
    // A page rendered for one request: zstd when the browser names it, as Chrome does.
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickDynamicEncoding("gzip, deflate, br, zstd")).toBe("zstd");
    expect(pickDynamicEncoding("gzip, deflate, br")).toBe("br");
    expect(pickDynamicEncoding("zstd;q=0.5, br")).toBe("br");
    expect(pickDynamicEncoding("*")).toBe("br");
  });

  it("never serves or stores a signed-in page", async () => {
    const anonymous = await get("/forum");
    const member = await get("/forum", { Cookie: "better-auth.session_token=abc.def" });
    const again = await get("/forum", { Cookie: "sidebar:state=true; better-auth.session_token=abc.def" });
    expect(anonymous.text).toContain("Sign In");
    expect(member.text).toContain("Welcome back");
    expect(member.headers["x-cache"]).toBe("MISS");
    expect(again.headers["x-cache"]).toBe("MISS");
    expect(member.headers["cache-control"]).toBe(PRIVATE_CACHE_CONTROL);
    expect(renders).toBe(3);
    expect(cache.size()).toBe(1);
    // A secure-prefixed session cookie counts too.
    const secure = await get("/forum", { Cookie: "__Secure-better-auth.session_token=abc" });
    expect(secure.text).toContain("Welcome back");
    expect(secure.headers["x-cache"]).toBe("MISS");
    expect(renders).toBe(4);
  });

  it("sends a rendered page for a member in one piece, compressed as the client asks", async () => {
    const br = await get("/forum", { Cookie: "better-auth.session_token=x", "Accept-Encoding": "gzip, br" });
    const gz = await get("/forum", { Cookie: "better-auth.session_token=x", "Accept-Encoding": "gzip" });
    const plain = await get("/forum", { Cookie: "better-auth.session_token=x" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(br.headers["content-length"])).toBe(br.raw.length);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.text).toContain("Welcome back");
    const same = (text: string) => text.replace(/render \d+/, "").replace(/nonce="[^"]+"/, "");
    expect(same(br.text)).toBe(same(plain.text));
    expect(gz.text).toContain("<h1>/forum</h1>");
  });

  it("never stores a response that sets a cookie", async () => {
    const first = await get("/sets-cookie");
    const second = await get("/sets-cookie");
    expect(first.headers["set-cookie"]).toEqual(["hello=1; Path=/"]);
    expect(second.headers["x-cache"]).toBe("MISS");
    expect(second.headers["cache-control"]).toBe(PRIVATE_CACHE_CONTROL);
    expect(renders).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it("never stores a page that is not a 200", async () => {
    const first = await get("/missing");
    const second = await get("/missing");
    expect(first.status).toBe(404);
    expect(second.status).toBe(404);
    expect(second.headers["x-cache"]).toBe("MISS");
    expect(renders).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it("renders again after invalidate()", async () => {
    await get("/");
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
    cache.invalidate();
    expect(cache.size()).toBe(0);
    const after = await get("/");
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(after.text).toContain("render 2");
    expect(renders).toBe(2);
  });

  it("keys pages by the sidebar cookie", async () => {
    const open = await get("/");
    const collapsed = await get("/", { Cookie: "sidebar:state=false" });
    const collapsedAgain = await get("/", { Cookie: "other=1; sidebar:state=false" });
    const openExplicit = await get("/", { Cookie: "sidebar:state=true" });
    expect(open.text).toContain("sidebar open");
    expect(collapsed.text).toContain("sidebar collapsed");
    expect(collapsed.headers["x-cache"]).toBe("MISS");
    expect(collapsedAgain.headers["x-cache"]).toBe("HIT");
    expect(collapsedAgain.text).toContain("sidebar collapsed");
    expect(openExplicit.headers["x-cache"]).toBe("HIT");
    expect(openExplicit.text).toContain("sidebar open");
    expect(renders).toBe(2);
  });

  it("lets a request with a toast cookie through to render, without storing its answer", async () => {
    await get("/forum");
    const withToast = await get("/forum", { Cookie: "toast=eyJ0aXRsZSI6IkhpIn0%3D" });
    expect(withToast.headers["x-cache"]).toBe("MISS");
    expect(withToast.text).toContain("render 2");
    const toastPage = await get("/toast");
    expect(toastPage.headers["cache-control"]).toBe(PRIVATE_CACHE_CONTROL);
    expect((await get("/toast")).headers["x-cache"]).toBe("MISS");
    expect(renders).toBe(4);
    expect(cache.size()).toBe(1);
  });

  it("answers If-None-Match with 304 and no body", async () => {
    const first = await get("/blog");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await get("/blog", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.raw.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    const changed = await get("/blog", { "If-None-Match": '"something-else"' });
    expect(changed.status).toBe(200);
    expect(renders).toBe(1);
  });

  it("caches ?page=N per page and renders other query strings", async () => {
    await get("/forum?page=2");
    expect((await get("/forum?page=2")).headers["x-cache"]).toBe("HIT");
    expect((await get("/forum?page=3")).headers["x-cache"]).toBe("MISS");
    expect((await get("/forum?ask=1")).headers["x-cache"]).toBe("MISS");
    expect((await get("/forum?ask=1")).headers["x-cache"]).toBe("MISS");
    expect((await get("/forum?page=2&page=3")).headers["x-cache"]).toBe("MISS");
    expect((await get("/blog?q=x")).headers["x-cache"]).toBe("MISS");
    await get("/search?q=capsaicin+cream");
    expect((await get("/search?q=capsaicin%20cream")).headers["x-cache"]).toBe("HIT");
    expect(renders).toBe(7);
  });

  it("caches React Router data requests the same way", async () => {
    const first = await get("/forum.data");
    const second = await get("/forum.data");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.text).toBe(first.text);
    expect(renders).toBe(1);
  });

  it("serves HEAD from a stored page without a body, and never stores a HEAD answer", async () => {
    const head = await get("/blog", {}, "HEAD");
    expect(head.headers["x-cache"]).toBe("MISS");
    expect(cache.size()).toBe(0);
    await get("/blog");
    const cachedHead = await get("/blog", {}, "HEAD");
    expect(cachedHead.headers["x-cache"]).toBe("HIT");
    expect(cachedHead.raw.length).toBe(0);
  });

  it("serves stored pages with a policy that allows their inline scripts by hash, not a stale nonce", async () => {
    const first = await get("/guide");
    const second = await get("/guide");
    for (const response of [first, second]) {
      const policy = String(response.headers["content-security-policy"]);
      expect(policy).toContain(sha256(INLINE_SCRIPT));
      expect(policy).not.toContain("nonce-");
    }
    // A request that is not served from the cache keeps its own nonce.
    const member = await get("/guide", { Cookie: "better-auth.session_token=x" });
    expect(String(member.headers["content-security-policy"])).toContain("nonce-");
  });

  it("renders a page once for concurrent requests", async () => {
    let release!: () => void;
    holdSlow = new Promise((resolve) => (release = resolve));
    const pending = Promise.all(Array.from({ length: 5 }, () => get("/slow")));
    await new Promise((r) => setTimeout(r, 50));
    release();
    const responses = await pending;
    expect(renders).toBe(1);
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(responses.map((r) => r.headers["x-cache"]).sort()).toEqual(["HIT", "HIT", "HIT", "HIT", "MISS"]);
  });

  it("renders an expired page again for one request; the others get the expired page meanwhile", async () => {
    cache = createPageCache({ enabled: true, ttlMs: 100 });
    middleware = pageCacheMiddleware({ cache, pagePolicy: (html) => contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html) }) });
    fastPath = pageCacheFastPath({ cache, log });
    const first = await get("/slow");
    expect(first.text).toContain("render 1");
    await new Promise((r) => setTimeout(r, 150));

    let release!: () => void;
    holdSlow = new Promise((resolve) => (release = resolve));
    const refresher = get("/slow");
    await new Promise((r) => setTimeout(r, 50));
    // While the page is rendered again, readers are answered at once with the expired page.
    const meanwhile = await Promise.all(Array.from({ length: 3 }, () => get("/slow")));
    expect(meanwhile.map((r) => r.text)).toEqual([first.text, first.text, first.text]);
    expect(meanwhile.map((r) => r.headers["x-cache"])).toEqual(["HIT", "HIT", "HIT"]);
    expect(renders).toBe(2);
    release();
    const refreshed = await refresher;
    expect(refreshed.headers["x-cache"]).toBe("MISS");
    expect(refreshed.text).toContain("render 2");
    const after = await get("/slow");
    expect(after.text).toBe(refreshed.text);
    expect(renders).toBe(2);

    // A write still clears every page at once: nothing expired is served after it.
    cache.invalidate();
    holdSlow = Promise.resolve();
    expect((await get("/slow")).text).toContain("render 3");
  });

  it("does not keep a page whose render began before a write", async () => {
    let release!: () => void;
    holdSlow = new Promise((resolve) => (release = resolve));
    const pending = get("/slow");
    await new Promise((r) => setTimeout(r, 50));
    // A write lands while the page is being rendered from the old data.
    cache.invalidate();
    release();
    const stale = await pending;
    expect(stale.status).toBe(200);
    holdSlow = Promise.resolve();
    const next = await get("/slow");
    expect(next.headers["x-cache"]).toBe("MISS");
    expect(renders).toBe(2);
  });
});

describe("the application", () => {
  let site: HttpApp;
  beforeAll(async () => {
    site = await startHttpApp({ RATE_LIMITS: "false" });
    await seedDemoContent(site.runtime.db);
  });
  afterAll(() => site.close());

  /** Signs a new member up through Better Auth's own endpoint; their session cookie with it. */
  async function signUpThroughApi(prefix: string) {
    const email = `${prefix}-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const res = await site.fetch("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url },
      body: JSON.stringify({ email, password: "a-long-password-1", name: "" }),
    });
    expect(res.status).toBe(200);
    return { email, cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
  }

  it("serves its public pages from the cache with a CSP that names each inline script's hash", async () => {
    await site.fetch("/forum");
    const res = await site.fetch("/forum");
    expect(res.headers.get("x-cache")).toBe("HIT");
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]) && m[2]);
    expect(scripts.length).toBeGreaterThan(0);
    const policy = res.headers.get("content-security-policy") ?? "";
    for (const [, , body] of scripts) expect(policy).toContain(sha256(body));
    expect(policy).not.toContain("nonce-");
  });

  it("renders for members and marks their pages private", async () => {
    const { email, cookie } = await signUpThroughApi("cache");
    const page = await site.fetch("/forum", { headers: { Cookie: cookie } });
    expect(page.headers.get("x-cache")).toBe("MISS");
    expect(page.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(await page.text()).toContain(`Account menu for ${email}`);
    // Compressed with zstd for a browser that takes it, and it decodes to the same page.
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${site.url}/forum`, { headers: { Cookie: cookie, "Accept-Encoding": "gzip, deflate, br, zstd" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(raw.encoding).toBe("zstd");
    expect(zlib.zstdDecompressSync(raw.body).toString("utf8")).toContain(`Account menu for ${email}`);
  });

  it("forgets its pages when a member signs up or deletes their account through Better Auth", async () => {
    await site.fetch("/");
    expect((await site.fetch("/")).headers.get("x-cache")).toBe("HIT");
    const { cookie } = await signUpThroughApi("gone");
    expect((await site.fetch("/")).headers.get("x-cache")).toBe("MISS");
    expect((await site.fetch("/")).headers.get("x-cache")).toBe("HIT");
    const deleted = await site.fetch("/api/auth/delete-user", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url, Cookie: cookie },
      body: JSON.stringify({ password: "a-long-password-1" }),
    });
    expect(deleted.status).toBe(200);
    expect((await site.fetch("/")).headers.get("x-cache")).toBe("MISS");
  });
});
