// The freshness authority's rules: which requests are writes, what each one changes, what every
// cache does on a bump, and how long a page made from older data may be kept.
import { describe, expect, it } from "vitest";
import { measureDataAge } from "~/server/cache/data-age.server";
import { createReadCache } from "~/server/cache/read-cache.server";
import { createFreshness, writeScope } from "~/server/freshness.server";
import { createPageCache } from "~/server/page-cache.server";
import { createMember, createTestRuntime } from "../helpers/runtime";

describe("what a request changed", () => {
  it("reads change nothing; refused writes change nothing; account pages change everything", () => {
    expect(writeScope("GET", "/forum", 200)).toBeNull();
    expect(writeScope("HEAD", "/forum", 200)).toBeNull();
    expect(writeScope("POST", "/forum", 400)).toBeNull();
    expect(writeScope("POST", "/forum", 403)).toBeNull();
    expect(writeScope("POST", "/forum", 302)).toBe("content");
    expect(writeScope("POST", "/forum/12.data", 200)).toBe("content");
    expect(writeScope("POST", "/api/v1/questions", 201)).toBe("content");
    expect(writeScope("POST", "/admin/places", 200)).toBe("content");
    expect(writeScope("POST", "/account", 200)).toBe("all");
    expect(writeScope("POST", "/account.data", 200)).toBe("all");
    // The auth library reports its own changes from its hooks.
    expect(writeScope("POST", "/auth", 302)).toBeNull();
    expect(writeScope("POST", "/api/auth/sign-out", 200)).toBeNull();
  });
});

describe("a bump", () => {
  it("moves the content epoch, clears stored pages and who-is-who as its scope says", async () => {
    const rt = await createTestRuntime();
    try {
      const m = await createMember(rt);
      rt.viewers.set("cookie", m, Date.now() + 60_000);
      await rt.pageCache.store("/ sidebar=open", { status: 200, headers: [], body: Buffer.from("<p>page</p>") }, rt.pageCache.version());
      const epoch = rt.freshness.current();
      rt.freshness.bump("accounts");
      expect(rt.viewers.get("cookie")).toBeUndefined();
      expect(rt.pageCache.get("/ sidebar=open")).toBeDefined();
      expect(rt.freshness.current()).toBe(epoch);
      rt.viewers.set("cookie", m, Date.now() + 60_000);
      rt.freshness.bump("content");
      expect(rt.pageCache.get("/ sidebar=open")).toBeUndefined();
      expect(rt.viewers.get("cookie")).toBeDefined();
      expect(rt.freshness.current()).toBe(epoch + 1);
      rt.freshness.bump("all");
      expect(rt.viewers.get("cookie")).toBeUndefined();
    } finally {
      await rt.close();
    }
  });

  it("tells listeners, and needs no database on the embedded one", () => {
    const freshness = createFreshness();
    const heard: string[] = [];
    freshness.onBump((scope) => heard.push(scope));
    freshness.bump("content");
    freshness.bump("accounts");
    expect(heard).toEqual(["content", "accounts"]);
    expect(freshness.current()).toBe(1);
  });
});

describe("a page made from older data", () => {
  it("is kept for what is left of its oldest data's lifetime, not a lifetime from its render", async () => {
    const cache = createPageCache({ enabled: true, ttlMs: 1000 });
    const reads = createReadCache({ version: () => 0 }, { ttlMs: 1000 });
    await reads.get("questions", async () => ["a question"]);
    await new Promise((r) => setTimeout(r, 700));
    // A render 700 ms later uses that read: the page is 700 ms old when it is stored.
    const { result, since } = measureDataAge(() => reads.get("questions", async () => ["never read again"]));
    expect(await result).toEqual(["a question"]);
    await cache.store("/forum sidebar=open", { status: 200, headers: [], body: Buffer.from("<p>forum</p>") }, cache.version(), since());
    expect(cache.get("/forum sidebar=open")).toBeDefined();
    await new Promise((r) => setTimeout(r, 450));
    expect(cache.get("/forum sidebar=open")).toBeUndefined();
  });

  it("a shared read lasts its lifetime from when it began, so a page made from it never outlives it", async () => {
    const reads = createReadCache({ version: () => 0 }, { ttlMs: 400 });
    // A slow read: it began 300 ms before it ended.
    await reads.get("questions", () => new Promise((r) => setTimeout(() => r(["as read first"]), 300)));
    await new Promise((r) => setTimeout(r, 150));
    // 450 ms after it began, the page made from it has expired: so has the read, and the render
    // that replaces the page reads again (it would otherwise make a page already too old to keep).
    const { result, since } = measureDataAge(() => reads.get("questions", async () => ["read again"]));
    expect(await result).toEqual(["read again"]);
    expect(Date.now() - since()).toBeLessThan(50);
  });
});
