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
import { rowsOf, type Db } from "./db.server";
import { services } from "../../db/schema";

export interface ScaleCounts {
  members: number;
  questions: number;
  answers: number;
  posts: number;
  cities: number;
  services: number;
}

export const SCALE: ScaleCounts = { members: 2000, questions: 50_000, answers: 150_000, posts: 2000, cities: 300, services: 8 };

/**
 * How many members the benchmark signs in as: scale-member-1 and on, ordinary members of the data
 * set (their own questions, answers and follows) whose newest notifications are unread.
 */
export const BENCH_MEMBERS = 5;
const benchMemberEmail = (n: number) => `member${n}@scale.example`;

const FIRST_NAMES = ["Maria", "James", "Priya", "Linda", "Devon", "Aisha", "Tom", "Grace", "Luis", "Hannah", "Omar", "Ruth", "Chen", "Sofia", "Peter", "Nadia", "Kevin", "Helen", "Marcus", "Elena", "Sam", "Joan", "Ravi", "Carol", "Diego", "Fatima", "Bill", "Yuki", "Anne", "Kwame"];
const INITIALS = "ABCDEFGHIJKLMNOPRSTVW".split("");

const QUESTION_OPENERS = ["Has anyone tried", "Tips for", "How do you manage", "Does anyone else struggle with", "Advice needed on", "What helps with", "Best way to handle", "Questions about", "Experiences with", "New here and worried about", "How long until you noticed a change with", "Is it normal to have"];
const QUESTION_SUBJECTS = ["morning stiffness in my hands", "capsaicin cream for knee pain", "flares after a long day at work", "methotrexate side effects", "sleeping with sore wrists", "ankle pain when walking", "gardening with swollen fingers", "cold weather and joint pain", "fatigue that will not lift", "talking to my rheumatologist", "a capsaicin roll-on for shoulder pain", "warm baths for stiff joints", "typing with painful knuckles", "exercise during a flare", "a seronegative RA diagnosis", "early signs in my feet", "opening jars with a weak grip", "biologics and catching colds", "diet changes for inflammation", "travelling with RA"];
// The topic each subject would be filed under by its asker ("" where no topic fits), by position.
const SUBJECT_TOPICS = ["morning-stiffness", "capsaicin-and-topical-relief", "work-and-daily-life", "medication-and-treatment", "hands-and-fingers", "exercise-and-movement", "hands-and-fingers", "", "feelings-and-support", "medication-and-treatment", "capsaicin-and-topical-relief", "morning-stiffness", "work-and-daily-life", "exercise-and-movement", "diagnosis", "diagnosis", "hands-and-fingers", "medication-and-treatment", "diet", "work-and-daily-life"];
/** Askers who leave the topic at "No topic". */
const NO_TOPIC_SHARE = 0.12;
const CONTEXT = ["I was diagnosed a few years ago and things were stable until recently.", "It started in my fingers and has now moved to my wrists and ankles.", "My GP thinks it might be early RA but the blood tests came back seronegative.", "I have been on the same medication for two years and it mostly helps.", "I live alone so small tasks like cooking have become a real challenge."];
const DETAILS = ["My rheumatologist suggested I ask other patients what works for them.", "I am in my forties and still working full time, which makes the bad days hard.", "Mornings are the worst part; it takes me over half an hour to loosen up.", "I recently started using a capsaicin cream twice a day on my hands.", "Winter always seems to make everything worse for me."];
const ASKS = ["What has helped you?", "Did it get better with time?", "Any practical tips would be really appreciated.", "Should I bring this up at my next appointment?", "How do you explain this to family and friends?", "Is there anything I can do at home in the meantime?", "Did anyone find the warming feeling too strong at first?", "I would love to hear from anyone in the same situation."];
const ANSWER_OPENERS = ["I had the same thing last year.", "You are not alone in this.", "This is a really common question here.", "My experience was a bit different.", "Sorry you are going through this.", "Great question, I wondered the same.", "My rheumatologist told me something similar.", "It took me a while to figure this out."];
const ANSWER_TIPS = ["A warm shower first thing in the morning makes a big difference for me.", "Gentle finger stretches before getting out of bed help loosen things up.", "I apply a capsaicin cream three times a day and noticed relief after about two weeks.", "Keeping a symptom diary made my appointments much more productive.", "Pacing myself and resting before I am exhausted has helped the most.", "Jar openers and thick-handled tools saved my hands in the kitchen.", "Wash your hands well after applying the cream and keep it away from your eyes.", "Swimming in a warm pool is the only exercise that never triggers a flare for me.", "Ask about a referral to an occupational therapist, they are brilliant.", "Splints at night helped my wrists more than I expected."];
const ANSWER_CLOSERS = ["Hope this helps.", "Wishing you a gentle week.", "Let us know how you get on.", "Be kind to yourself.", "It does get easier.", ""];
const POST_TOPICS = ["pacing my mornings", "gardening with raised beds", "talking to my employer about RA", "my first year after diagnosis", "learning to ask for help", "swimming through a flare", "cooking with sore hands", "finding the right rheumatologist", "travelling with a chronic illness", "the day I tried capsaicin cream", "sleeping better with joint pain", "getting back to knitting", "walking again after an ankle flare", "what my family finally understood", "small wins on bad days"];
const POST_PREFIXES = ["What I learned about", "A story about", "Notes on", "How I approach", "Living with RA:", "Thoughts on", "My journey with"];
const PARAGRAPHS = ["For years my mornings belonged to my joints. I would wake up and lie still, counting how long it took before my fingers would close around a mug.", "What changed things was not one big fix but a handful of small habits that added up over a few months.", "I keep a warm pair of gloves by the bed and do a few gentle finger stretches before I get up.", "When I finally told people around me what was going on, the relief of not hiding it was enormous.", "I started writing down how long the stiffness lasted each day, and those notes made my appointments far more useful.", "A topical capsaicin cream has become part of my routine: a thin layer on my knuckles three times a day, and hands washed afterwards.", "Some weeks are still hard. The difference now is that I plan for them instead of being surprised by them.", "My occupational therapist showed me tools I never knew existed, from jar openers to thick-handled cutlery.", "Exercise felt impossible at first, but short walks and warm-water swimming slowly gave me back some strength.", "If you are at the start of this, be gentle with yourself. Small changes really do add up.", "I learned to say no to some things so that I could say yes to the ones that matter most to me.", "Flares still come, but I recognise the early signs now and rest before it gets worse.", "Talking with other people in this community made me feel less alone than any leaflet ever did.", "My rheumatologist and I now make decisions together, and that has changed how I feel about treatment.", "The cold months are tougher, so I keep my home warmer and my hands covered when I go out."];
const CITY_NAMES = ["Springfield", "Franklin", "Greenville", "Bristol", "Clinton", "Fairview", "Salem", "Madison", "Georgetown", "Arlington", "Ashland", "Burlington", "Manchester", "Oxford", "Clayton", "Jackson", "Milton", "Auburn", "Dayton", "Lexington", "Milford", "Riverside", "Cleveland", "Dover", "Hudson", "Kingston", "Mount Vernon", "Newport", "Oakland", "Winchester"];
const STATES = ["AL", "AZ", "CA", "CO", "FL", "GA", "IL", "IN", "KY", "MA", "MD", "MI", "MN", "MO", "NC", "NY", "OH", "OR", "PA", "TN", "TX", "VA", "WA", "WI"];
const SERVICES: [string, string, string][] = [
  ["arthritis-pain-relief", "Arthritis Pain Relief", "Practical, community-tested ways to manage arthritis pain day to day, including topical capsaicin relief."],
  ["rheumatoid-arthritis-support", "Rheumatoid Arthritis Support", "Peer support and trustworthy information for people living with rheumatoid arthritis."],
  ["hand-pain-relief", "Hand Pain Relief", "Ways to ease hand and finger pain, from gentle exercises to capsaicin creams."],
  ["joint-pain-support", "Joint Pain Support", "Support for everyday joint pain in knees, hips, shoulders and ankles."],
  ["morning-stiffness-help", "Morning Stiffness Help", "Routines and tips that help people loosen up in the morning."],
  ["arthritis-exercise-groups", "Arthritis Exercise Groups", "Gentle, joint-friendly exercise groups and warm-water classes."],
  ["ra-newly-diagnosed", "Newly Diagnosed with RA", "Where to start after a rheumatoid arthritis diagnosis."],
  ["capsaicin-cream-guide", "Capsaicin Cream Guide", "How topical capsaicin works and how to use it safely."],
];

