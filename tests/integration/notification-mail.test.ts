// Notification mails over real HTTP and the durable outbox: who is mailed under each choice, one
// mail per question per gathering window, the daily digest, nothing for what was read or hidden,
// retries after a refusal, each mail claimed once by concurrent senders, and one-click
// unsubscribe without signing in (RFC 8058).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMailOutbox } from "~/server/notifications/email/outbox.server";
import type { Mail } from "~/server/infra/mail.server";
import { mailOutbox, notifications, profiles } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

const GATHER_SECONDS = 2;
let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false", MAIL_GATHER_SECONDS: String(GATHER_SECONDS), MAIL_RETRY_SECONDS: "0.3" });
});
afterAll(() => app.close());

const sent = () => app.runtime.sent as Mail[];
let seen = 0;
beforeEach(() => {
  seen = sent().length;
});
/** Mails sent since the test began. */
const newMails = () => sent().slice(seen);
const drain = () => app.runtime.mailOutbox.drain();
const member = (displayName: string) => app.member({ displayName });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Drains the outbox until `count` mails have gone out since the test began, for at most `ms`. */
async function drainUntil(count: number, ms = 10_000) {
  for (const deadline = Date.now() + ms; ; await wait(100)) {
    await drain();
    if (newMails().length >= count || Date.now() > deadline) return;
  }
}
// A question's gathering window is measured by the database's clock (now() in the outbox's due
// times), which fake timers cannot move, and its end changes nothing a test can see: the tests
// that must act after one wait it out.
const waitOutWindow = () => wait(GATHER_SECONDS * 1000 + 300);

async function choose(cookie: string, emails: string) {
  const res = await app.postForm("/account", cookie, { intent: "email-notifications", emails });
  expect(res.status).toBe(200);
}

