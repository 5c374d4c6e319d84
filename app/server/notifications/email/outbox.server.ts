// Notification mails through a durable outbox in PostgreSQL. The transaction that stores a
// notification also stores a pending mail for it (scheduleMails); senders in every process claim
// due mails one at a time with FOR UPDATE SKIP LOCKED under a lease, send them, and mark them
// sent. Timing lives here, at claim time: a question's mails at most once per gathering window,
// a digest once a day after the digest hour, a refused mail again after a growing delay.
// docs/decisions/010-notification-mail-outbox.md says why an outbox table and not a job library.
import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { isDatabaseUnavailable, rowsOf, type Db } from "~/server/infra/db.server";
import type { Logger } from "~/server/infra/log.server";
import type { Mailer } from "~/server/infra/mail.server";
import { backoffMs, retry } from "~/server/infra/retry.server";
import { composeNotificationMail, type MailNotification } from "./compose.server";
import type { UnsubscribeTokens } from "./unsubscribe-token.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

// A claimed mail is its sender's for ten minutes. Sending is bounded to about a minute
// (mail.server.ts); the rest covers recording it as sent through a database outage of up to
// nine minutes, so that no other sender takes a mail that already went out. A sender that dies
// mid-send leaves its mail waiting that long (docs/decisions/014).
const LEASE_SECONDS = 600;
const MAX_ATTEMPTS = 20;

// The notifications a member's choice sends by mail: all of them, or answers to their own
// questions and editors' decisions on their own stories. A story notice is a mail of its own.
// A hidden post's notice ('post-hidden') is about the member's own post, as a story notice is.
const OWN_NOTICE = sql`(n.kind like 'story-%' or n.kind = 'post-hidden')`;
const ELIGIBLE = sql`(p.email_notifications in ('instant', 'daily') or (p.email_notifications = 'own' and (n.kind = 'answer' or ${OWN_NOTICE})))`;
const GATHER_KEY = sql`case when p.email_notifications = 'daily' then 'digest' when ${OWN_NOTICE} then 'n:' || n.id else 'q:' || n.question_id end`;
// Joined with q and a (left joins): a story notice, a hidden post's notice while its question is
// there, a forum one whose question and answer show, or a new question in a followed topic that shows.
const SHOWN = sql`(n.kind like 'story-%' or (n.kind = 'post-hidden' and q.id is not null) or (n.kind <> 'post-hidden' and q.id is not null and q.hidden_at is null and q.held_at is null and ((a.id is not null and a.hidden_at is null and a.held_at is null) or (n.kind = 'topic-question' and n.answer_id is null))))`;

/**
 * Stores a pending mail for every notification that matches `where` and its member's choice and
 * has not been mailed (one per member and question, or one digest). A pending mail already there
 * gathers the new ones, so a busy question is one mail. Runs in the caller's transaction. It
 * selects exactly what a sender would put in the mail, so a mail is never pending for nothing.
 */
async function schedule(db: Db | Tx, where: SQL) {
  await db.execute(sql`
    insert into mail_outbox (member_id, gather_key, due_at)
    select distinct n.member_id, ${GATHER_KEY}, now()
    from notifications n
    join profiles p on p.id = n.member_id
    left join forum_questions q on q.id = n.question_id
    left join forum_answers a on a.id = n.answer_id
    where ${where} and ${SHOWN} and n.mailed_at is null and n.read_at is null and ${ELIGIBLE}
    on conflict (member_id, gather_key) where state = 'pending' do nothing`);
}

/** After an answer's notifications are stored: the mails they call for. */
export function scheduleMailsForAnswer(tx: Db | Tx, answerId: number) {
  return schedule(tx, sql`n.answer_id = ${answerId}`);
}

/** After a new question's notices to its topic's followers are stored: the mails they call for. */
export function scheduleMailsForTopicQuestion(tx: Db | Tx, questionId: number) {
  return schedule(tx, sql`n.question_id = ${questionId} and n.kind = 'topic-question'`);
}

/** After one notification is stored (an editor's decision on a story): the mail it calls for. */
export function scheduleMailsForNotification(tx: Db | Tx, notificationId: number) {
  return schedule(tx, sql`n.id = ${notificationId}`);
}

/** After a member's choice changes, or a mail went out: whatever of theirs still waits. */
export function scheduleMailsForMember(db: Db | Tx, memberId: string) {
  return schedule(db, sql`n.member_id = ${memberId}`);
}