/** A text[] literal of our own fixed strings (never user input). */
function textArray(values: readonly string[]): SQL {
  return sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[]`);
}

/** One element of a text[] picked at random (1-based arrays). */
const pick = (array: SQL) => sql`(${array})[1 + floor(random() * cardinality(${array}))::int]`;

export class NotEmptyError extends Error {}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Run = (label: string, statement: SQL) => Promise<void>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Runs `work` (a large INSERT ... SELECT into `table`) with the table's secondary indexes and
 * foreign keys set aside, then puts them back from the database's own definitions, so they are
 * always the migrations' ones. Building an index once and checking a foreign key in one join is
 * several times faster than both row by row; it all happens inside the seed's transaction.
 */
async function withoutIndexes(tx: Tx, table: string, work: () => Promise<void>) {
  const indexes = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table}::regclass and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`),
  );
  const keys = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`),
  );
  for (const key of keys) await tx.execute(sql.raw(`alter table ${quoted(table)} drop constraint ${quoted(key.name)}`));
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${quoted(index.name)}`));
  await work();
  for (const index of indexes) await tx.execute(sql.raw(index.def));
  for (const key of keys) await tx.execute(sql.raw(`alter table ${quoted(table)} add constraint ${quoted(key.name)} ${key.def}`));
}