describe("notification mails", () => {
  it("mails the asker at once, with a plain-text part, a link to the answer and one-click unsubscribe", async () => {
    const asker = await member("Ann Asker");
    const writer = await member("Ben Writer");
    const q = await app.ask(asker.cookie, "Warm wax baths for stiff fingers?");
    const a = await app.answer(writer.cookie, q, "Ten minutes of **warm wax** loosens my fingers before work.");
    await drain();
    const mails = newMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toBe(asker.email);
    expect(mail.subject).toBe('New answer to "Warm wax baths for stiff fingers?"');
    expect(mail.text).toContain("Ben Writer answered your question.");
    expect(mail.text).toContain("Ten minutes of warm wax loosens my fingers before work.");
    const [notification] = await app.runtime.db.select().from(notifications).where(eq(notifications.answerId, a));
    expect(mail.text).toContain(`${app.url}/notifications/${notification.id}`);
    expect(mail.html).toContain(`href="${app.url}/notifications/${notification.id}"`);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(new RegExp(`^<${app.url}/email/unsubscribe\\?token=[A-Za-z0-9_.-]+>$`));
    expect(notification.mailedAt).not.toBeNull();

    // The link opens the answer once signed in, and the unread count is back to zero.
    const open = await app.fetch(`/notifications/${notification.id}`, { headers: { Cookie: asker.cookie } });
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe(`/forum/${q}#answer-${a}`);
    const after = await app.fetch("/", { headers: { Cookie: asker.cookie } });
    expect(await after.text()).toContain("Notifications, 0 unread");
    // Nothing more goes out for it.
    await drain();
    expect(newMails()).toHaveLength(1);
  });

  it("gathers a question's answers into one mail per window, and sends nothing for what was read or hidden", async () => {
    const asker = await member("Cal Asker");
    const w1 = await member("Dee One");
    const w2 = await member("Eve Two");
    const q = await app.ask(asker.cookie, "Jar openers that actually work?");
    await app.answer(w1.cookie, q, "A rubber grip mat and a lever opener.");
    await drain();
    expect(newMails().map((m) => m.subject)).toEqual(['New answer to "Jar openers that actually work?"']);

    // Within the window: kept back, then gathered into one mail.
    await app.answer(w2.cookie, q, "An under-cabinet opener, one hand.");
    await app.answer(w1.cookie, q, "Also: tap the lid edge gently first.");
    await drain();
    expect(newMails()).toHaveLength(1);
    await drainUntil(2);
    expect(newMails()).toHaveLength(2);
    const gathered = newMails()[1];
    expect(gathered.subject).toBe('2 new answers to "Jar openers that actually work?"');
    expect(gathered.text).toContain("Eve Two answered your question.");
    expect(gathered.text).toContain("Dee One answered your question.");

    // Read on the site before the next window ends: no mail for it.
    await waitOutWindow();
    const read = await app.answer(w2.cookie, q, "A silicone lid gripper in the drawer.");
    const [n] = await app.runtime.db.select().from(notifications).where(eq(notifications.answerId, read));
    await app.fetch(`/notifications/${n.id}`, { headers: { Cookie: asker.cookie } });
    await drain();
    expect(newMails()).toHaveLength(2);

    // Hidden by a moderator before it was mailed: no mail either.
    await waitOutWindow();
    const hidden = await app.answer(w1.cookie, q, "Buy my miracle cure at example.com");
    await app.runtime.db.execute(sql`update forum_answers set hidden_at = now() where id = ${hidden}`);
    await drain();
    expect(newMails()).toHaveLength(2);
  });

  it("follows each member's choice: answers to their questions by default, everything, a daily digest, or never", async () => {
    const asker = await member("Fay Asker");
    const follower = await member("Gus Follower");
    const everything = await member("Hal Everything");
    const writer = await member("Ivy Writer");
    const q = await app.ask(asker.cookie, "Compression gloves at night?");
    for (const m of [follower, everything]) expect((await app.postForm(`/forum/${q}`, m.cookie, { intent: "follow" })).status).toBeLessThan(400);
    await choose(everything.cookie, "instant");
    const a = await app.answer(writer.cookie, q, "They help my swelling by morning.");
    await drain();
    // The default mails the asker only; a follower who chose everything hears too.
    expect(
      newMails()
        .map((m) => m.to)
        .sort(),
    ).toEqual([asker.email, everything.email].sort());
    expect(newMails().find((m) => m.to === everything.email)!.text).toContain("Ivy Writer answered a question you follow.");

    // Helpful marks mail the author only when they chose everything.
    await choose(writer.cookie, "instant");
    expect((await app.postForm(`/forum/${q}`, follower.cookie, { intent: "helpful", answerId: String(a) })).status).toBe(302);
    await drain();
    const helpful = newMails().slice(2);
    expect(helpful.map((m) => [m.to, m.subject])).toEqual([[writer.email, 'Your answer on "Compression gloves at night?" was marked helpful']]);
    expect(helpful[0].text).toContain("Someone found your answer helpful.");

    // Daily: nothing at once; one digest after the next digest hour; never a second that day.
    await choose(asker.cookie, "daily");
    await app.answer(everything.cookie, q, "Mine are fingerless, so I can still read.");
    await drain();
    expect(newMails().filter((m) => m.to === asker.email)).toHaveLength(1);
    const [digest] = await app.runtime.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.memberId, asker.id))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(digest.gatherKey).toBe("digest");
    expect(digest.state).toBe("pending");
    await app.runtime.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(mailOutbox.id, digest.id));
    await drain();
    const digests = newMails()
      .filter((m) => m.to === asker.email)
      .slice(1);
    expect(digests.map((m) => m.subject)).toEqual(["Your daily digest: 1 new notification"]);
    expect(digests[0].text).toContain("Hal Everything answered your question.");
    await app.answer(writer.cookie, q, "I wash mine every other day.");
    await app.runtime.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(mailOutbox.memberId, asker.id));
    await drain();
    expect(newMails().filter((m) => m.to === asker.email)).toHaveLength(2);

    // Never: nothing at all, and what waited is dropped.
    await choose(asker.cookie, "never");
    await app.answer(follower.cookie, q, "I never tried them.");
    await app.runtime.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '50 hours'` })
      .where(eq(mailOutbox.memberId, asker.id));
    await drain();
    expect(newMails().filter((m) => m.to === asker.email)).toHaveLength(2);
  });

  it("refuses an unknown choice with a message and changes nothing", async () => {
    const m = await member("Jo Choosy");
    const res = await app.postForm("/account", m.cookie, { intent: "email-notifications", emails: "hourly" });
    expect(res.status).toBe(400);
    const [row] = await app.runtime.db.select({ choice: profiles.emailNotifications }).from(profiles).where(eq(profiles.id, m.id));
    expect(row.choice).toBe("own");
    const page = await app.fetch("/account", { headers: { Cookie: m.cookie } });
    expect(await page.text()).toContain("At once, for answers to my questions");
  });
});

/** A sender of its own over the app's database, handing mails to `send`. */
function sender(options: { retrySeconds: number; send: (mail: Mail) => Promise<void> }) {
  return createMailOutbox({
    db: app.runtime.db,
    log: app.runtime.log,
    tokens: app.runtime.unsubscribeTokens,
    siteUrl: app.url,
    gatherSeconds: GATHER_SECONDS,
    digestHour: 8,
    pollSeconds: 60,
    retrySeconds: options.retrySeconds,
    maxRetrySeconds: 1,
    mailer: { outbox: [], send: options.send },
  });
}

describe("the outbox", () => {
  // These tests send through senders of their own: mails left waiting by the tests above are set aside.
  beforeEach(async () => {
    await app.runtime.db.update(mailOutbox).set({ state: "skipped" }).where(eq(mailOutbox.state, "pending"));
  });

  it("tries a refused mail again later, and sends it once when the server takes it", async () => {
    const asker = await member("Kit Retry");
    const writer = await member("Lou Writer");
    const q = await app.ask(asker.cookie, "Does cold weather make it worse?");
    let refusals = 2;
    const delivered: Mail[] = [];
    const outbox = sender({
      retrySeconds: 0.3,
      async send(mail) {
        if (refusals-- > 0) throw Object.assign(new Error("421 try later"), { responseCode: 421 });
        delivered.push(mail);
      },
    });
    await app.answer(writer.cookie, q, "Damp cold days are my worst.");
    await outbox.drain();
    expect(delivered).toHaveLength(0);
    const [row] = await app.runtime.db.select().from(mailOutbox).where(eq(mailOutbox.memberId, asker.id));
    expect(row).toMatchObject({ state: "pending", attempts: 1, lastError: "421" });
    for (let i = 0; i < 20 && delivered.length === 0; i++) {
      await wait(300);
      await outbox.drain();
    }
    expect(delivered.map((m) => m.to)).toEqual([asker.email]);
    const [done] = await app.runtime.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(done).toMatchObject({ state: "sent", attempts: 3 });
    await outbox.drain();
    expect(delivered).toHaveLength(1);
  });

  it("hands each mail to exactly one of several senders draining at once", async () => {
    const writer = await member("Max Many");
    const askers = await Promise.all(Array.from({ length: 12 }, (_, i) => member(`Asker ${i}`)));
    const questions = await Promise.all(askers.map((a, i) => app.ask(a.cookie, `Concurrent question ${i}`)));
    const delivered: Mail[] = [];
    const senders = Array.from({ length: 3 }, () =>
      sender({
        retrySeconds: 1,
        async send(mail) {
          await wait(5);
          delivered.push(mail);
        },
      }),
    );
    for (const q of questions) await app.answer(writer.cookie, q, `An answer to ${q}`);
    await Promise.all(senders.map((s) => s.drain()));
    expect(delivered.map((m) => m.to).sort()).toEqual(askers.map((a) => a.email).sort());
  });
});

describe("one-click unsubscribe", () => {
  it("stops the mails without signing in, from the mail program's POST or the page's button", async () => {
    const asker = await member("Nia Leaving");
    const writer = await member("Oz Writer");
    const q = await app.ask(asker.cookie, "Paraffin or heat pads?");
    await app.answer(writer.cookie, q, "Heat pads, less mess.");
    await drain();
    const [mail] = newMails();
    const target = /^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"])![1];
    const path = target.slice(app.url.length);

    // Opening the link changes nothing (scanners open links).
    const page = await app.fetch(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("Unsubscribe from notification emails");
    const choice = async () => (await app.runtime.db.select({ c: profiles.emailNotifications }).from(profiles).where(eq(profiles.id, asker.id)))[0].c;
    expect(await choice()).toBe("own");

    // A tampered token is refused and changes nothing.
    const bad = await app.fetch(
      path.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(bad.status).toBe(400);
    expect(await choice()).toBe("own");

    // RFC 8058: a POST with no cookie and no Origin, from the mail program.
    const res = await app.fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You are unsubscribed");
    expect(await choice()).toBe("never");

    await app.answer(writer.cookie, q, "Or a warm rice sock.");
    await drain();
    expect(newMails()).toHaveLength(1);

    // The account page shows the choice, and can turn mails back on.
    expect(await (await app.fetch("/account", { headers: { Cookie: asker.cookie } })).text()).toMatch(/value="never"[^>]*checked|checked[^>]*value="never"/);
  });
});
