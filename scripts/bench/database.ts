// The bench's database: a fresh PostgreSQL database (or a temporary embedded one with --pglite)
// loaded with the scaled data set, and what the rows ask for in it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Database } from "../../app/server/infra/db.server";
import { FORUM_PAGE_SIZE } from "../../app/server/forum/forum.server";
import { SCALE, seedScaleContent, setBenchPasswords } from "../lib/seed-scale";
import { ADMIN_URL, KEEP, log, seconds, USE_PGLITE, type Fixture } from "./config";

export interface BenchDatabase {
  /** Empty with --pglite: the server then opens `dataDir`. */
  databaseUrl: string;
  databaseLabel: string;
  dataDir: string;
  benchEmails: string[];
  benchPassword: string;
  fixture: Fixture;
  deepPage: number;
}

/** Creates and loads the database; what must be undone afterwards is pushed onto `cleanups`. */
export async function prepareDatabase(workDir: string, cleanups: (() => Promise<void> | void)[]): Promise<BenchDatabase> {
  let databaseUrl = "";
  let databaseLabel: string;
  let database: Database;
  const dataDir = path.join(workDir, "data");
  if (USE_PGLITE) {
    database = await openDatabase(path.join(dataDir, "pglite"));
    databaseLabel = `PGlite (embedded) in ${dataDir}`;
  } else {
    const name = `capsiva_bench_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase(databaseUrl, { poolMax: 4 });
    databaseLabel = `PostgreSQL ${url.host}, fresh database ${name}`;
    if (!KEEP) {
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: ADMIN_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
    }
  }
  if (!KEEP) cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
  log(`Database: ${databaseLabel}`);
  await database.migrate();
  const seedStart = Date.now();
  await seedScaleContent(database.db, SCALE);
  log(
    `Loaded ${SCALE.members} members, ${SCALE.questions} questions, ${SCALE.answers} answers, ${SCALE.posts} stories, ${SCALE.cities} cities x ${SCALE.services} services in ${seconds(Date.now() - seedStart)}`,
  );
  // The signed-in rows are members of the data set, with their follows and unread notifications:
  // a password of this run only, so the data set itself never holds one.
  const benchPassword = crypto.randomBytes(18).toString("base64url");
  const benchEmails = await setBenchPasswords(database.db, benchPassword);
  // What to ask for: the newest story, a typical question (the newest with answers) and the next one
  // (written to by the mixed and the capacity run), a topic neither is under, a city page, the last forum page.
  const [fixture] = rowsOf<Fixture>(
    await database.db.execute(sql`select
      (select slug from blog_posts where published order by created_at desc, id desc limit 1) as slug,
      (select id from forum_questions where hidden_at is null and answer_count >= 3 order by created_at desc, id desc limit 1) as question,
      (select id from forum_questions where hidden_at is null and answer_count >= 3 order by created_at desc, id desc offset 1 limit 1) as "capacityQuestion",
      (select t.slug from forum_topics t where t.id not in (select topic_id from (select topic_id from forum_questions where hidden_at is null
        and answer_count >= 3 order by created_at desc, id desc limit 2) w where topic_id is not null)
        order by t.slug = 'hands-and-fingers' desc, t.id limit 1) as "otherTopic",
      (select c.slug from city_service_pages p join cities c on c.id = p.city_id join services s on s.id = p.service_id where c.is_active order by p.id limit 1) as city,
      (select s.slug from city_service_pages p join cities c on c.id = p.city_id join services s on s.id = p.service_id where c.is_active order by p.id limit 1) as service,
      (select count(*)::int from forum_questions where hidden_at is null) as visible`),
  );
  await database.close();
  return { databaseUrl, databaseLabel, dataDir, benchEmails, benchPassword, fixture, deepPage: Math.ceil(fixture.visible / FORUM_PAGE_SIZE) };
}
