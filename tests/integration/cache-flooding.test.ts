// The readers' page cache cannot be flooded from outside: forwarding headers count only from a
// trusted proxy, a question has one address, a page past the last is a 404 that is not kept, and
// storing a page costs bounded compression effort (full effort only for pages asked for again).
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache } from "~/server/page-cache.server";
import { askQuestion } from "~/server/forum.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { createMember } from "../helpers/runtime";

describe("forwarding headers and the cache key", () => {
  let app: HttpApp;
  beforeAll(async () => {
    app = await startHttpApp({ TRUST_PROXY: "false" });
  });
  afterAll(() => app.close());

  it("a client's own X-Forwarded-Proto neither makes a page of its own nor reaches the page", async () => {
    expect((await app.fetch("/community-guidelines")).headers.get("x-cache")).toBe("MISS");
    for (const proto of ["https", "gopher", "https, http"]) {
      const res = await app.fetch("/community-guidelines", { headers: { "X-Forwarded-Proto": proto } });
      expect(res.headers.get("x-cache"), proto).toBe("HIT");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });
});

describe("what a shared cache in front may do", () => {
  let app: HttpApp;
  beforeAll(async () => {
    app = await startHttpApp();
  });
  afterAll(() => app.close());

  it("may keep a public page but must revalidate it before every use, and gets a 304 while it is unchanged", async () => {
    await app.fetch("/community-guidelines");
    const res = await app.fetch("/community-guidelines");
    const cacheControl = res.headers.get("cache-control") ?? "";
    expect(cacheControl).toMatch(/\bno-cache\b/);
    expect(cacheControl).not.toMatch(/s-maxage|stale-while-revalidate|max-age=[1-9]/);
    const again = await app.fetch("/community-guidelines", { headers: { "If-None-Match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });
});

describe("behind a trusted proxy", () => {
  let app: HttpApp;
  beforeAll(async () => {
    app = await startHttpApp({ TRUST_PROXY: "1" });
  });
  afterAll(() => app.close());

  it("https from the proxy is kept apart (it carries HSTS); other values are not", async () => {
    expect((await app.fetch("/community-guidelines")).headers.get("x-cache")).toBe("MISS");
    expect((await app.fetch("/community-guidelines", { headers: { "X-Forwarded-Proto": "gopher" } })).headers.get("x-cache")).toBe("HIT");
    const https = await app.fetch("/community-guidelines", { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("x-cache")).toBe("MISS");
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=/);
  });
});

describe("one address per page", () => {
  let app: HttpApp;
  let id: number;
  beforeAll(async () => {
    app = await startHttpApp();
    const member = await createMember(app.runtime);
    id = (await askQuestion(app.runtime.db, { authorId: member.id, title: "Warm water in the morning?", content: "Does it help anyone else?" })).id;
  });
  afterAll(() => app.close());

  it("sends slug and zero-padded variants of a question to its address", async () => {
    for (const variant of [`/forum/${id}-anything-at-all`, `/forum/0${id}`, `/forum/${id}-x`]) {
      const res = await app.fetch(variant);
      expect(res.status, variant).toBe(301);
      expect(res.headers.get("location")).toBe(`/forum/${id}`);
    }
    expect((await app.fetch(`/forum/${id}`)).status).toBe(200);
  });

  it("answers a list page past the last with 404, and keeps nothing for it", async () => {
    const before = app.runtime.pageCache.size();
    for (const path of ["/forum?page=999991", "/forum?page=999992", "/blog?page=4242", "/forum.data?page=777"]) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(404);
    }
    expect((await app.fetch("/forum?page=999991")).headers.get("x-cache")).toBe("MISS");
    expect(app.runtime.pageCache.size()).toBe(before);
    expect((await app.fetch("/forum?page=1")).status).toBe(200);
  });
});

describe("compression effort when a page is stored", () => {
  it("is bounded at first, and full once the page is asked for again", async () => {
    const cache = createPageCache({ enabled: true });
    const words = Array.from({ length: 6000 }, (_, i) => `word${(i * 7919) % 1013} `).join("");
    const body = Buffer.from(`<!doctype html><html><body><main><p>${words}</p></main></body></html>`);
    const { page } = await cache.store("/p sidebar=open", { status: 200, headers: [["content-type", "text/html"]], body }, cache.version());
    const first = page.br.length;
    expect(zlib.brotliDecompressSync(page.br).equals(body)).toBe(true);
    for (let i = 0; i < 3; i++) cache.get("/p sidebar=open");
    await expect.poll(() => cache.get("/p sidebar=open")!.br.length, { timeout: 5000 }).toBeLessThan(first);
    expect(zlib.brotliDecompressSync(cache.get("/p sidebar=open")!.br).equals(body)).toBe(true);
  });
});
