// The community loop of the scaled data set: follows, helpful marks, choices and notifications.
import { sql, type SQL } from "drizzle-orm";
import type { Run } from "./bulk";
import { BENCH_MEMBERS, type ScaleCounts } from "./counts";

/** Follows, helpful marks, Helped me most and notifications, one statement each. */
export async function communityLoop(run: Run, bulk: (label: string, table: string, statement: SQL) => Promise<void>, counts: ScaleCounts) {
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
