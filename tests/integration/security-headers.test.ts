// The application over real HTTP, what every answer carries: security headers and the CSP nonce
// (or, from the page cache, script hashes) on every kind of response, HSTS only over https, and
// cookie attributes. Cross-site writes and request limits: security-requests.test.ts.
import crypto from "node:crypto";
import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumQuestions } from "../../db/schema";
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from "../../server/security";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { createMember, createTestRuntime } from "../helpers/runtime";

let app: HttpApp;
let questionId: number;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  const author = await createMember(app.runtime);
  const [q] = await app.runtime.db.insert(forumQuestions).values({ authorId: author.id, title: "A question", content: "Some content" }).returning();
  questionId = q.id;
});
afterAll(() => app?.close());

function scriptTags(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
}

describe("security headers", () => {
  const expectHardened = (res: Response) => {
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(res.headers.get("content-security-policy")).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), interest-cohort=()");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    // Plain http: no HSTS.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  };

  it("are on pages, errors, refusals, health checks, JWKS and auth answers", async () => {
    const responses = await Promise.all([
      app.fetch("/"),
      app.fetch("/forum"),
      app.fetch("/no/such/page"),
      app.fetch("/healthz"),
      app.fetch("/.well-known/jwks.json"),
      app.fetch("/api/auth/get-session"),
      app.fetch("/forum", { method: "POST", headers: { Origin: "https://evil.example" } }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 404, 200, 200, 200, 403]);
    for (const res of responses) {
      expectHardened(res);
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    }
  });

  it("give every script React Router writes this request's nonce, and a new nonce each time", async () => {
    const nonces = new Set<string>();
    const paths = ["/", "/forum", `/forum/${questionId}`, "/blog/rheumatoid-arthritis-pain-relief-faq", "/auth", "/no/such/page"];
    for (const path of paths) {
      // A cookie other than the sidebar's keeps the request out of the page store: it renders for this request.
      const res = await app.fetch(path, { headers: { Cookie: "fresh=1" } });
      const html = await res.text();
      const csp = res.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(csp).toBe(contentSecurityPolicy({ nonce: nonce! }));
      nonces.add(nonce!);
      const executable = scriptTags(html).filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
      expect(executable.length, path).toBeGreaterThan(0);
      for (const attrs of executable) expect(attrs, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(paths.length);
  });

  it("a page from the page cache allows exactly its own inline scripts, by hash", async () => {
    for (const path of ["/", "/forum", "/blog/rheumatoid-arthritis-pain-relief-faq"]) {
      await app.fetch(path);
      const res = await app.fetch(path);
      expect(res.headers.get("x-cache"), path).toBe("HIT");
      const html = await res.text();
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).not.toMatch(/'nonce-/);
      const hashes = inlineScriptHashes(html);
      expect(hashes.length).toBeGreaterThan(0);
      expect(csp).toBe(contentSecurityPolicy({ scriptHashes: hashes }));
      // External scripts are same-origin paths, which 'self' covers.
      for (const attrs of scriptTags(html)) {
        const src = /\ssrc="([^"]+)"/.exec(attrs)?.[1];
        if (src) expect(src.startsWith("/") && !src.startsWith("//"), src).toBe(true);
      }
    }
  });

  it("hashes the scripts a browser runs and leaves data blocks such as JSON-LD out", () => {
    const ran = ["a()", "b()", "c()", "d()", `{"imports":{}}`];
    const html =
      `<script>${ran[0]}</script><script type="module">${ran[1]}</script><script type="text/javascript">${ran[2]}</script>` +
      `<script type='application/javascript; charset=utf-8'>${ran[3]}</script><script type="importmap">${ran[4]}</script>` +
      `<script type="application/ld+json">{"@type":"Article"}</script><script type=application/json>{"x":1}</script>`;
    const sha256 = (text: string) => `sha256-${crypto.createHash("sha256").update(text).digest("base64")}`;
    expect(inlineScriptHashes(html)).toEqual(ran.map(sha256));
  });

  it("the hash form of the policy differs only in script-src", () => {
    const html = `<script>a()</script><script type="module" src="/x.js"></script><script nonce="n">b()</script>`;
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    const byHash = contentSecurityPolicy({ scriptHashes: hashes }).split("; ");
    const byNonce = contentSecurityPolicy({ nonce: "abc" }).split("; ");
    expect(byHash.filter((d) => !d.startsWith("script-src"))).toEqual(byNonce.filter((d) => !d.startsWith("script-src")));
    expect(byHash.find((d) => d.startsWith("script-src"))).toBe(`script-src 'self' '${hashes[0]}' '${hashes[1]}'`);
    for (const d of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
    ]) {
      expect(byNonce).toContain(d);
    }
  });

  it("send HSTS only over https: an https SITE_URL, or X-Forwarded-Proto with TRUST_PROXY", async () => {
    const serve = async (siteUrl: string, trustProxy: boolean) => {
      const server = express();
      server.set("trust proxy", trustProxy);
      server.use(securityHeaders({ SITE_URL: siteUrl, NODE_ENV: "production" }));
      server.get("/api/v1/questions", (_req, res) => void res.json([]));
      server.get("/{*splat}", (_req, res) => void res.send("ok"));
      const listener = server.listen(0, "127.0.0.1");
      await new Promise((r) => listener.once("listening", r));
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      return { base, close: () => new Promise((r) => listener.close(r)) };
    };
    const plain = await serve("http://localhost:3000", false);
    const https = await serve("https://ra.example", false);
    const proxied = await serve("http://localhost:3000", true);
    try {
      const forwarded = { "X-Forwarded-Proto": "https" };
      expect((await fetch(`${plain.base}/`, { headers: forwarded })).headers.get("strict-transport-security")).toBeNull();
      expect((await fetch(`${https.base}/`)).headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expect((await fetch(`${proxied.base}/`)).headers.get("strict-transport-security")).toBeNull();
      expect((await fetch(`${proxied.base}/`, { headers: forwarded })).headers.get("strict-transport-security")).toMatch(/max-age=/);
      // JSON API reads may be fetched by other sites (CORS); everything else stays same-origin.
      expect((await fetch(`${plain.base}/api/v1/questions`)).headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      expect((await fetch(`${plain.base}/forum`)).headers.get("cross-origin-resource-policy")).toBe("same-origin");
    } finally {
      await Promise.all([plain.close(), https.close(), proxied.close()]);
    }
  });
});

describe("cookies", () => {
  it("session cookies are HttpOnly and SameSite=Lax (not Secure over http); the toast cookie too", async () => {
    const res = await app.fetch("/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ intent: "signup", ageConfirmed: "yes", email: "cookie-check@example.com", password: "cookie-password" }).toString(),
    });
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("better-auth.session_token="));
    const toast = cookies.find((c) => c.startsWith("toast="));
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).not.toMatch(/; Secure/i);
    expect(toast).toMatch(/; HttpOnly/i);
    expect(toast).toMatch(/; SameSite=Lax/i);
  });

  it("over https the session cookie is Secure and __Secure- prefixed", async () => {
    const secure = await createTestRuntime({ SITE_URL: "https://ra.example", RATE_LIMITS: "false" });
    try {
      const res = await secure.auth.handler(
        new Request("https://ra.example/api/auth/sign-up/email", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: "https://ra.example" },
          body: JSON.stringify({ email: "secure@example.com", password: "secure-password", name: "", ageConfirmed: true }),
        }),
      );
      const session = res.headers.getSetCookie().find((c) => c.includes("session_token="));
      expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; HttpOnly/i);
      expect(session).toMatch(/; SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });
});
