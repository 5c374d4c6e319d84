// A database at the scale we measure performance at: 2,000 members, 50,000 questions, 150,000
// answers, 2,000 published stories (plus a few drafts), 300 cities x 8 services and a page record
// for one pair in ten. Every table is filled by a handful of INSERT ... SELECT generate_series
// statements (the large tables with their indexes built once, at the end), so the whole load is
// well under a minute on PostgreSQL and on PGlite.
//
// Text is assembled from sentence banks so pages look like a real forum; timestamps spread over
// two years (answers always after their question); a few questions and answers are hidden, and
// answer_count and last_answer_at are computed from the visible answers. Most questions are filed
// under the topic of what they ask about, about one in eight under none. random() is seeded, so
// two loads match.
//
// The community loop is there too, as the app would have left it: askers and answerers follow
// their questions (and some members follow others'), answers carry helpful marks (never their
// author's) and some askers chose the answer that helped them most, and every follower was told of
// each later answer, every author of their first helpful mark and of being chosen. Most of that is
// read; the last fortnight's is half unread, and the benchmark's members have a few unread each.
import { sql, type SQL } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { rowsOf, type Db } from "../../../app/server/infra/db.server";
import { refreshStoredHtml } from "../../../app/server/infra/stored-html.server";
import { services } from "../../../db/schema";
import { withoutIndexes } from "./bulk";
import { communityLoop } from "./community";
import { BENCH_MEMBERS, benchMemberEmail, SCALE, type ScaleCounts } from "./counts";
import {
  ANSWER_CLOSERS,
  ANSWER_OPENERS,
  ANSWER_TIPS,
  ASKS,
  CITY_NAMES,
  CONTEXT,
  DETAILS,
  FIRST_NAMES,
  INITIALS,
  NO_TOPIC_SHARE,
  PARAGRAPHS,
  pick,
  POST_PREFIXES,
  POST_TOPICS,
  QUESTION_OPENERS,
  QUESTION_SUBJECTS,
  SERVICES,
  STATES,
  SUBJECT_TOPICS,
  textArray,
} from "./text";

export { BENCH_MEMBERS, SCALE, type ScaleCounts };

export class NotEmptyError extends Error {}

