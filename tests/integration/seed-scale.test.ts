// The scaled data set (npm run db:seed -- --scale) at a small scale: the community loop is there
// in realistic proportions and keeps the app's own rules (askers and answerers follow their
// questions, nobody marks their own answer helpful, Helped me most is an answer of its question
// by someone else, notifications are of the four kinds and go where the app would send them), and
// the benchmark's members sign in to a history with unread notifications.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/server/infra/db.server";
import { postHtml } from "~/server/infra/post-markdown.server";
import { RENDERER_VERSION } from "~/server/infra/stored-html.server";
import { listNotifications, unreadCount } from "~/server/notifications/inbox.server";
import { BENCH_MEMBERS, NotEmptyError, seedScaleContent, setBenchPasswords } from "../../scripts/lib/seed-scale";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

const COUNTS = { members: 80, questions: 1500, answers: 4500, posts: 20, cities: 10, services: 3 };

let rt: TestRuntime;
/** Every index and constraint of the database as the migrations made them. */
let schemaBefore: unknown[];
const schema = () =>
  rows(sql`select tablename as name, indexdef as def from pg_indexes where schemaname = 'public'
    union all select conrelid::regclass::text, conname || ' ' || pg_get_constraintdef(oid) || case when convalidated then '' else ' NOT VALID' end
    from pg_constraint where connamespace = 'public'::regnamespace
    order by 1, 2`);

beforeAll(async () => {
  rt = await createTestRuntime();
  schemaBefore = await schema();
  await seedScaleContent(rt.db, COUNTS);
}, 120_000);
afterAll(() => rt.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await rt.db.execute(query));
}
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0];
const num = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number | string }>(query)).n);

describe("the scaled data set's forum topics", () => {
  it("files most questions under the topic of what they ask about, and some under none", async () => {
    const none = await num(sql`select count(*) as n from forum_questions where topic_id is null`);
    expect(none / COUNTS.questions).toBeGreaterThan(0.08);
    expect(none / COUNTS.questions).toBeLessThan(0.3);
    // Every topic has questions, none more than a quarter of them.
    const perTopic = await rows<{ slug: string; n: number }>(
      sql`select t.slug, count(q.id)::int as n from forum_topics t left join forum_questions q on q.topic_id = t.id group by t.slug`,
    );
    expect(perTopic).toHaveLength(9);
    for (const t of perTopic) expect(t.n / COUNTS.questions, t.slug).toBeGreaterThan(0.01);
    for (const t of perTopic) expect(t.n / COUNTS.questions, t.slug).toBeLessThan(0.25);
    // The topic fits the question: one about jars is filed under hands, one about diet under diet.
    expect(
      await num(
        sql`select count(*) as n from forum_questions q join forum_topics t on t.id = q.topic_id where q.title like '%opening jars%' and t.slug <> 'hands-and-fingers'`,
      ),
    ).toBe(0);
    expect(
      await num(
        sql`select count(*) as n from forum_questions q join forum_topics t on t.id = q.topic_id where q.title like '%diet changes%' and t.slug <> 'diet'`,
      ),
    ).toBe(0);
  });

  it("keeps each question's last answer time: its newest visible answer, or none", async () => {
    expect(
      await num(
        sql`select count(*) as n from forum_questions q where q.last_answer_at is distinct from (select max(a.created_at) from forum_answers a where a.question_id = q.id and a.hidden_at is null)`,
      ),
    ).toBe(0);
    expect(await num(sql`select count(*) as n from forum_questions where last_answer_at is not null`)).toBeGreaterThan(COUNTS.questions / 2);
  });
});

