// The database becomes unreachable while the site serves (a cut network path, not a stopped
// server): every family of routes answers a stored page, the spec's empty lists, or a plain 503
// with Retry-After in the site's layout, never a 500; and all is well within 2 s of its return.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import { expect, test } from "./fixtures";
import { freshDatabase, killAll, portFor, ROOT, start, startDatabaseProxy, stop, tmp, waitHealthy } from "./processes";
import { postedFields, recordPostedTexts } from "./server-logs";

const SECRET = crypto.randomBytes(32).toString("hex");
const PASSWORD = "a-long-password-1";

interface Probe {
  name: string;
  path: string;
  who: "visitor" | "member" | "admin";
  method?: string;
  body?: string;
  type?: string;
  /** What the page may answer during the outage besides 503. */
  allow?: "stored" | "empty-list" | "static";
}

test.describe("a database outage", () => {
  const port = portFor(12);
  const site = `http://localhost:${port}`;

  test("every route family answers 503 with Retry-After, a stored page or the spec's empty lists, never 500; readiness fails, liveness holds; all healthy within 2 s of recovery", async () => {
    test.setTimeout(180_000);
    const database = await freshDatabase("ops_outage");
    const proxy = await startDatabaseProxy(portFor(13), database.url);
    const server = start({
      PORT: String(port),
      DATABASE_URL: proxy.url,
      BETTER_AUTH_SECRET: SECRET,
      DATA_DIR: tmp(),
      SITE_URL: `http://localhost:${port}`,
      REQUIRE_EMAIL_VERIFICATION: "false",
      SEED: "true",
    });
    const direct = new pg.Client({ connectionString: database.url });
    try {
      await waitHealthy(port, 90_000);
      await direct.connect();
      // The demo content, loaded as an operator would (nothing has been served yet to go stale).
      const seeded = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/seed-scale.ts"], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: "utf8",
      });
      expect(seeded.status, seeded.stderr).toBe(0);

      // A member and an admin, signed in through the auth API as the forms do.
      const signUp = async (email: string) => {
        const res = await fetch(`${site}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: `http://localhost:${port}` },
          body: JSON.stringify({ email, password: PASSWORD, name: "", ageConfirmed: true }),
        });
        expect(res.status, await res.clone().text()).toBe(200);
      };
      const signIn = async (email: string) => {
        const res = await fetch(`${site}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: `http://localhost:${port}` },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        expect(res.status).toBe(200);
        return res.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
      };
      const memberEmail = `outage-member-${Date.now()}@example.com`;
      const adminEmail = `outage-admin-${Date.now()}@example.com`;
      await signUp(memberEmail);
      await signUp(adminEmail);
      await direct.query(`update users set role = 'admin' where email = $1`, [adminEmail]);
      const cookies = { visitor: "", member: await signIn(memberEmail), admin: await signIn(adminEmail) };
      const { token: apiToken } = (await (await fetch(`${site}/api/auth/token`, { headers: { cookie: cookies.member } })).json()) as { token: string };

      // One page of each family, found the way a crawler finds them.
      const sitemap = await (await fetch(`${site}/sitemap.xml`)).text();
      const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
      const pick = (re: RegExp) => {
        const found = urls.find((u) => re.test(u));
        expect(found, `the sitemap lists a page like ${re}`).toBeTruthy();
        return found!;
      };
      const article = pick(/^\/article\//);
      const [question, question2] = urls.filter((u) => /^\/forum\/\d+$/.test(u));
      expect(question2, "two questions in the sitemap").toBeTruthy();
      const guide = pick(/^\/blog\/[a-z-]+$/);
      const city = pick(/^\/(?!blog\/|forum\/|article\/)[a-z0-9-]+\/[a-z0-9-]+$/);
      const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
      const urlencoded = "application/x-www-form-urlencoded";

      const probes: Probe[] = [
        // Readers' pages: stored pages keep being served; pages rendered now follow the rules.
        { name: "question (stored)", path: question, who: "visitor", allow: "stored" },
        { name: "home (rendered)", path: "/?from=outage", who: "visitor", allow: "empty-list" },
        { name: "blog (rendered)", path: "/blog?from=outage", who: "visitor", allow: "empty-list" },
        { name: "forum (rendered)", path: "/forum?from=outage", who: "visitor", allow: "empty-list" },
        { name: "client navigation data", path: "/blog.data?from=outage", who: "visitor", allow: "empty-list" },
        { name: "article", path: `${article}?from=outage`, who: "visitor" },
        { name: "question", path: `${question2}?from=outage`, who: "visitor" },
        { name: "guide (its text needs no database)", path: `${guide}?from=outage`, who: "visitor", allow: "static" },
        { name: "city page", path: `${city}?from=outage`, who: "visitor" },
        { name: "search", path: "/search?q=capsaicin", who: "visitor" },
        { name: "sitemap", path: "/sitemap.xml?from=outage", who: "visitor" },
        { name: "feed", path: "/rss.xml?from=outage", who: "visitor" },
        { name: "about", path: "/about?from=outage", who: "visitor", allow: "static" },
        { name: "sign-in page", path: "/auth?from=outage", who: "visitor", allow: "static" },
        // Members' and admins' pages.
        { name: "home, member", path: "/", who: "member", allow: "empty-list" },
        { name: "forum, member", path: "/forum", who: "member", allow: "empty-list" },
        { name: "question, member", path: question, who: "member" },
        { name: "account", path: "/account", who: "member" },
        { name: "security", path: "/account/security", who: "member" },
        { name: "admin", path: "/admin", who: "admin" },
        { name: "admin reports", path: "/admin/reports", who: "admin" },
        // Forms.
        {
          name: "ask a question",
          path: "/forum",
          who: "member",
          method: "POST",
          type: urlencoded,
          body: form({ intent: "ask", title: "Asked during an outage", content: "Does this reach anyone?" }),
        },
        {
          name: "answer",
          path: question,
          who: "member",
          method: "POST",
          type: urlencoded,
          body: form({ intent: "answer", content: "An answer during an outage" }),
        },
        {
          name: "sign in",
          path: "/auth",
          who: "visitor",
          method: "POST",
          type: urlencoded,
          body: form({ intent: "sign-in", email: memberEmail, password: PASSWORD }),
        },
        { name: "reset mail", path: "/auth/forgot", who: "visitor", method: "POST", type: urlencoded, body: form({ email: memberEmail }) },
        // The JSON API and the auth library's own endpoints.
        { name: "API list", path: "/api/v1/questions", who: "visitor" },
        {
          name: "API ask",
          path: "/api/v1/questions",
          who: "visitor",
          method: "POST",
          type: "application/json",
          body: JSON.stringify({ title: "Asked through the API", content: "During an outage" }),
        },
        { name: "auth session", path: "/api/auth/get-session", who: "member" },
        {
          name: "auth sign-in",
          path: "/api/auth/sign-in/email",
          who: "visitor",
          method: "POST",
          type: "application/json",
          body: JSON.stringify({ email: memberEmail, password: PASSWORD }),
        },
      ];
      recordPostedTexts("Asked before the outage", "Asked after the outage", "Does this get through now?", "Is everything working?");
      for (const probe of probes) recordPostedTexts(...postedFields(probe.body ?? null, probe.type));
      const request = (probe: Probe) =>
        fetch(`${site}${probe.path}`, {
          method: probe.method ?? "GET",
          redirect: "manual",
          headers: {
            Origin: site,
            ...(probe.type ? { "Content-Type": probe.type } : {}),
            ...(probe.who !== "visitor" ? { cookie: cookies[probe.who] } : {}),
            ...(probe.path.startsWith("/api/v1") && probe.method === "POST" ? { Authorization: `Bearer ${apiToken}` } : {}),
          },
          body: probe.body,
        });

      // Before: a write (which makes every kept page and read stale), then one question page
      // stored; the lists have items.
      const first = await fetch(`${site}/api/v1/questions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: "Asked before the outage", content: "Is everything working?" }),
      });
      expect(first.status).toBe(201);
      await fetch(`${site}${question}`);
      expect((await fetch(`${site}${question}`)).headers.get("x-cache")).toBe("HIT");

      proxy.cut();
      expect((await fetch(`${site}/readyz`)).status).toBe(503);
      expect((await fetch(`${site}/healthz`)).status).toBe(503);
      expect((await fetch(`${site}/livez`)).status).toBe(200);

      const problems: string[] = [];
      for (const probe of probes) {
        const res = await request(probe);
        const body = await res.text();
        const label = `${probe.name}: ${probe.method ?? "GET"} ${probe.path} as ${probe.who} answered ${res.status}`;
        if (res.status === 503) {
          if (!/^[1-9]\d*$/.test(res.headers.get("retry-after") ?? "")) problems.push(`${label} without Retry-After`);
          if (!/no-store/.test(res.headers.get("cache-control") ?? "")) problems.push(`${label} that a cache may keep`);
          if (
            /text\/html/.test(res.headers.get("content-type") ?? "") &&
            !(/Temporarily unavailable|Failed to load article/.test(body) && body.includes("<nav"))
          )
            problems.push(`${label} without the site's layout and a plain message`);
          continue;
        }
        if (probe.allow === "stored" && res.status === 200 && res.headers.get("x-cache") === "HIT") continue;
        if (probe.allow === "static" && res.status === 200) continue;
        if (probe.allow === "empty-list" && res.status === 200) {
          // The spec's rule: the page works and its lists are empty; such a page is never kept.
          if (/href="\/forum\/\d+"|href="\/article\//.test(body)) problems.push(`${label} listing items it cannot have loaded`);
          if (!/no-store/.test(res.headers.get("cache-control") ?? "")) problems.push(`${label} that a cache may keep`);
          continue;
        }
        problems.push(`${label}${res.status === 200 ? ` (x-cache ${res.headers.get("x-cache")})` : ""}: ${body.slice(0, 200)}`);
      }
      expect(problems).toEqual([]);
      // Nothing was written while the database was away.
      expect(server.output()).not.toMatch(/"level":50/);

      // The database returns: readiness and every family are healthy within 2 s.
      proxy.restore();
      const back = Date.now();
      const healthy = async () => {
        if ((await fetch(`${site}/readyz`)).status !== 200) return false;
        for (const probe of probes.filter((p) => !p.method)) {
          const res = await request(probe);
          if (res.status >= 500) return false;
          if (
            probe.allow === "empty-list" &&
            /no-store/.test(res.headers.get("cache-control") ?? "") &&
            !/href="\/forum\/\d+"|href="\/article\//.test(await res.text())
          )
            return false;
        }
        return true;
      };
      let recovered = false;
      while (Date.now() - back < 2_000 && !(recovered = await healthy())) await new Promise((r) => setTimeout(r, 100));
      expect(recovered, "healthy within 2 s of the database's return").toBe(true);
      console.log(`outage: every route family healthy ${Date.now() - back} ms after the database returned`);
      // The lists are back, and a write works again.
      expect(await (await fetch(`${site}/forum?from=after`)).text()).toMatch(/href="\/forum\/\d+"/);
      const asked = await fetch(`${site}/api/v1/questions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: "Asked after the outage", content: "Does this get through now?" }),
      });
      expect(asked.status).toBe(201);
      expect(await stop(server)).toBe(0);
    } finally {
      killAll([server]);
      await direct.end().catch(() => {});
      await proxy.close();
      await database.drop();
    }
  });
});