/** Loads the scaled data set into an empty database, logging how long each step took. */
export async function seedScaleContent(db: Db, counts: ScaleCounts = SCALE, log: (line: string) => void = () => {}) {
  const existing = await db.execute<{ n: number }>(
    sql`select (select count(*) from users)::int + (select count(*) from forum_questions)::int + (select count(*) from cities)::int as n`,
  );
  if (Number(rowsOf<{ n: number }>(existing)[0]?.n ?? 0) > 0) {
    throw new NotEmptyError("The database already has content. Load the scaled data set into an empty database (a fresh DATABASE_URL, or a new DATA_DIR).");
  }
  const step = async (label: string, statement: SQL) => {
    const start = performance.now();
    await db.execute(statement);
    log(`  ${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };

  await db.transaction(async (tx) => {
    const run = async (label: string, statement: SQL) => {
      const start = performance.now();
      await tx.execute(statement);
      log(`  ${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
    };
    const bulk = async (label: string, table: string, statement: SQL) => {
      const start = performance.now();
      await withoutIndexes(tx, table, () => tx.execute(statement).then(() => undefined));
      log(`  ${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
    };
    await tx.execute(sql`select setseed(0.42)`);

    // Members; the trigger creates each profile. About one in twenty keeps no display name.
    await run(
      `${counts.members} members`,
      sql`insert into users (id, name, email, email_verified, role, created_at, updated_at)
        select 'scale-member-' || i, '', 'member' || i || '@scale.example', true, 'member', t, t
        from (select i, now() - interval '760 days' + (i::float / ${counts.members}) * interval '750 days' as t
              from generate_series(1, ${counts.members}) i) s`,
    );
    await run(
      "display names",
      sql`update profiles set display_name = case when random() < 0.05 then null
            else ${pick(textArray(FIRST_NAMES))} || ' ' || ${pick(textArray(INITIALS))} || '.' end
          where id like 'scale-member-%'`,
    );

    // Answers are drawn first (which question each belongs to, its text, whether a moderator hid
    // it), so each question is stored once with its final answer_count: updating 50,000 rows
    // afterwards would recompute every search vector.
    await run(
      `drawing ${counts.answers} answers`,
      sql`create temporary table scale_answers on commit drop as
        select 1 + floor(power(random(), 0.8) * ${counts.questions})::int as n,
          ${pick(textArray(ANSWER_OPENERS))} || ' ' || ${pick(textArray(ANSWER_TIPS))} || ' ' || ${pick(textArray(ANSWER_CLOSERS))} as content,
          'scale-member-' || (1 + floor(random() * ${counts.members})::int) as author_id,
          random() as r,
          random() < 0.005 as hidden
        from generate_series(1, ${counts.answers})`,
    );

    // Questions, spread over two years, oldest first so ids grow with time as in real life. Each
    // is filed under the topic its subject belongs to, but for the askers who leave it at none;
    // its last answer time is that of its latest visible answer (drawn above, placed below).
    await bulk(
      `${counts.questions} questions`,
      "forum_questions",
      sql`insert into forum_questions (title, content, author_id, answer_count, last_answer_at, topic_id, hidden_at, created_at, updated_at)
        select title, content, 'scale-member-' || (1 + floor(random() * ${counts.members})::int),
          coalesce(c.visible, 0), case when c.latest is not null then least(t + c.latest * c.latest * interval '20 days', now()) end,
          case when random() >= ${NO_TOPIC_SHARE} then topics.id end,
          case when random() < 0.003 then t + interval '1 day' end, t, t
        from (
          select i, ${pick(textArray(QUESTION_OPENERS))} || ' ' || (${textArray(QUESTION_SUBJECTS)})[s] || '?' as title,
            (${textArray(SUBJECT_TOPICS)})[s] as topic_slug, content, t
          from (
            select i, 1 + floor(random() * ${QUESTION_SUBJECTS.length})::int as s,
              ${pick(textArray(CONTEXT))} || ' ' || ${pick(textArray(DETAILS))} || E'\n\n' || ${pick(textArray(ASKS))} as content,
              now() - interval '730 days' + (i::float / ${counts.questions}) * interval '729 days' + random() * interval '10 minutes' as t
            from generate_series(1, ${counts.questions}) i
          ) drawn
        ) q
        left join forum_topics topics on topics.slug = q.topic_slug
        left join (select n, (count(*) filter (where not hidden))::int as visible, max(r) filter (where not hidden) as latest from scale_answers group by n) c on c.n = q.i
        order by q.i`,
    );

    // Answers: most questions get a few, newer ones more, some none; always after their question.
    await bulk(
      `${counts.answers} answers`,
      "forum_answers",
      sql`insert into forum_answers (question_id, content, author_id, hidden_at, created_at, updated_at)
        select q.id, a.content, a.author_id, case when a.hidden then ts.t + interval '1 hour' end, ts.t, ts.t
        from scale_answers a
        join forum_questions q on q.id = (select min(id) from forum_questions) + a.n - 1
        cross join lateral (select least(q.created_at + (a.r * a.r) * interval '20 days', now()) as t) ts
        order by ts.t`,
    );

    // Stories: the published ones, and a few drafts waiting for review.
    await bulk(
      `${counts.posts} published stories`,
      "blog_posts",
      sql`insert into blog_posts (title, slug, excerpt, content, published, published_at, author_id, created_at, updated_at)
        select title,
          trim(both '-' from lower(regexp_replace(title, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || i,
          case when random() < 0.3 then null else split_part(content, E'\n', 1) end,
          content, i <= ${counts.posts}, case when i <= ${counts.posts} then t end,
          'scale-member-' || (1 + floor(random() * ${counts.members})::int), t, t
        from (
          select i,
            ${pick(textArray(POST_PREFIXES))} || ' ' || ${pick(textArray(POST_TOPICS))} as title,
            concat_ws(E'\n\n', ${pick(textArray(PARAGRAPHS))}, ${pick(textArray(PARAGRAPHS))}, ${pick(textArray(PARAGRAPHS))},
              ${pick(textArray(PARAGRAPHS))}, ${pick(textArray(PARAGRAPHS))}, ${pick(textArray(PARAGRAPHS))}) as content,
            now() - interval '730 days' + random() * interval '729 days' as t
          from generate_series(1, ${counts.posts + Math.ceil(counts.posts / 40)}) i
        ) p`,
    );

    // Places: real-sounding town names in many states, a few inactive; eight services.
    await run(
      `${counts.cities} cities`,
      sql`insert into cities (slug, name, state, description, latitude, longitude, is_active)
        select lower(replace(n, ' ', '-')) || '-' || lower(st), n, st,
          case when random() < 0.5 then n || ', ' || st || ' has an active local arthritis community and several rheumatology clinics nearby.' end,
          case when random() < 0.9 then round((30 + random() * 17)::numeric, 4)::float end,
          case when random() < 0.9 then round((-120 + random() * 45)::numeric, 4)::float end,
          random() > 0.03
        from unnest(${textArray(CITY_NAMES)}) n cross join unnest(${textArray(STATES)}) st
        order by md5(n || st)
        limit ${counts.cities}`,
    );
    await tx.insert(services).values(SERVICES.slice(0, counts.services).map(([slug, name, description]) => ({ slug, name, description, isActive: true })));
    log(`  ${`${counts.services} services`.padEnd(34)} 0.0 s`);
    await run(
      "city-service page records",
      sql`insert into city_service_pages (city_id, service_id, content, meta_title, meta_description)
        select c.id, s.id,
          '<h2>' || s.name || ' in ' || c.name || '</h2>' ||
          '<p>Members of our community in ' || c.name || ' share what helps them: gentle exercise groups, warm-water pools and clinics that listen.</p>' ||
          '<h3>Getting started</h3><ul><li>Keep a simple symptom diary to share with your doctor.</li>' ||
          '<li>Ask your rheumatologist about local support groups.</li>' ||
          '<li>Try a topical capsaicin cream as part of your routine, following the label.</li></ul>' ||
          '<p><a href="/forum">Ask the community</a> what works for them in ' || c.name || '.</p>',
          s.name || ' in ' || c.name || ', ' || c.state || ' | Capsiva',
          'Local ' || lower(s.name) || ' resources, community support and practical tips for people with rheumatoid arthritis in ' || c.name || ', ' || c.state || '.'
        from cities c cross join services s
        where random() < 0.1`,
    );

    await communityLoop(run, bulk, counts);
  });

  // The posts' HTML as saving them would have stored it: without it, a server started on this data
  // spends its first minutes rendering 200,000 posts again between requests.
  const rendering = performance.now();
  const rows = await refreshStoredHtml(db);
  log(`  ${`HTML of ${rows} posts`.padEnd(34)} ${((performance.now() - rendering) / 1000).toFixed(1)} s`);

  // Fresh statistics for the planner, and the visibility map that lets index-only scans skip the table.
  await step("VACUUM ANALYZE", sql`vacuum analyze`);
}

/**
 * Gives the benchmark's members (BENCH_MEMBERS of them, at most `counts.members`) a password for
 * this run, so it signs in as members with a history instead of new, empty accounts. The data set
 * itself holds no password. Returns their addresses.
 */
export async function setBenchPasswords(db: Db, password: string, count = BENCH_MEMBERS): Promise<string[]> {
  const hash = await hashPassword(password);
  await db.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select 'scale-credential-' || i, 'scale-member-' || i, 'credential', 'scale-member-' || i, ${hash}, now(), now()
    from generate_series(1, ${count}) i
    on conflict (id) do update set password = excluded.password, updated_at = now()`);
  return Array.from({ length: count }, (_, i) => benchMemberEmail(i + 1));
}