describe("the scaled data set's community loop", () => {
  it("stores every post's HTML as saving it would have, so a server started on it renders none again", async () => {
    for (const table of ["forum_questions", "forum_answers", "blog_posts"]) {
      expect(
        await num(sql`select count(*) as n from ${sql.identifier(table)} where html_version is distinct from ${RENDERER_VERSION} or content_html is null`),
        table,
      ).toBe(0);
    }
    const answer = await one<{ content: string; content_html: string }>(sql`select content, content_html from forum_answers order by id desc limit 1`);
    expect(answer.content_html).toBe(postHtml(answer.content));
  });

  it("leaves every index and constraint as the migrations made them (the bulk loads set some aside)", async () => {
    expect(schemaBefore.length).toBeGreaterThan(50);
    expect(await schema()).toEqual(schemaBefore);
  });

  it("has every asker and every answerer following their question, and some other followers", async () => {
    expect(
      await num(
        sql`select count(*) as n from forum_questions q where q.author_id is not null and not exists (select 1 from question_follows f where f.question_id = q.id and f.member_id = q.author_id)`,
      ),
    ).toBe(0);
    expect(
      await num(
        sql`select count(*) as n from forum_answers a where a.author_id is not null and not exists (select 1 from question_follows f where f.question_id = a.question_id and f.member_id = a.author_id)`,
      ),
    ).toBe(0);
    const others = await num(sql`select count(*) as n from question_follows f join forum_questions q on q.id = f.question_id
      where f.member_id <> q.author_id and not exists (select 1 from forum_answers a where a.question_id = q.id and a.author_id = f.member_id)`);
    // About one question in six has one to three followers who neither asked nor answered.
    expect(others / COUNTS.questions).toBeGreaterThan(0.08);
    expect(others / COUNTS.questions).toBeLessThan(0.4);
    // An answerer follows from their first answer on, never before the question was asked.
    expect(await num(sql`select count(*) as n from question_follows f join forum_questions q on q.id = f.question_id where f.created_at < q.created_at`)).toBe(
      0,
    );
  });

  it("marks about a third of the visible answers helpful, never by their own author", async () => {
    expect(await num(sql`select count(*) as n from helpful_marks m join forum_answers a on a.id = m.answer_id where a.author_id = m.member_id`)).toBe(0);
    const visible = await num(
      sql`select count(*) as n from forum_answers a join forum_questions q on q.id = a.question_id where a.hidden_at is null and q.hidden_at is null`,
    );
    const marked = await num(sql`select count(distinct answer_id) as n from helpful_marks`);
    expect(marked / visible).toBeGreaterThan(0.25);
    expect(marked / visible).toBeLessThan(0.45);
    // Most marked answers have one mark; some have several.
    const counts = await rows<{ marks: number; n: number }>(
      sql`select marks::int, count(*)::int as n from (select answer_id, count(*) as marks from helpful_marks group by answer_id) c group by marks order by marks`,
    );
    expect(counts[0]).toMatchObject({ marks: 1 });
    expect(counts[0].n / marked).toBeGreaterThan(0.5);
    expect(counts.some((c) => c.marks >= 3)).toBe(true);
    expect(
      await num(
        sql`select count(*) as n from helpful_marks m join forum_answers a on a.id = m.answer_id where m.created_at < a.created_at or a.hidden_at is not null`,
      ),
    ).toBe(0);
  });

  it("has some askers' Helped me most: a visible answer of that question, by someone else", async () => {
    const chosen = await num(sql`select count(*) as n from helped_most`);
    const eligible = await num(sql`select count(*) as n from forum_questions q where q.hidden_at is null and exists
      (select 1 from forum_answers a where a.question_id = q.id and a.hidden_at is null and a.author_id is distinct from q.author_id)`);
    expect(chosen / eligible).toBeGreaterThan(0.15);
    expect(chosen / eligible).toBeLessThan(0.35);
    expect(
      await num(sql`select count(*) as n from helped_most h join forum_answers a on a.id = h.answer_id join forum_questions q on q.id = h.question_id
      where a.question_id <> h.question_id or a.author_id = q.author_id or a.hidden_at is not null or q.hidden_at is not null`),
    ).toBe(0);
  });

  it("tells members what the app would have told them, mostly read", async () => {
    const kinds = await rows<{ kind: string; n: number }>(sql`select kind, count(*)::int as n from notifications group by kind`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(["answer", "followed", "helped-most", "helpful"]);
    const total = kinds.reduce((sum, k) => sum + k.n, 0);
    // Each notification is of its answer's question, and never to the answer's own author.
    expect(await num(sql`select count(*) as n from notifications n join forum_answers a on a.id = n.answer_id where a.question_id <> n.question_id`)).toBe(0);
    expect(
      await num(
        sql`select count(*) as n from notifications n join forum_answers a on a.id = n.answer_id where n.member_id = a.author_id and n.kind in ('answer', 'followed')`,
      ),
    ).toBe(0);
    // 'answer' goes to the asker, 'followed' to another member who followed before that answer.
    expect(
      await num(
        sql`select count(*) as n from notifications n join forum_questions q on q.id = n.question_id where n.kind = 'answer' and n.member_id is distinct from q.author_id`,
      ),
    ).toBe(0);
    expect(
      await num(sql`select count(*) as n from notifications n join forum_questions q on q.id = n.question_id where n.kind = 'followed' and (n.member_id = q.author_id
      or not exists (select 1 from question_follows f where f.question_id = n.question_id and f.member_id = n.member_id and f.created_at <= n.created_at))`),
    ).toBe(0);
    // Every answer told its asker (when the asker did not write it).
    expect(
      await num(sql`select count(*) as n from forum_answers a join forum_questions q on q.id = a.question_id where q.author_id is distinct from a.author_id and q.author_id is not null
      and not exists (select 1 from notifications n where n.answer_id = a.id and n.member_id = q.author_id and n.kind = 'answer')`),
    ).toBe(0);
    // 'helpful' and 'helped-most' go to the answer's author, for a marked or chosen answer.
    expect(
      await num(
        sql`select count(*) as n from notifications n join forum_answers a on a.id = n.answer_id where n.kind in ('helpful', 'helped-most') and n.member_id is distinct from a.author_id`,
      ),
    ).toBe(0);
    expect(
      await num(
        sql`select count(*) as n from notifications n where n.kind = 'helpful' and not exists (select 1 from helpful_marks m where m.answer_id = n.answer_id)`,
      ),
    ).toBe(0);
    expect(
      await num(
        sql`select count(*) as n from notifications n where n.kind = 'helped-most' and not exists (select 1 from helped_most h where h.answer_id = n.answer_id)`,
      ),
    ).toBe(0);
    expect(await num(sql`select count(*) as n from notifications where read_at is not null and read_at < created_at`)).toBe(0);
    const unread = await num(sql`select count(*) as n from notifications where read_at is null`);
    expect(unread).toBeGreaterThan(0);
    expect(unread / total).toBeLessThan(0.1);
  });

  it("has the benchmark's members sign in to their own follows and a few unread notifications", async () => {
    const emails = await setBenchPasswords(rt.db, "a bench password of this run");
    expect(emails).toHaveLength(BENCH_MEMBERS);
    const seen = new Set<number>();
    for (const [i, email] of emails.entries()) {
      const signedIn = await rt.auth.api.signInEmail({ body: { email, password: "a bench password of this run" } });
      const id = signedIn.user.id;
      expect(id).toBe(`scale-member-${i + 1}`);
      const unread = await unreadCount(rt.db, id);
      expect(unread, email).toBeGreaterThanOrEqual(4);
      seen.add(unread);
      const list = await listNotifications(rt.db, id);
      expect(list.items.length, email).toBeGreaterThan(unread);
      // Their newest are the unread ones.
      expect(
        list.items.slice(0, 4).every((n) => n.unread),
        email,
      ).toBe(true);
      expect(await num(sql`select count(*) as n from question_follows where member_id = ${id}`), email).toBeGreaterThan(0);
    }
    // Not all the same count: each member's top bar differs.
    expect(seen.size).toBeGreaterThan(1);
    // A wrong password is still refused.
    await expect(rt.auth.api.signInEmail({ body: { email: emails[0], password: "not the password" } })).rejects.toThrow();
  });

  it("is loaded only into an empty database", async () => {
    await expect(seedScaleContent(rt.db, COUNTS)).rejects.toThrow(NotEmptyError);
  });
});
