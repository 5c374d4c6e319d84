// The readers' page store: who it admits (an allow-list read by the session cookie parser), what
// it keeps, and the whole application over real HTTP on a loopback port.
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageStore, pickEncoding, storeKeyOf as keyOf } from "../../server/page-cache";
import { isForumSort, isTopicSlug } from "~/lib/forum-list";
import { isPageNumber, type QueryRules } from "~/lib/page-query";
import { createDependencyTracker, createTagClock } from "~/server/infra/cache/tags.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { seedDemoContent } from "~/server/seed.server";

// What the site's routes declare (the application's own are tested below): the forum varies by
// page, order and topic, search by its words and page; /about by nothing.
const RULES: Record<string, QueryRules> = {
  "/forum": { page: isPageNumber, sort: isForumSort, topic: isTopicSlug },
  "/search": { q: () => true, page: isPageNumber },
};
const storeKeyOf = (req: Parameters<typeof keyOf>[0]) => keyOf(req, (path) => RULES[path] ?? {});

const request = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
  method,
  url,
  headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
});

describe("who the store admits", () => {
  it("a GET or HEAD with no cookie, or only the sidebar's, and no Authorization", () => {
    expect(storeKeyOf(request("/forum"))).toBe("/forum sidebar=open");
    expect(storeKeyOf(request("/forum", {}, "HEAD"))).toBe("/forum sidebar=open");
    expect(storeKeyOf(request("/forum", { Cookie: "sidebar:state=false" }))).toBe("/forum sidebar=collapsed");
    expect(storeKeyOf(request("/forum", { Cookie: " sidebar:state=true ;" }))).toBe("/forum sidebar=open");
  });

  it("nobody who carries anything else, however a cookie's name is spelled", () => {
    const personal = [
      "better-auth.session_token=abc",
      "better-auth.session_token =abc",
      " better-auth.session_token=abc",
      "Better-Auth.session_token=abc",
      "__Secure-better-auth.session_token=abc",
      "better-auth.session_token=a; better-auth.session_token=b",
      "sidebar:state=true; toast=hello",
      "sidebar:state=true; something-else=1",
      "lonely",
      // A sidebar state the page would read one way and a key another: nobody's to share.
      "sidebar:state=falsey",
      "sidebar:state=",
    ];
    for (const cookie of personal) expect(storeKeyOf(request("/forum", { Cookie: cookie })), cookie).toBeNull();
    expect(storeKeyOf(request("/forum", { Authorization: "Bearer x" }))).toBeNull();
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) expect(storeKeyOf(request("/forum", {}, method)), method).toBeNull();
  });

  it("reads the sidebar's state as the page does, however its cookie is spaced", () => {
    expect(storeKeyOf(request("/forum", { Cookie: "sidebar:state =false" }))).toBe("/forum sidebar=collapsed");
    expect(storeKeyOf(request("/forum", { Cookie: "sidebar:state= true" }))).toBe("/forum sidebar=open");
  });

  it("keeps only the query a page varies by, in one order; anything else makes no other copy", () => {
    expect(storeKeyOf(request("/forum?sort=active&topic=diet&page=2"))).toBe("/forum?page=2&sort=active&topic=diet sidebar=open");
    expect(storeKeyOf(request("/search?q=warm+hands"))).toBe("/search?q=warm+hands sidebar=open");
    const plain: Record<string, string> = {
      "/forum?utm=1": "/forum",
      "/forum?page=1&page=2": "/forum?page=1",
      "/about?page=909871": "/about",
      "/forum/12?page=3&sort=active": "/forum/12",
    };
    for (const [url, key] of Object.entries(plain)) expect(storeKeyOf(request(url)), url).toBe(`${key} sidebar=open`);
    // A value the page refuses is rendered as asked, never stored; so is a client navigation
    // asking for some of a page's routes only (not the page's data).
    for (const url of ["/forum?page=0", "/forum?sort=popular", "/forum?page=1%00", "/forum.data?_routes=root"])
      expect(storeKeyOf(request(url)), url).toBeNull();
  });
});

