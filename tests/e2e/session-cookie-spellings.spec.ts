// A member's session cookie written in odd ways (a space before `=`, twice, in other letter case,
// beside other cookies) or a request with an Authorization header: whatever the server makes of
// such a request, its answer is never one a signed-out visitor is then given. Over real HTTP
// against the production build, on a server of this spec's own (a page it wrongly kept must not
// reach the other browser tests).
import http from "node:http";
import path from "node:path";
import { expect, test, uniqueEmail } from "./fixtures";
import { killAll, portFor, start, tmp, waitHealthy, type ServerProcess } from "./processes";

const PORT = portFor(20);
const SITE = `http://127.0.0.1:${PORT}`;
const CITY = "/new-york/arthritis-pain-relief";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One GET with exactly these headers (no client of ours rewrites the Cookie header on the way). */
function get(urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${SITE}${urlPath}`, { headers: { Connection: "close", ...headers }, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const send = (method: string, urlPath: string, init: { cookie?: string; json?: object; form?: Record<string, string> }) =>
  fetch(`${SITE}${urlPath}`, {
    method,
    redirect: "manual",
    headers: {
      Origin: SITE,
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      "Content-Type": init.json ? "application/json" : "application/x-www-form-urlencoded",
    },
    body: init.json ? JSON.stringify(init.json) : new URLSearchParams(init.form).toString(),
  });

let server: ServerProcess;
const member = {
  email: uniqueEmail("spelled"),
  name: `Rowan ${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`,
  cookie: "",
  value: "",
  jwt: "",
  handle: "",
};

/** A form on /account, posted as the member: a write, so the site drops every page it kept. */
async function accountForm(form: Record<string, string>) {
  const res = await send("POST", "/account", { cookie: member.cookie, form });
  expect(res.status, `posting ${form.intent} on /account`).toBeLessThan(400);
  await res.arrayBuffer();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = start({
    PORT: String(PORT),
    SITE_URL: SITE,
    DATA_DIR: path.join(tmp(), "data"),
    DATABASE_URL: "",
    SEED: "true",
    RATE_LIMITS: "false",
    TRUST_PROXY: "false",
    SMTP_URL: "",
    REQUIRE_EMAIL_VERIFICATION: "false",
  });
  await waitHealthy(PORT, 150_000).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output().slice(-2000)}`);
  });
  const signUp = await send("POST", "/api/auth/sign-up/email", {
    json: { email: member.email, password: "a-spelled-password-1", name: "", ageConfirmed: true },
  });
  expect(signUp.status).toBe(200);
  member.cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("better-auth.session_token="))!;
  expect(member.cookie, "the session cookie from signing up").toBeTruthy();
  member.value = member.cookie.slice(member.cookie.indexOf("=") + 1);
  await accountForm({ intent: "display-name", displayName: member.name });
  await accountForm({ intent: "public-profile", publicProfile: "on" });
  const account = await get("/account", { Cookie: member.cookie });
  member.handle = /href="\/members\/([^"]+)"/.exec(account.body)?.[1] ?? "";
  expect(member.handle, "the member's public profile address on /account").toBeTruthy();
  const token = await fetch(`${SITE}/api/auth/token`, { headers: { Cookie: member.cookie } });
  member.jwt = ((await token.json()) as { token: string }).token;
  expect(member.jwt).toBeTruthy();
});

test.afterAll(async () => {
  if (!server) return;
  server.child.kill("SIGTERM");
  const exited = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r("timeout"), 20_000))]);
  if (exited === "timeout") killAll([server]);
});

/** Every page to try, and what a signed-out visitor gets there. */
const pages = () => [
  { path: "/account", signedOut: 302 },
  { path: "/notifications", signedOut: 302 },
  { path: "/account/security", signedOut: 302 },
  { path: "/about", signedOut: 200 },
  { path: `/members/${member.handle}`, signedOut: 200 },
  { path: CITY, signedOut: 200 },
  { path: "/", signedOut: 200 },
  { path: "/forum", signedOut: 200 },
  // What client-side navigation fetches: a redirect to sign in is a 202 carrying it.
  { path: "/account.data", signedOut: 202 },
  { path: "/about.data", signedOut: 200 },
  { path: `${CITY}.data`, signedOut: 200 },
];

/** The member's own things in an answer: their address, their greeting, their account menu. */
function memberTraces(body: string) {
  const text = body.replace(/<[^>]*>/g, "");
  return [
    body.includes(member.email) ? "their email" : "",
    text.includes(`Welcome, ${member.name}`) ? `"Welcome, ${member.name}"` : "",
    body.includes("Account menu for") ? "an account menu" : "",
    body.includes(member.jwt) || body.includes(member.value) ? "their token" : "",
  ].filter(Boolean);
}

const spellings: { name: string; headers: () => Record<string, string> }[] = [
  { name: "a space before '='", headers: () => ({ Cookie: `better-auth.session_token =${member.value}` }) },
  { name: "a space before '=', after another cookie", headers: () => ({ Cookie: `theme=dark; better-auth.session_token =${member.value}` }) },
  { name: "the cookie twice", headers: () => ({ Cookie: `better-auth.session_token=${member.value}; better-auth.session_token=${member.value}` }) },
  { name: "another letter case", headers: () => ({ Cookie: `Better-Auth.session_token=${member.value}` }) },
  { name: "an unknown cookie beside it", headers: () => ({ Cookie: `${member.cookie}; theme=dark` }) },
  { name: "an Authorization header", headers: () => ({ Authorization: `Bearer ${member.jwt}` }) },
  {
    name: "an Authorization header and a spaced cookie",
    headers: () => ({ Authorization: `Bearer ${member.jwt}`, Cookie: `better-auth.session_token =${member.value}` }),
  },
];

for (const spelling of spellings) {
  test(`a member's request with ${spelling.name} never becomes a signed-out visitor's page`, async () => {
    // A signed-out visitor's page is read first: if the member's request were kept, the visitor
    // would be given a copy other than that one. Every page is tried even after one fails (soft
    // checks), so the report lists each page that leaks.
    for (const { path: urlPath, signedOut } of pages()) {
      const asked = `${urlPath} with ${spelling.name}`;
      const readers = await get(urlPath);
      const personal = await get(urlPath, spelling.headers());
      expect.soft(personal.headers["x-cache"], `${asked}: answered from the readers' store`).not.toBe("HIT");

      const visitor = await get(urlPath);
      const leaked = memberTraces(visitor.body);
      const seen = `X-Cache ${visitor.headers["x-cache"]}, ${leaked.length ? `showing ${leaked.join(", ")}` : "nothing of the member's"}`;
      expect.soft(visitor.status, `a signed-out visitor's ${urlPath} after the member's ${asked} (${seen})`).toBe(signedOut);
      expect.soft(leaked, `what a signed-out visitor's ${urlPath} shows of the member after ${asked}`).toEqual([]);
      if (visitor.headers["x-cache"] === "HIT") {
        expect.soft(visitor.headers.etag, `a signed-out visitor's ${urlPath} came from the page kept for ${asked}`).toBe(readers.headers.etag);
      }

      // What the member was shown, if it was theirs, is for them alone.
      if (memberTraces(personal.body).length) {
        expect.soft(String(personal.headers["cache-control"]), `Cache-Control of ${asked}, which shows the member's page`).toMatch(/private|no-store/);
      }
    }
  });
}