/** Follows, helpful marks, Helped me most and notifications, one statement each. */
async function communityLoop(run: Run, bulk: (label: string, table: string, statement: SQL) => Promise<void>, counts: ScaleCounts) {
  const randomMember = sql`'scale-member-' || (1 + floor(random() * ${counts.members})::int)`;

  // The asker from the question's time, each answerer from their first answer (as answering
  // does), and about one question in six followed by one to three other members as well.
  await bulk(
    "question follows",
    "question_follows",
    sql`insert into question_follows (question_id, member_id, created_at)
      select question_id, member_id, min(t) from (
        select id as question_id, author_id as member_id, created_at as t from forum_questions
        union all
        select question_id, author_id, created_at from forum_answers
        union all
        select q.id, ${randomMember}, least(q.created_at + random() * random() * interval '20 days', now())
        from forum_questions q cross join generate_series(1, 3) g
        where random() < 0.06
      ) f
      where member_id is not null
      group by question_id, member_id`,
  );

  // About a third of the visible answers are marked helpful, most once, a few by up to seven
  // members; half of the time the first mark is the asker's. Never the answer's own author.
  await bulk(
    "helpful marks",
    "helpful_marks",
    sql`insert into helpful_marks (answer_id, member_id, created_at)
      select answer_id, member_id, min(t) from (
        select a.id as answer_id, a.author_id,
          case when g = 1 and random() < 0.5 then a.asker_id else ${randomMember} end as member_id,
          least(a.created_at + random() * random() * interval '15 days', now()) as t
        from (
          select a.id, a.author_id, a.created_at, q.author_id as asker_id,
            case when random() < 0.35 then 1 + floor(power(random(), 3) * 7)::int else 0 end as marks
          from forum_answers a join forum_questions q on q.id = a.question_id
          where a.hidden_at is null and q.hidden_at is null
        ) a
        cross join lateral generate_series(1, a.marks) g
      ) m
      where member_id is not null and member_id is distinct from author_id
      group by answer_id, member_id`,
  );

  // A quarter of the askers whose question has an answer by someone else chose one as the
  // answer that helped them most, within a week of it.
  await run(
    "helped me most",
    sql`insert into helped_most (question_id, answer_id, created_at)
      select distinct on (a.question_id) a.question_id, a.id, least(a.created_at + random() * interval '7 days', now())
      from (select id, author_id from forum_questions where hidden_at is null and author_id is not null and answer_count > 0 and random() < 0.25) q
      join forum_answers a on a.question_id = q.id and a.hidden_at is null and a.author_id is distinct from q.author_id
      order by a.question_id, random()`,
  );

  // What each member was told, as the app tells it: every answer to the followers it had then
  // (never its author; 'answer' to the asker, 'followed' to the others), the first helpful mark on
  // an answer, and each choice of Helped me most. Older than a fortnight is read (within three
  // days); newer is read half of the time.
  await bulk(
    "notifications",
    "notifications",
    // Every one counts as already mailed (or not chosen for mail): a data set has no mails to send.
    sql`insert into notifications (member_id, kind, question_id, answer_id, created_at, read_at, mailed_at)
      select member_id, kind, question_id, answer_id, t,
        case when t < now() - interval '14 days' or random() < 0.5 then least(t + random() * interval '3 days', now()) end, t
      from (
        select f.member_id, case when f.member_id = q.author_id then 'answer' else 'followed' end as kind, a.question_id, a.id as answer_id, a.created_at as t
        from forum_answers a
        join forum_questions q on q.id = a.question_id
        join question_follows f on f.question_id = a.question_id and f.created_at <= a.created_at and f.member_id is distinct from a.author_id
        union all
        select a.author_id, 'helpful', a.question_id, a.id, min(m.created_at)
        from helpful_marks m join forum_answers a on a.id = m.answer_id
        where a.author_id is not null
        group by a.id
        union all
        select a.author_id, 'helped-most', h.question_id, a.id, h.created_at
        from helped_most h join forum_answers a on a.id = h.answer_id
        where a.author_id is not null
      ) n`,
  );

  // The benchmark's members come back to a few unread notifications each (their newest ones, of
  // what they can see), so the top bar's count and the list are those of a member in the middle
  // of a conversation, not of an empty account.
  await run(
    "bench members' unread",
    sql`update notifications n set read_at = null
      from (
        select x.id from generate_series(1, ${Math.min(BENCH_MEMBERS, counts.members)}) b
        cross join lateral (
          select n.id from notifications n
          join forum_questions q on q.id = n.question_id and q.hidden_at is null
          join forum_answers a on a.id = n.answer_id and a.hidden_at is null
          where n.member_id = 'scale-member-' || b
          order by n.created_at desc, n.id desc
          limit 2 + 2 * b
        ) x
      ) u
      where n.id = u.id`,
  );
}

/** Loads the scaled data set into an empty database, logging how long each step took. */
export async function seedScaleContent(db: Db, counts: ScaleCounts = SCALE, log: (line: string) => void = () => {}) {
  const existing = await db.execute<{ n: number }>(sql`select (select count(*) from users)::int + (select count(*) from forum_questions)::int + (select count(*) from cities)::int as n`);
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
    await tx.insert(services).values(
      SERVICES.slice(0, counts.services).map(([slug, name, description]) => ({ slug, name, description, isActive: true })),
    );
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