describe("the store", () => {
  const clock = createTagClock();
  const deps = createDependencyTracker();
  const store = createPageStore({ enabled: true, clock, deps, rulesOf: () => () => ({}), policy: () => "script-src 'self'" });
  const fakeRes = () => ({
    headers: {} as Record<string, string | number>,
    getHeaders() {
      return this.headers;
    },
    setHeader(n: string, v: string | number) {
      this.headers[n.toLowerCase()] = v;
    },
  });
  let renders = 0;
  const page =
    (init: { status?: number; headers?: Record<string, string> } = {}, body = "<p>page</p>") =>
    async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 20));
      return new Response(body, { status: 200, ...init, headers: { "Content-Type": "text/html", "Cache-Control": "public, no-cache", ...init.headers } });
    };
  // The store answers stored pages itself; a response it hands back is for the caller to send.
  const ask = (url: string, render: () => Promise<Response>) => store.respond(request(url) as never, fakeRes() as never, render);

  it("renders once for concurrent requests, and keeps what a public 200 answer is", async () => {
    renders = 0;
    const sent: string[] = [];
    const fake = { ...fakeRes(), writeHead: () => ({ end: (b?: Buffer) => sent.push(String(b)) }), removeHeader() {} };
    await Promise.all([1, 2, 3].map(() => store.respond(request("/a") as never, { ...fake, headers: {} } as never, page())));
    expect(renders).toBe(1);
    expect(sent).toEqual(["<p>page</p>", "<p>page</p>", "<p>page</p>"]);
  });

  it("keeps nothing that is not public, not a 200, or sets a cookie", async () => {
    const refused: { status?: number; headers?: Record<string, string> }[] = [
      { headers: { "Cache-Control": "private, no-store" } },
      { status: 404 },
      { headers: { "Set-Cookie": "a=1" } },
      { headers: { "Cache-Control": "" } },
    ];
    for (const init of refused) {
      renders = 0;
      const first = await ask("/b", page(init));
      expect(first?.status, JSON.stringify(init)).toBe(init.status ?? 200);
      await ask("/b", page(init));
      expect(renders, JSON.stringify(init)).toBe(2);
    }
  });

  it("after a change to what it shows, renders the page again and keeps the new one; other changes leave it", async () => {
    const headers = { end() {} };
    const res = () => ({ ...fakeRes(), writeHead: () => headers, removeHeader() {} }) as never;
    // A render depends on the tags of the shared reads it used.
    const showing = (tag: string) => async () => {
      deps.dependOn([tag]);
      return page()();
    };
    await store.respond(request("/c") as never, res(), showing("question:1"));
    renders = 0;
    clock.change(["question:2"]);
    expect(store.get(request("/c") as never)).toBeDefined();
    clock.change(["question:1"]);
    expect(store.get(request("/c") as never)).toBeUndefined();
    await store.respond(request("/c") as never, res(), showing("question:1"));
    expect(renders).toBe(1);
    expect(store.get(request("/c") as never)).toBeDefined();
  });
});

describe("a page being rendered again", () => {
  it("is given to other readers as it was for half a second from its render, then they wait for the new one", async () => {
    const clock = createTagClock();
    const deps = createDependencyTracker();
    const store = createPageStore({ enabled: true, clock, deps, rulesOf: () => () => ({}), policy: () => "script-src 'self'" });
    const res = () => ({ headers: {}, getHeaders: () => ({}), setHeader() {}, writeHead: () => ({ end() {} }), removeHeader() {} }) as never;
    let release = () => {};
    const render =
      (body: string, held = false) =>
      async () => {
        deps.dependOn(["question:1"]);
        if (held) await new Promise<void>((resolve) => (release = resolve));
        return new Response(body, { headers: { "Content-Type": "text/html", "Cache-Control": "public, no-cache" } });
      };
    await store.respond(request("/g") as never, res(), render("<p>first</p>"));
    clock.change(["question:1"]);
    // One reader renders the page again; meanwhile another gets the page it replaces.
    const again = store.respond(request("/g") as never, res(), render("<p>second</p>", true));
    expect(store.get(request("/g") as never)).toMatchObject({ label: "STALE", page: { body: Buffer.from("<p>first</p>") } });
    await new Promise((resolve) => setTimeout(resolve, 550));
    expect(store.get(request("/g") as never)).toBeUndefined();
    release();
    await again;
    expect(store.get(request("/g") as never)).toMatchObject({ label: "HIT", page: { body: Buffer.from("<p>second</p>") } });
  });
  it("changed again while it renders, is given to the readers who waited for that render, not rendered once more for each", async () => {
    const clock = createTagClock();
    const deps = createDependencyTracker();
    const store = createPageStore({ enabled: true, clock, deps, rulesOf: () => () => ({}), policy: () => "script-src 'self'" });
    const res = () => ({ headers: {}, getHeaders: () => ({}), setHeader() {}, writeHead: () => ({ end() {} }), removeHeader() {} }) as never;
    let renders = 0;
    let release: (() => void) | undefined;
    const render =
      (body: string, held = false) =>
      async () => {
        renders++;
        deps.dependOn(["question:1"]);
        if (held && !release) await new Promise<void>((resolve) => (release = resolve));
        return new Response(body, { headers: { "Content-Type": "text/html", "Cache-Control": "public, no-cache" } });
      };
    await store.respond(request("/h") as never, res(), render("<p>first</p>"));
    // Past the first page's grace, a change: one reader renders again and another waits for it.
    await new Promise((resolve) => setTimeout(resolve, 550));
    clock.change(["question:1"]);
    const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
    const renderer = store.respond(request("/h") as never, res(), render("<p>second</p>", true));
    while (!release) await tick();
    let sent: Buffer | undefined;
    const waiterRes = { ...(res() as object), writeHead: () => ({ end: (body: Buffer) => (sent = body) }) };
    const waiter = store.respond(request("/h") as never, waiterRes as never, render("<p>waiter's own</p>"));
    await tick();
    clock.change(["question:1"]);
    release?.();
    await Promise.all([renderer, waiter]);
    // The waiter got the render that began after the first change, within its grace; neither the
    // renderer nor the waiter rendered the page once more.
    expect(sent?.toString()).toBe("<p>second</p>");
    expect(renders).toBe(2);
  });
});

