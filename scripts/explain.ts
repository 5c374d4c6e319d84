// npx tsx scripts/explain.ts: the query plans behind the busiest pages, at whatever scale the
// configured database holds (load it with `npm run db:seed -- --scale`). It calls the real domain
// functions, records each statement they send (with its parameters), and prints
// EXPLAIN (ANALYZE, BUFFERS) for it, then a summary: statements per page, time spent in the
// database, and any sequential scan of a big table (questions, answers, posts, profiles).
//
// DATABASE_URL selects PostgreSQL; otherwise the embedded database in DATA_DIR is opened (stop
// the server first: two processes must never open the same PGlite folder).
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { desc, eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { blogPosts, forumQuestions, schema } from "../db/schema";
import { getPublishedPost, latestPosts, listPublished } from "../app/server/blog/blog.server";
import { rowsOf, type Db } from "../app/server/infra/db.server";
import { parseEnv } from "../app/server/infra/env.server";
import { countQuestions, FORUM_PAGE_SIZE, getQuestion, latestQuestions, listQuestions } from "../app/server/forum/forum.server";
import { findCityServicePage } from "../app/server/places/places.server";
import { searchSite } from "../app/server/site/site.server";

const BIG_TABLES = ["forum_questions", "forum_answers", "blog_posts", "profiles", "users", "sessions"];

const env = parseEnv(process.env);
const recorded: { query: string; params: unknown[] }[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => void recorded.push({ query, params }) };

let db: Db;
let explain: (query: string, params: unknown[]) => Promise<string[]>;
let close: () => Promise<void>;
if (env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  explain = async (query, params) => (await pool.query(`explain (analyze, buffers) ${query}`, params)).rows.map((r) => r["QUERY PLAN"]);
  close = () => pool.end();
  console.log(`PostgreSQL: ${new URL(env.DATABASE_URL).pathname.slice(1)}`);
} else {
  const dir = path.join(env.DATA_DIR, "pglite");
  const client = await PGlite.create(dir);
  db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  explain = async (query, params) =>
    (await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query}`, params)).rows.map((r) => r["QUERY PLAN"]);
  close = () => client.close();
  console.log(`PGlite: ${dir}`);
}

// Fixtures from the data itself: the busiest question, a story, a city page.
const total = await countQuestions(db);
const deepPage = Math.max(1, Math.ceil(total / FORUM_PAGE_SIZE));
const [busiest] = await db.select({ id: forumQuestions.id }).from(forumQuestions).orderBy(desc(forumQuestions.answerCount)).limit(1);
const [post] = await db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.published, true)).orderBy(desc(blogPosts.id)).limit(1);
const pageRows = await db.execute(
  sql`select c.slug as city, s.slug as service from city_service_pages p join cities c on c.id = p.city_id join services s on s.id = p.service_id limit 1`,
);
const [place] = rowsOf<{ city: string; service: string }>(pageRows);

const scenarios: [string, () => Promise<unknown>][] = [
  ["forum, page 1", () => listQuestions(db, { page: 1 })],
  [`forum, page ${deepPage} (the last)`, () => listQuestions(db, { page: deepPage })],
  [`forum, page ${Math.ceil(deepPage / 2)} (the middle)`, () => listQuestions(db, { page: Math.ceil(deepPage / 2) })],
  [`question ${busiest?.id} (most answers)`, () => getQuestion(db, busiest?.id ?? 1)],
  ["blog list", () => listPublished(db, { page: 1 })],
  [`article ${post?.slug}`, () => getPublishedPost(db, post?.slug ?? "missing")],
  ["home: latest stories", () => latestPosts(db, 3)],
  ["home: latest questions", () => latestQuestions(db, 3)],
  ["search: capsaicin", () => searchSite(db, "capsaicin")],
  [`city page ${place?.city}/${place?.service}`, () => findCityServicePage(db, place?.city ?? "x", place?.service ?? "y")],
];

const summary: { name: string; statements: number; ms: number; seqScans: string[] }[] = [];
// Warm the caches once so the figures are those of a running site, not of a cold disk.
for (const [, run] of scenarios) await run();
for (const [name, run] of scenarios) {
  recorded.length = 0;
  await run();
  const statements = [...recorded];
  let ms = 0;
  const seqScans: string[] = [];
  console.log(`\n=== ${name}: ${statements.length} statement${statements.length === 1 ? "" : "s"}`);
  for (const { query, params } of statements) {
    console.log(`\n-- ${query.replace(/\s+/g, " ").slice(0, 220)}${query.length > 220 ? " ..." : ""}`);
    const plan = await explain(query, params);
    for (const line of plan) console.log(`   ${line}`);
    const time = plan.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)).find(Boolean);
    ms += time ? Number(time[1]) : 0;
    for (const line of plan) {
      const seq = /Seq Scan on (\w+)/.exec(line);
      if (seq && BIG_TABLES.includes(seq[1])) seqScans.push(seq[1]);
    }
  }
  summary.push({ name, statements: statements.length, ms, seqScans });
}

console.log(`\n\nSummary (${total.toLocaleString("en-US")} visible questions)\n`);
const width = Math.max(...summary.map((s) => s.name.length));
console.log(`${"page".padEnd(width)}  statements  db ms   sequential scans of big tables`);
for (const s of summary) {
  console.log(
    `${s.name.padEnd(width)}  ${String(s.statements).padStart(10)}  ${s.ms.toFixed(2).padStart(6)}  ${s.seqScans.length ? s.seqScans.join(", ") : "none"}`,
  );
}
await close();
