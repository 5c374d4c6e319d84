// Three instances of the production build behind nginx, each reaching PostgreSQL through a TCP
// proxy the test controls: a frozen notification connection, a long lock, a partition, an
// outage during sign-in, and query errors that are not outages. What is checked is what a reader
// or a member would notice: how stale a page gets, how long an answer takes and what it says,
// and whether a write answered 503 shows up later. Database waits are set short (2-3 s) so that
// the deadlines documented for the defaults scale down to a test.
import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { startCluster, type Answer, type Cluster } from "./cluster";
import { expectCleanLogs } from "./log-scan";
import { portFor } from "./processes";

const PROXY_PORT = portFor(14);
const PORTS = [portFor(15), portFor(16), portFor(17)];
const DB_PROXY_PORTS = [portFor(18), portFor(19), portFor(20)];
// REQUEST_TIMEOUT_SECONDS below, plus time to render and for nginx.
const DEADLINE_MS = 7_000;
const PASSWORD = "database-trouble-password-1";
// How long the table stays locked in the lock test: the reported case's 45 s.
const LOCK_MS = 45_000;

let cluster: Cluster;
const titles: string[] = [];
const emails: string[] = [];
const unique = (label: string) => `${label} ${crypto.randomBytes(4).toString("hex")}`;

test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({
    name: "capsiva_trouble",
    ports: PORTS,
    proxyPort: PROXY_PORT,
    databaseProxyPorts: DB_PROXY_PORTS,
    env: {
      LOG_LEVEL: "info",
      DATABASE_LOCK_TIMEOUT_SECONDS: "2",
      DATABASE_STATEMENT_TIMEOUT_SECONDS: "3",
      DATABASE_CONNECT_TIMEOUT_SECONDS: "2",
      REQUEST_TIMEOUT_SECONDS: "6",
    },
  });
});

test.afterAll(async () => {
  for (const proxy of cluster?.proxies ?? []) proxy.restore();
  await cluster?.stop();
});

/** A request that gives up after `limitMs`, answering status 0 then. */
async function timed(port: number, method: string, path: string, options: { cookie?: string; form?: Record<string, string> } = {}, limitMs = 15_000) {
  const started = Date.now();
  const timeout = new Promise<Answer>((resolve) => setTimeout(() => resolve({ status: 0, location: "", body: "", cookies: [], cache: "" }), limitMs));
  const res = await Promise.race([cluster.request(port, method, path, options), timeout]);
  return { ...res, ms: Date.now() - started };
}

async function member() {
  const email = `trouble-${crypto.randomBytes(4).toString("hex")}@example.com`;
  emails.push(email);
  return { email, cookie: await cluster.signUp(email, PASSWORD) };
}

async function ask(cookie: string) {
  const title = unique("Warm water for stiff fingers");
  titles.push(title);
  const res = await cluster.request(PROXY_PORT, "POST", "/forum", { cookie, form: { title, content: "Does a bowl of warm water in the morning help?" } });
  expect(res.status, res.body.slice(0, 300)).toBe(302);
  return Number((await cluster.db.query("select id from forum_questions where title = $1", [title])).rows[0].id);
}

