// The search limit counts each visitor's searches apart, members' included, with the site behind
// nginx (deploy/nginx/capsiva.conf, TRUST_PROXY=1) as in production: nginx tells the site each
// client's address, and one member who searches until the site stops them leaves every other
// member's searches working. Each member's requests come from an address of their own on
// loopback (127.0.0.2, 127.0.0.3), so nginx sees two clients.
import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { startCluster, type Cluster } from "./cluster";
import { LIMITS } from "../../app/server/infra/rate-limit.server";
import { portFor } from "./processes";

const APP_PORT = portFor(21);
const PROXY_PORT = portFor(22);
const FIRST = "127.0.0.2";
const SECOND = "127.0.0.3";
const TOO_MANY = LIMITS.search.message;

let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({ name: "capsiva_search_limit", ports: [APP_PORT], proxyPort: PROXY_PORT, env: { RATE_LIMITS: "true" } });
});

test.afterAll(async () => {
  await cluster?.stop();
});

const email = (label: string) => `${label}-${crypto.randomBytes(4).toString("hex")}@example.com`;
/** A different query each time, so every search is one the site must run. */
const query = (i: number) => `hands ${["morning", "warm", "cream", "gloves", "pacing"][i % 5]} ${crypto.randomBytes(3).toString("hex")}`;

test("a member who searches until stopped leaves another member's searches working, behind nginx", async () => {
  test.setTimeout(180_000);
  const password = "a-search-limit-password-1";
  const first = { email: email("searcher"), cookie: "" };
  const second = { email: email("reader"), cookie: "" };
  first.cookie = await cluster.signUp(first.email, password);
  second.cookie = await cluster.signUp(second.email, password);
  const search = (who: { cookie: string }, from: string, q: string) =>
    cluster.request(PROXY_PORT, "GET", `/search?q=${encodeURIComponent(q)}`, { cookie: who.cookie, from });

  // Both are members on pages of their own before anyone searches.
  for (const [who, from] of [
    [first, FIRST],
    [second, SECOND],
  ] as const) {
    const home = await cluster.request(PROXY_PORT, "GET", "/", { cookie: who.cookie, from });
    expect(
      home.status,
      home.body
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .slice(0, 1500),
    ).toBe(200);
    expect(home.body, `the home page through nginx for ${who.email}`).toContain(`Account menu for ${who.email}`);
  }

  // The first member searches until the site stops them.
  const statuses: number[] = [];
  for (let i = 0; i < LIMITS.search.points + 10 && statuses.at(-1) !== 429; i++) {
    const res = await search(first, FIRST, query(i));
    statuses.push(res.status);
    if (res.status === 200) expect(res.body, `search ${i + 1} by the first member`).toContain(`Account menu for ${first.email}`);
  }
  expect(statuses.at(-1), `the first member's searches: ${statuses.join(" ")}`).toBe(429);
  expect(statuses.filter((s) => s === 200).length, "searches the first member made before the limit").toBeGreaterThanOrEqual(LIMITS.search.points);
  const stopped = await search(first, FIRST, query(0));
  expect(stopped.status).toBe(429);
  expect(stopped.body).toContain(TOO_MANY);

  // The second member, from another address, searches as usual.
  for (const q of ["capsaicin", "morning stiffness", "hand cream", query(1)]) {
    const res = await search(second, SECOND, q);
    expect(res.status, `the second member's search for "${q}" after the first was stopped`).toBe(200);
    expect(res.body).not.toContain(TOO_MANY);
    expect(res.body).toContain(`Account menu for ${second.email}`);
  }
});
