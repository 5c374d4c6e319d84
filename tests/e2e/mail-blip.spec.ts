// A database blip while notification mails are going out: the SMTP server takes each mail, and
// the database is unreachable for 4 s just as the senders would record them as sent. Every
// recipient gets exactly one mail, every mail is recorded as sent within moments of the
// database's return (so no lease can run out and send it again), and each carries a Message-ID
// made from its outbox row, the same on any retry.
import crypto from "node:crypto";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect, test } from "./fixtures";
import { startCluster, type Cluster } from "./cluster";
import { expectCleanLogs } from "./log-scan";
import { portFor } from "./processes";

const PROXY_PORT = portFor(21);
const PORTS = [portFor(22), portFor(23)];
const DB_PROXY_PORTS = [portFor(24), portFor(25)];
const SMTP_PORT = portFor(26);
const PASSWORD = "mail-blip-password-1";

let cluster: Cluster;
let smtp: SMTPServer;
const delivered: { to: string; messageId: string }[] = [];
// While set, the SMTP server answers each mail only once this promise settles.
let hold: Promise<void> | null = null;
let arrived: () => void = () => {};

test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          delivered.push({ to: to ?? "", messageId: mail.messageId ?? "" });
          arrived();
          if (hold) await hold;
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
  cluster = await startCluster({
    name: "capsiva_mail_blip",
    ports: PORTS,
    proxyPort: PROXY_PORT,
    databaseProxyPorts: DB_PROXY_PORTS,
    env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_POLL_SECONDS: "1", MAIL_RETRY_SECONDS: "2", MAIL_RETRY_MAX_SECONDS: "10", LOG_LEVEL: "info" },
  });
});

test.afterAll(async () => {
  for (const proxy of cluster?.proxies ?? []) proxy.restore();
  await cluster?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

test("a database blip while mails go out sends exactly one mail per recipient, each recorded as sent when the database returns", async () => {
  const askers: { email: string; question: number; title: string }[] = [];
  for (let i = 0; i < 6; i++) {
    const email = `blip-${i}-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const cookie = await cluster.signUp(email, PASSWORD);
    const title = `Paraffin wax for knuckles ${crypto.randomBytes(3).toString("hex")}`;
    const res = await cluster.request(PROXY_PORT, "POST", "/forum", { cookie, form: { title, content: "Has anyone tried a paraffin bath?" } });
    expect(res.status, res.body.slice(0, 300)).toBe(302);
    askers.push({ email, title, question: Number((await cluster.db.query("select id from forum_questions where title = $1", [title])).rows[0].id) });
  }
  const answerer = await cluster.signUp(`blip-answerer-${crypto.randomBytes(3).toString("hex")}@example.com`, PASSWORD);

  // The first mail to reach the SMTP server waits for its answer while the database goes away.
  let release: () => void = () => {};
  hold = new Promise<void>((resolve) => (release = resolve));
  const first = new Promise<void>((resolve) => (arrived = resolve));
  for (const { question } of askers) {
    const res = await cluster.request(PROXY_PORT, "POST", `/forum/${question}`, {
      cookie: answerer,
      form: { intent: "answer", content: `Yes, it helped, ${question}`, submissionKey: crypto.randomUUID() },
    });
    expect(res.status, res.body.slice(0, 300)).toBeLessThan(400);
  }
  await first;
  for (const proxy of cluster.proxies) proxy.cut();
  hold = null;
  release();
  // The database stays away until a sender has sent a mail it could not record as sent.
  await expect
    .poll(() => cluster.output().includes("recording it as sent waits for the database"), {
      timeout: 15_000,
      message: "a mail sent while the database was away",
    })
    .toBe(true);
  for (const proxy of cluster.proxies) proxy.restore();
  const back = Date.now();

  const sentRows = async () => (await cluster.db.query("select count(*)::int as n from mail_outbox where state = 'sent'")).rows[0].n as number;
  await expect
    .poll(sentRows, { timeout: 15_000, message: "every mail recorded as sent within 15 s of the database's return (a lease that runs out sends it again)" })
    .toBe(askers.length);
  console.log(`mail blip: every mail recorded as sent ${Date.now() - back} ms after the database returned`);
  // Every row is recorded as sent, so no sender will claim one again: what arrived is all there is.
  await expect.poll(() => delivered.length, { timeout: 5000 }).toBeGreaterThanOrEqual(askers.length);
  expect(delivered.map((m) => m.to).sort()).toEqual(askers.map((a) => a.email).sort());

  // Each Message-ID names the mail's outbox row, whose member is the recipient.
  for (const mail of delivered) {
    const id = /^<mail-(\d+)@/.exec(mail.messageId)?.[1];
    expect(id, `Message-ID ${mail.messageId}`).toBeTruthy();
    const { rows } = await cluster.db.query("select u.email from mail_outbox o join users u on u.id = o.member_id where o.id = $1", [Number(id)]);
    expect(rows[0]?.email).toBe(mail.to);
  }
  expectCleanLogs(cluster.output(), { secrets: [...askers.map((a) => a.title), ...askers.map((a) => a.email)] });
});