async function ready() {
  for (const port of PORTS) {
    const deadline = Date.now() + 20_000;
    while ((await timed(port, "GET", "/readyz", {}, 3000)).status !== 200) {
      expect(Date.now(), `:${port} ready again`).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const listsItems = (body: string) => /href="\/forum\/\d+"|href="\/article\//.test(body);

test("with one instance's notification connection frozen, its readers see a new answer within a second, and its log says so", async () => {
  const asker = await member();
  const question = await ask(asker.cookie);
  const watched = PORTS[1];
  for (let i = 0; i < 2; i++) await cluster.request(watched, "GET", `/forum/${question}`);
  expect(cluster.proxies[1].freezeListening(), "connections listening through the proxy").toBeGreaterThan(0);

  for (const round of [1, 2]) {
    const text = unique(`Gloves at night helped me, round ${round}`);
    titles.push(text);
    const posted = await cluster.request(PORTS[0], "POST", `/forum/${question}`, {
      cookie: asker.cookie,
      form: { intent: "answer", content: text, submissionKey: crypto.randomUUID() },
    });
    expect(posted.status, posted.body.slice(0, 300)).toBeLessThan(400);
    const since = Date.now();
    for (;;) {
      const res = await cluster.request(watched, "GET", `/forum/${question}`);
      if (res.body.includes(text)) break;
      const waited = Date.now() - since;
      expect(waited, `round ${round}: the instance with the frozen connection still shows the old page after ${waited} ms`).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 25));
    }
    // The second round comes after the instance has noticed and listens again.
    if (round === 1) await new Promise((r) => setTimeout(r, 500));
    if (round === 1) await expect.poll(() => /"level":40[^\n]*"msg":"freshness: [^"]*heartbeat/.test(cluster.output()), { timeout: 5000 }).toBe(true);
  }
  cluster.proxies[1].restore();
});

test("a table locked for long answers the requests it blocks with 503 within the deadline, while other pages and readiness keep working; the write answered 503 is not stored later", async () => {
  const asker = await member();
  const question = await ask(asker.cookie);
  const lock = cluster.db;
  await lock.query("begin");
  await lock.query("lock table forum_questions in access exclusive mode");
  const lockedAt = Date.now();
  try {
    const texts = [unique("Written as the table was locked"), unique("Written late in the lock")];
    titles.push(...texts);
    // What the lock blocks (searches and an answer) and what it must not (readiness on every
    // instance, pages without the locked table), at once; in the reported case the blocked
    // requests held every pool connection, so that readiness and other pages failed too.
    const wave = async (label: string, text: string) => {
      const blocked = Promise.all([
        ...Array.from({ length: 10 }, (_, i) =>
          timed(PROXY_PORT, "GET", `/search?q=${encodeURIComponent(`locked ${i} ${crypto.randomBytes(2).toString("hex")}`)}`, {}, 20_000),
        ),
        timed(
          PROXY_PORT,
          "POST",
          `/forum/${question}`,
          { cookie: asker.cookie, form: { intent: "answer", content: text, submissionKey: crypto.randomUUID() } },
          20_000,
        ),
      ]);
      await new Promise((r) => setTimeout(r, 300));
      const unrelated = [
        ...PORTS.map((port) => [port, "/readyz"] as const),
        [PROXY_PORT, "/about?from=lock"] as const,
        [PROXY_PORT, "/blog/capsaicin-arthritis-guide?from=lock"] as const,
      ];
      const others = await Promise.all(unrelated.map(([port, path]) => timed(port, "GET", path, {}, 20_000).then((res) => ({ ...res, path }))));
      for (const res of others) {
        expect(res.status, `${label}: ${res.path}, unrelated, answered ${res.status} after ${res.ms} ms`).toBe(200);
        expect(res.ms, `${label}: an unrelated request's time`).toBeLessThan(1500);
      }
      for (const res of await blocked) {
        expect(res.status, `${label}: a blocked request answered ${res.status} after ${res.ms} ms: ${res.body.slice(0, 120)}`).toBe(503);
        expect(res.ms, `${label}: a blocked request's time`).toBeLessThan(DEADLINE_MS);
      }
    };
    await wave("as the lock begins", texts[0]);
    // The lock stands for 45 s, as in the reported case: a second wave near its end shows that
    // the blocked requests gave their connections back. Not conditions: the lock's length is the
    // scenario itself, and nothing changes during it that a test could watch.
    await new Promise((r) => setTimeout(r, Math.max(0, LOCK_MS - 10_000 - (Date.now() - lockedAt))));
    await wave(`${Math.round((Date.now() - lockedAt) / 1000)} s into the lock`, texts[1]);
    await new Promise((r) => setTimeout(r, Math.max(0, LOCK_MS - (Date.now() - lockedAt))));
    await lock.query("rollback");
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const { rows } = await cluster.db.query("select count(*)::int as n from forum_answers where content = any($1)", [texts]);
      expect(rows[0].n, "an answer that was answered 503 was stored after the lock lifted").toBe(0);
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await lock.query("rollback").catch(() => {});
  }
});