describe("choosing an encoding", () => {
  it("prefers brotli on a tie, and honours q-values", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(pickEncoding("identity")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
  });
});

describe("the application", () => {
  let site: HttpApp;
  beforeAll(async () => {
    site = await startHttpApp({ RATE_LIMITS: "false" });
    await seedDemoContent(site.runtime.db);
  });
  afterAll(() => site.close());

  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${site.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("serves public pages from the store with a CSP that names each inline script's hash", async () => {
    await site.fetch("/forum");
    const res = await site.fetch("/forum");
    expect(res.headers.get("x-cache")).toBe("HIT");
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/\ssrc=/.test(m[1]) && m[2] && !/application\/ld\+json/.test(m[1]),
    );
    expect(scripts.length).toBeGreaterThan(0);
    const policy = res.headers.get("content-security-policy") ?? "";
    for (const [, , body] of scripts) expect(policy).toContain(`sha256-${crypto.createHash("sha256").update(body).digest("base64")}`);
    expect(policy).not.toContain("nonce-");
  });

  it("stores client navigation's data requests like pages", async () => {
    await site.fetch("/blog.data");
    expect((await site.fetch("/blog.data")).headers.get("x-cache")).toBe("HIT");
  });

  it("sends one weak validator per page whatever the encoding, and 304 for it", async () => {
    await site.fetch("/about");
    const br = await raw("/about", { "Accept-Encoding": "br" });
    const plain = await raw("/about", {});
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers.etag).toMatch(/^W\/"/);
    const again = await raw("/about", { "If-None-Match": br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("renders every request of a member, marks it private and never stores it", async () => {
    const { res, email, cookie } = await site.signUp();
    expect(res.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const page = await site.fetch("/forum", { headers: { Cookie: cookie } });
      expect(page.headers.get("x-cache")).toBe("MISS");
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(await page.text()).toContain(`Account menu for ${email}`);
    }
  });

  it("never shows a member's page to a reader, however the session cookie is spelled", async () => {
    const { res, email, cookie } = await site.signUp();
    expect(res.status).toBe(200);
    const [name, value] = cookie.split("=");
    for (const spelled of [`${name} =${value}`, ` ${name}=${value}`, `${cookie}; other=1`, `sidebar:state=true; ${cookie}`]) {
      for (const path of ["/account", "/about", "/forum", "/"]) {
        const personal = await site.fetch(path, { headers: { Cookie: spelled } });
        expect(personal.headers.get("x-cache"), `${spelled} ${path}`).toBe("MISS");
        const reader = await site.fetch(path);
        expect([200, 302]).toContain(reader.status);
        expect(await reader.text(), `${spelled} ${path}`).not.toContain(email);
      }
    }
  });

  it("keeps its pages when a member signs up; forgets those that show a member who deletes their account", async () => {
    const { res, cookie, password } = await site.signUp();
    expect(res.status).toBe(200);
    await site.postForm("/account", cookie, { intent: "display-name", displayName: "Gone Soon" });
    const question = await site.ask(cookie, "Warm wax for stiff fingers?");
    for (const path of ["/", `/forum/${question}`, "/blog/capsaicin-arthritis-guide"]) await site.fetch(path);
    expect((await site.fetch("/")).headers.get("x-cache")).toBe("HIT");
    await site.signUp();
    // A new member shows nowhere but in the members' count (the home page's counter).
    expect((await site.fetch(`/forum/${question}`)).headers.get("x-cache")).toBe("HIT");
    expect((await site.fetch("/")).headers.get("x-cache")).toBe("MISS");
    const deleted = await site.fetch("/api/auth/delete-user", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.url, Cookie: cookie },
      body: JSON.stringify({ password }),
    });
    expect(deleted.status).toBe(200);
    // Their question now shows as Anonymous's; a guide never showed them.
    const page = await site.fetch(`/forum/${question}`);
    expect(page.headers.get("x-cache")).toBe("MISS");
    expect(await page.text()).not.toContain("Gone Soon");
    expect((await site.fetch("/blog/capsaicin-arthritis-guide")).headers.get("x-cache")).toBe("HIT");
  });
});
