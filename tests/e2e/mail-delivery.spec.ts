// Notification mails from three instances of the production build on one PostgreSQL database
// behind nginx, counted at a real SMTP server on loopback: 100 answers to 100 members' questions
// make exactly 100 mails, none lost and none twice; and while the SMTP server refuses every
// connection for a minute nothing is lost either: every mail arrives once it takes them again.
import crypto from "node:crypto";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect, test } from "./fixtures";
import { startCluster, type Cluster } from "./cluster";

const PORTS = [3311, 3312, 3313];
const PROXY_PORT = 3310;
const SMTP_PORT = 2591;
const REFUSAL_MS = 60_000;

interface Delivered {
  to: string;
  subject: string;
  link: string;
}

let cluster: Cluster;
let smtp: SMTPServer;
let refusing = false;
let refusals = 0;
const delivered: Delivered[] = [];

test.describe.configure({ mode: "serial" });
test.setTimeout(300_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // While refusing, every connection is turned away with 421 (service not available).
    onConnect(_session, callback) {
      if (!refusing) return callback();
      refusals++;
      callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          delivered.push({ to: to ?? "", subject: mail.subject ?? "", link: /\/notifications\/\d+/.exec(mail.text ?? "")?.[0] ?? "" });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
  cluster = await startCluster({
    name: "capsiva_mail",
    ports: PORTS,
    proxyPort: PROXY_PORT,
    // Senders look every second; a refused mail is tried again after 2 s, doubling up to 10 s.
    env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_POLL_SECONDS: "1", MAIL_RETRY_SECONDS: "2", MAIL_RETRY_MAX_SECONDS: "10" },
  });
});

test.afterAll(async () => {
  await cluster?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const password = "mail-delivery-password-1";

/** `n` members, each with a question, and one member to answer them all. */
async function questions(n: number, label: string) {
  const askers: { email: string; cookie: string; question: number }[] = [];
  for (let i = 0; i < n; i++) {
    const email = `${label}-${i}-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const cookie = await cluster.signUp(email, password);
    const title = `${label} question ${i} ${crypto.randomBytes(3).toString("hex")}`;
    const res = await cluster.request(PROXY_PORT, "POST", "/forum", { cookie, form: { title, content: `${title}: what has helped you?` } });
    expect(res.status, res.body.slice(0, 300)).toBe(302);
    const id = Number((await cluster.db.query("select id from forum_questions where title = $1", [title])).rows[0].id);
    askers.push({ email, cookie, question: id });
  }
  return askers;
}

/** Answers every question through the load balancer, ten at a time. */
async function answerAll(askers: { question: number }[], cookie: string) {
  for (let i = 0; i < askers.length; i += 10) {
    await Promise.all(
      askers.slice(i, i + 10).map(async ({ question }) => {
        const res = await cluster.request(PROXY_PORT, "POST", `/forum/${question}`, {
          cookie,
          form: { intent: "answer", content: `An answer to ${question}`, submissionKey: crypto.randomUUID() },
        });
        expect(res.status, res.body.slice(0, 300)).toBeLessThan(400);
      }),
    );
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}\n${cluster.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits until no mail is waiting or being sent (no row pending, no lease held): from then on no
 * copy can arrive, as senders only send under a lease and clear it once the mail is marked.
 */
async function outboxSettled(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await cluster.db.query("select count(*)::int as n from mail_outbox where state = 'pending' or locked_until is not null");
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].n} mails still waiting or being sent\n${cluster.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Each asker got exactly one mail, about their question, with a link to its notification. */
function expectOneMailEach(askers: { email: string }[], mails: Delivered[]) {
  expect(mails.map((m) => m.to).sort()).toEqual(askers.map((a) => a.email).sort());
  for (const mail of mails) {
    expect(mail.subject).toMatch(/^New answer to "/);
    expect(mail.link).toMatch(/^\/notifications\/\d+$/);
  }
  expect(new Set(mails.map((m) => m.link)).size).toBe(mails.length);
}

test("100 answers through three instances send exactly 100 mails, even while the SMTP server refuses for a minute", async () => {
  const answerer = await cluster.signUp(`answerer-${crypto.randomBytes(3).toString("hex")}@example.com`, password);

  // Half with the SMTP server taking mail.
  const first = await questions(50, "first");
  await answerAll(first, answerer);
  await until(() => delivered.length >= 50, 60_000, `only ${delivered.length} of 50 mails arrived`);
  // Any second copy would be sent before the outbox settles.
  await outboxSettled(30_000);
  expectOneMailEach(first, delivered.slice(0, delivered.length));
  const firstCount = delivered.length;
  expect(firstCount).toBe(50);

  // The other half while it refuses every connection for a minute.
  const second = await questions(50, "second");
  refusing = true;
  const refusedFrom = Date.now();
  await answerAll(second, answerer);
  // The refusal is the scenario: the SMTP server refuses for REFUSAL_MS, whatever the senders do.
  await new Promise((r) => setTimeout(r, Math.max(0, REFUSAL_MS - (Date.now() - refusedFrom))));
  expect(delivered.length).toBe(50);
  expect(refusals).toBeGreaterThan(0);
  refusing = false;
  await until(() => delivered.length >= 100, 90_000, `only ${delivered.length - 50} of the 50 refused mails arrived after the server came back`);
  await outboxSettled(30_000);
  expect(delivered).toHaveLength(100);
  expectOneMailEach(second, delivered.slice(50));

  // Every mail is marked sent once in the database; nothing is left waiting.
  const { rows } = await cluster.db.query("select state, count(*)::int as n from mail_outbox group by state order by state");
  expect(rows).toEqual([{ state: "sent", n: 100 }]);
});