test("with the network to the database partitioned, every route family answers within the deadline: 503 with Retry-After, or the spec's empty lists", async () => {
  const asker = await member();
  const question = await ask(asker.cookie);
  const article = (await cluster.db.query("select slug from blog_posts where published limit 1")).rows[0]?.slug as string;
  for (const proxy of cluster.proxies) proxy.freeze();
  try {
    const probes: [string, string, string, { cookie?: string; form?: Record<string, string> }?][] = [
      ["home", "GET", "/?from=partition"],
      ["blog", "GET", "/blog?from=partition"],
      ["forum", "GET", "/forum?from=partition"],
      ["question", "GET", `/forum/${question}?from=partition`],
      ["article", "GET", `/article/${article}?from=partition`],
      ["search", "GET", "/search?q=partition"],
      ["account", "GET", "/account", { cookie: asker.cookie }],
      ["notifications", "GET", "/notifications", { cookie: asker.cookie }],
      [
        "answer",
        "POST",
        `/forum/${question}`,
        { cookie: asker.cookie, form: { intent: "answer", content: unique("Answered across a partition"), submissionKey: crypto.randomUUID() } },
      ],
      ["API list", "GET", "/api/v1/questions"],
      ["API question", "GET", `/api/v1/questions/${question}`],
      ["auth session", "GET", "/api/auth/get-session", { cookie: asker.cookie }],
    ];
    const answers = await Promise.all(probes.map(([, method, path, options]) => timed(PROXY_PORT, method, path, options, 20_000)));
    const problems: string[] = [];
    for (const [i, res] of answers.entries()) {
      const [name, method, path] = probes[i];
      const label = `${name}: ${method} ${path} answered ${res.status || "nothing"} after ${res.ms} ms`;
      if (res.ms > DEADLINE_MS) problems.push(`${label}, past the deadline`);
      else if (res.status === 200 && ["home", "blog", "forum"].includes(name) && !listsItems(res.body)) continue;
      else if (res.status !== 503) problems.push(`${label}: ${res.body.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  } finally {
    for (const proxy of cluster.proxies) proxy.restore();
  }
  await ready();
});

test("during an outage the auth endpoints answer 503 with Retry-After, and the forms say the site is temporarily unavailable without claiming a mail was sent", async () => {
  const { email, cookie } = await member();
  for (const proxy of cluster.proxies) proxy.cut();
  try {
    const json = (path: string, body: Record<string, string | boolean>) =>
      fetch(`http://127.0.0.1:${PROXY_PORT}/api/auth/${path}`, {
        method: "POST",
        headers: { Host: `localhost:${PROXY_PORT}`, Origin: cluster.site, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const endpoints = [
      ["sign-in", await json("sign-in/email", { email, password: PASSWORD })],
      ["sign-up", await json("sign-up/email", { email: `new-${email}`, password: PASSWORD, name: "", ageConfirmed: true })],
      ["reset mail", await json("request-password-reset", { email, redirectTo: "/auth/reset" })],
      ["session", await fetch(`http://127.0.0.1:${PROXY_PORT}/api/auth/get-session`, { headers: { Host: `localhost:${PROXY_PORT}`, Cookie: cookie } })],
    ] as const;
    for (const [name, res] of endpoints) {
      expect(res.status, `${name}: ${await res.clone().text()}`).toBe(503);
      expect(res.headers.get("retry-after"), name).toMatch(/^[1-9]\d*$/);
    }
    const forms: [string, string, Record<string, string>, string?][] = [
      ["sign-in form", "/auth", { intent: "signin", email, password: PASSWORD }],
      ["sign-up form", "/auth", { intent: "signup", email: `other-${email}`, password: PASSWORD, ageConfirmed: "yes" }],
      ["forgot form", "/auth/forgot", { email }],
      ["reset form", "/auth/reset?token=abcdefghijklmnopqrstuvwx", { token: "abcdefghijklmnopqrstuvwx", password: PASSWORD, confirm: PASSWORD }],
      ["sign-out form", "/auth/sign-out", {}, cookie],
    ];
    for (const [name, path, form, formCookie] of forms) {
      const res = await cluster.request(PROXY_PORT, "POST", path, { form, cookie: formCookie });
      expect(res.status, `${name}: ${res.body.slice(0, 200)}`).toBe(503);
      expect(res.body, name).toMatch(/temporarily unavailable/i);
      expect(res.body, name).not.toMatch(/we have sent|check your email|Something went wrong/i);
    }
  } finally {
    for (const proxy of cluster.proxies) proxy.restore();
  }
  await ready();
});

test("a list page rendered during an outage is not served from the readers' store once the database is back", async () => {
  for (const proxy of cluster.proxies) proxy.cut();
  try {
    for (const port of PORTS) {
      const res = await cluster.request(port, "GET", "/blog");
      expect(res.status).toBe(200);
      expect(listsItems(res.body), "the blog lists stories it cannot have loaded").toBe(false);
    }
  } finally {
    for (const proxy of cluster.proxies) proxy.restore();
  }
  await ready();
  for (const port of PORTS) {
    for (let i = 0; i < 2; i++) {
      const res = await cluster.request(port, "GET", "/blog");
      expect(listsItems(res.body), `:${port} /blog after the database returned (visit ${i + 1})`).toBe(true);
    }
  }
  // Above, the notification connection broke too, and an instance that reconnects it makes
  // everything stale anyway. Here only the pool's connections go: nothing tells the instances to
  // forget their stored pages, so only not storing the degraded render keeps it from readers. A
  // list no render has read yet, so that it cannot come from the shared reads either.
  const page = "/forum?sort=active";
  for (const proxy of cluster.proxies) proxy.cutExceptListening();
  try {
    for (const port of PORTS) {
      for (let i = 0; i < 2; i++) {
        const res = await cluster.request(port, "GET", page);
        expect(res.status).toBe(200);
        expect(listsItems(res.body), `:${port} ${page} lists stories it cannot have loaded (visit ${i + 1})`).toBe(false);
      }
    }
  } finally {
    for (const proxy of cluster.proxies) proxy.restore();
  }
  await ready();
  for (const port of PORTS) {
    const res = await cluster.request(port, "GET", page);
    expect(listsItems(res.body), `:${port} ${page} after the pool's database returned still shows the empty list rendered during the outage`).toBe(true);
  }
});

test("a query error that is not an outage leaves the lists of /, /blog and /forum empty and the pages working", async () => {
  const tell = () => cluster.db.query("select pg_notify('capsiva_freshness', 'test all')");
  await cluster.db.query("alter table forum_questions rename to forum_questions_away");
  await cluster.db.query("alter table blog_posts rename to blog_posts_away");
  await tell();
  const told = Date.now();
  try {
    // A stored page may be served for up to half a second after a change while it is rendered
    // again (the store's grace): every instance must show the empty lists within a second.
    for (const port of PORTS) {
      for (const path of ["/", "/blog", "/forum"]) {
        for (;;) {
          const res = await cluster.request(port, "GET", `${path}?from=query-error`);
          expect(res.status, `:${port} ${path}: ${res.body.slice(0, 200)}`).toBe(200);
          if (!listsItems(res.body)) break;
          expect(Date.now() - told, `:${port} ${path} lists items`).toBeLessThan(1000);
          await new Promise((r) => setTimeout(r, 25));
        }
      }
    }
  } finally {
    await cluster.db.query("alter table forum_questions_away rename to forum_questions");
    await cluster.db.query("alter table blog_posts_away rename to blog_posts");
    await tell();
  }
  await new Promise((r) => setTimeout(r, 300));
  expect(listsItems((await cluster.request(PORTS[0], "GET", "/forum?from=after")).body)).toBe(true);
});

test("every log line of the instances is JSON, with no email address, token or question title", () => {
  expectCleanLogs(cluster.output(), { secrets: [...titles, ...emails] });
});
