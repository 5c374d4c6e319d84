// The freshness authority's rules: which requests are writes, what each one changes, and what
// every cache does on a bump.
import { describe, expect, it } from "vitest";
import { createFreshness, writeScope } from "~/server/freshness.server";
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
  it("moves the content epoch (shared reads start again), and clears who-is-who as its scope says", async () => {
    const rt = await createTestRuntime();
    try {
      const m = await createMember(rt);
      rt.viewers.set("cookie", m, Date.now() + 60_000);
      await rt.reads.get("questions", async () => "first read");
      const epoch = rt.freshness.current();
      rt.freshness.bump("accounts");
      expect(rt.viewers.get("cookie")).toBeUndefined();
      expect(await rt.reads.get("questions", async () => "read again")).toBe("first read");
      expect(rt.freshness.current()).toBe(epoch);
      rt.viewers.set("cookie", m, Date.now() + 60_000);
      rt.freshness.bump("content");
      expect(await rt.reads.get("questions", async () => "read again")).toBe("read again");
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