/** An account mail: sent whatever the member's notification choice, as soon as a sender is free. */
export interface AccountMail {
  memberId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues an account mail (a reset link, an address confirmation, a security notice). The request
 * that asks for one only writes this row, so it answers as fast for a registered address as for
 * an unknown one; a sender delivers it moments later and retries it as it would any other.
 */
export async function queueAccountMail(db: Db | Tx, mail: AccountMail) {
  await db.execute(sql`
    insert into mail_outbox (member_id, gather_key, due_at, payload)
    values (${mail.memberId}, ${`account:${crypto.randomUUID()}`}, now(), ${JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })}::jsonb)`);
}

export interface MailOutboxOptions {
  db: Db;
  mailer: Mailer;
  log: Logger;
  tokens: UnsubscribeTokens;
  siteUrl: string;
  gatherSeconds: number;
  digestHour: number;
  pollSeconds: number;
  retrySeconds: number;
  maxRetrySeconds: number;
}

export interface MailOutbox {
  /** Begins looking for due mails every poll interval (and whenever `wake` is called). */
  start(): void;
  /** Looks for due mails now (after a write that may have stored some). */
  wake(): void;
  /** Sends every mail due now, one at a time; resolves when none is left (tests call it). */
  drain(): Promise<number>;
  /** Stops looking and waits for the mail being sent, if any. */
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  member_id: string;
  gather_key: string;
  // Rows queued before account mails had an HTML part have none.
  payload: { to: string; subject: string; text: string; html?: string } | null;
  attempts: number;
  locked_until: string;
}

/** The most recent digest hour at or before `now` (UTC). */
export function lastDigestBoundary(now: Date, hour: number): Date {
  const b = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (b > now) b.setUTCDate(b.getUTCDate() - 1);
  return b;
}

export function createMailOutbox(options: MailOutboxOptions): MailOutbox {
  const { db, log } = options;
  const messageIdHost = new URL(options.siteUrl).hostname || "localhost";
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function claim(): Promise<Claimed | null> {
    const boundary = lastDigestBoundary(new Date(), options.digestHour).toISOString();
    // A question's mail waits while one went out within the gathering window; a digest waits for
    // the first digest hour after it began gathering, and for none sent since that hour.
    const [row] = rowsOf<Claimed>(
      await db.execute(sql`
        update mail_outbox set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
        where id = (
          select o.id from mail_outbox o
          where o.state = 'pending' and o.due_at <= now() and (o.locked_until is null or o.locked_until < now())
            and case when o.gather_key = 'digest'
              then o.created_at < ${boundary}::timestamptz and not exists (
                select 1 from mail_outbox s where s.member_id = o.member_id and s.gather_key = 'digest' and s.state = 'sent' and s.sent_at >= ${boundary}::timestamptz)
              else not exists (
                select 1 from mail_outbox s where s.member_id = o.member_id and s.gather_key = o.gather_key and s.state = 'sent'
                  and s.sent_at > now() - make_interval(secs => ${options.gatherSeconds}))
            end
          order by o.due_at, o.id
          limit 1
          for update skip locked)
        returning id, member_id, gather_key, payload, attempts, locked_until::text as locked_until`),
    );
    return row ?? null;
  }

  /** What a claimed mail tells: the member's unread, unmailed, visible notifications it gathers. */
  async function gather(row: Claimed) {
    const digest = row.gather_key === "digest";
    const [scope, key] = row.gather_key.split(":");
    const member = rowsOf<{ email: string; display_name: string | null; choice: string }>(
      await db.execute(sql`
        select u.email, p.display_name, p.email_notifications as choice
        from users u join profiles p on p.id = u.id where u.id = ${row.member_id}`),
    )[0];
    if (!member || member.choice === "never" || digest !== (member.choice === "daily")) return null;
    const items = rowsOf<MailNotification & { id: number }>(
      await db.execute(sql`
        select n.id, n.kind, n.question_id as "questionId", q.title as "questionTitle", n.answer_id as "answerId",
          case when n.kind = 'topic-question' then q.content else a.content end as "answerContent",
          case when n.kind = 'topic-question' then qp.display_name else ap.display_name end as "authorName",
          n.post_title as "postTitle", n.reason, n.created_at as "createdAt"
        from notifications n
        join profiles p on p.id = n.member_id
        left join forum_questions q on q.id = n.question_id
        left join forum_answers a on a.id = n.answer_id
        left join profiles ap on ap.id = a.author_id
        left join profiles qp on qp.id = q.author_id
        where n.member_id = ${row.member_id} and ${SHOWN} and n.mailed_at is null and n.read_at is null and ${ELIGIBLE}
          ${digest ? sql`` : scope === "n" ? sql`and n.id = ${Number(key)}` : sql`and n.question_id = ${Number(key)}`}
        order by n.created_at, n.id
        limit 50`),
    );
    return items.length ? { member, items } : null;
  }

  async function finish(row: Claimed, state: "sent" | "skipped", notificationIds: number[]) {
    await db.transaction(async (tx) => {
      const done = rowsOf<{ id: number }>(
        await tx.execute(sql`
          update mail_outbox set state = ${state}, sent_at = case when ${state} = 'sent' then now() end, locked_until = null, last_error = null, payload = null
          where id = ${row.id} and locked_until = ${row.locked_until}::timestamptz returning id`),
      );
      if (!done.length) {
        log.warn({ mail: row.id }, "a notification mail's lease ran out while it was being sent; it may go out twice");
        return;
      }
      if (notificationIds.length) {
        await tx.execute(
          sql`update notifications set mailed_at = now() where id in (${sql.join(
            notificationIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      // Notifications that arrived while this mail was going out wait for the next one.
      await scheduleMailsForMember(tx, row.member_id);
    });
  }

  async function refused(row: Claimed, error: unknown) {
    const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code ?? "error";
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    // Doubling delays with some jitter, so instances that all saw the refusal do not retry in step.
    const delay = backoffMs(row.attempts, { firstMs: options.retrySeconds * 1000, maxMs: options.maxRetrySeconds * 1000, jitter: 0.2 }) / 1000;
    await db.execute(sql`
      update mail_outbox set state = ${giveUp ? "failed" : "pending"}, due_at = now() + make_interval(secs => ${delay}),
        locked_until = null, last_error = ${String(code).slice(0, 80)}
      where id = ${row.id} and locked_until = ${row.locked_until}::timestamptz`);
    const fields = { mail: row.id, attempt: row.attempts, code: String(code), retryInSeconds: giveUp ? null : Math.round(delay) };
    if (giveUp) log.error(fields, "a notification mail was refused too many times; giving up");
    else log.warn(fields, "a notification mail was refused; it will be tried again");
  }

  async function sendOne(row: Claimed) {
    if (row.payload) {
      try {
        await options.mailer.send({ ...row.payload, messageId: `<mail-${row.id}@${messageIdHost}>` });
      } catch (error) {
        return refused(row, error);
      }
      return recordSent(row, () => finish(row, "sent", []));
    }
    const gathered = await gather(row);
    if (!gathered) return finish(row, "skipped", []);
    const mail = composeNotificationMail({
      siteUrl: options.siteUrl,
      to: gathered.member.email,
      displayName: gathered.member.display_name,
      digest: row.gather_key === "digest",
      items: gathered.items,
      unsubscribeToken: options.tokens.sign(row.member_id),
    });
    try {
      // The same Message-ID on every try of this outbox row: a repeat that slips through anyway
      // can be recognised by the receiving servers.
      await options.mailer.send({ ...mail, messageId: `<mail-${row.id}@${messageIdHost}>` });
    } catch (error) {
      return refused(row, error);
    }
    await recordSent(row, () =>
      finish(
        row,
        "sent",
        gathered.items.map((i) => i.id),
      ),
    );
  }

  /**
   * The mail went out: recording that is retried (never the send) while the database cannot be
   * reached, with waits growing to 5 s, until it answers or the process stops.
   */
  async function recordSent(row: Claimed, record: () => Promise<void>) {
    await retry(record, {
      firstMs: 250,
      maxMs: 5000,
      retryIf(error, attempt) {
        if (!isDatabaseUnavailable(error) || stopped) {
          log.error({ mail: row.id, err: error }, "a notification mail went out but could not be recorded as sent; it may go out again when its lease ends");
          return false;
        }
        if (attempt === 1) log.warn({ mail: row.id, err: error }, "a notification mail went out; recording it as sent waits for the database");
        return true;
      },
    });
  }

  // At most this many mails in one pass; the next wake or poll goes on from there.
  const PASS = 500;

  async function loop() {
    let handled = 0;
    do {
      again = false;
      for (let row = await claim(); row; row = stopped || handled >= PASS ? null : await claim()) {
        await sendOne(row);
        handled++;
      }
    } while (again && !stopped && handled < PASS);
    return handled;
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error: unknown) => {
        // The database may be away; the next poll tries again.
        log.warn({ err: error }, "looking for notification mails failed");
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    start() {
      stopped = false;
      timer ??= setInterval(() => void drain(), options.pollSeconds * 1000);
      timer.unref();
      void drain();
    },
    wake() {
      if (!stopped && timer) void drain();
    },
    drain,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
