// The readers' page store cannot be flooded from outside: forwarding headers count only from a
// trusted proxy, a question has one address, and a page past the last is a 404 that is not kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askQuestion } from "~/server/forum/forum.server";
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
    id = (await askQuestion(app.runtime, { authorId: member.id, title: "Warm water in the morning?", content: "Does it help anyone else?" })).id;
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
    for (const path of ["/forum?page=999991", "/forum?page=999992", "/blog?page=4242", "/forum.data?page=777"]) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(404);
    }
    expect((await app.fetch("/forum?page=999991")).headers.get("x-cache")).toBe("MISS");
    expect((await app.fetch("/forum?page=1")).status).toBe(200);
  });
});
