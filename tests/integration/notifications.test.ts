// Following questions and notifications over real HTTP, through the same listener as server.js:
// who is told of an answer, the unread count in every page's top bar (each member's own, on the
// page rendered for them), opening and marking read
// (seen on the next request), and nothing hidden announced.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, notifications } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
});
afterAll(() => app.close());

const member = (displayName: string) => app.member({ displayName });
const post = (path: string, cookie: string, fields: Record<string, string>) => app.postForm(path, cookie, fields);

async function page(path: string, cookie: string) {
  const res = await app.fetch(path, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

const ask = (cookie: string, title: string) => app.ask(cookie, title);
const answer = (cookie: string, questionId: number, content: string) => app.answer(cookie, questionId, content);

const unreadIn = (html: string) => Number(/Notifications, (\d+) unread/.exec(html)?.[1] ?? NaN);
const pressed = (html: string) => /aria-pressed="(true|false)"[^>]*>(Follow|Following)</.exec(html)?.[2];

describe("follows and notifications", () => {
  it("an answer tells the asker and the followers, never its author; each sees their own count, on every view", async () => {
    const asker = await member("Asha Asker");
    const first = await member("Ben Answers");
    const follower = await member("Cleo Follows");
    const bystander = await member("Dev Reads");
    const question = await ask(asker.cookie, "Paraffin wax baths for hands?");

    // Cleo follows; Dev does not. Each sees their own state, view after view.
    expect((await post(`/forum/${question}`, follower.cookie, { intent: "follow" })).status).toBe(302);
    for (let i = 0; i < 3; i++) {
      expect(pressed((await page(`/forum/${question}`, follower.cookie)).html)).toBe("Following");
      expect(pressed((await page(`/forum/${question}`, bystander.cookie)).html)).toBe("Follow");
    }
    expect(pressed((await page(`/forum/${question}`, asker.cookie)).html)).toBe("Following");

    await answer(first.cookie, question, "Warm wax eases my knuckles before work.");
    const counts = async () => Promise.all([asker, first, follower, bystander].map(async (m) => unreadIn((await page("/forum", m.cookie)).html)));
    expect(await counts()).toEqual([1, 0, 1, 0]);
    // Again: the counts are kept between writes, each member's own.
    expect(await counts()).toEqual([1, 0, 1, 0]);

    // Ben follows by answering; a second answer tells the asker, Cleo and Ben, not its author.
    const second = await member("Eli Second");
    await answer(second.cookie, question, "A warm flannel works for me too.");
    expect(await counts()).toEqual([2, 1, 2, 0]);
    expect(unreadIn((await page("/", second.cookie)).html)).toBe(0);

    const list = await page("/notifications", asker.cookie);
    expect(list.html).toContain("Eli Second answered your question");
    expect(list.html).toContain("Ben Answers answered your question");
    expect(list.html.indexOf("Eli Second")).toBeLessThan(list.html.indexOf("Ben Answers"));
    expect((await page("/notifications", follower.cookie)).html).toContain("Ben Answers answered a question you follow");
  });

  it("opening one marks that question's read on the way to the answer; mark all read; another's is not found", async () => {
    const asker = await member("Fay Opens");
    const helper = await member("Gus Helps");
    const question = await ask(asker.cookie, "Jar openers that work");
    const other = await ask(asker.cookie, "Button hooks for shirts");
    const a1 = await answer(helper.cookie, question, "An under-cabinet opener changed my mornings.");
    await answer(helper.cookie, question, "Rubber gloves give grip too.");
    await answer(helper.cookie, other, "A button hook with a fat handle.");
    expect(unreadIn((await page("/forum", asker.cookie)).html)).toBe(3);
    const [n1] = await app.runtime.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.answerId, a1));

    expect((await page(`/notifications/${n1.id}`, helper.cookie)).status).toBe(404);
    const opened = await page(`/notifications/${n1.id}`, asker.cookie);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(`/forum/${question}#answer-${a1}`);
    // The question page shows both of its answers: both are read; the other question's is not.
    expect(unreadIn((await page(`/forum/${question}`, asker.cookie)).html)).toBe(1);

    const marked = await post("/notifications", asker.cookie, { intent: "mark-all-read" });
    expect(marked.status).toBe(302);
    expect(unreadIn((await page("/forum", asker.cookie)).html)).toBe(0);
    // Read ones stay listed.
    expect((await page("/notifications", asker.cookie)).html).toContain("Gus Helps answered your question");
  });

  it("the page groups by question; Mark read reads one question's only, never another member's", async () => {
    const asker = await member("Jo Groups");
    const helper = await member("Kit Helps");
    const other = await member("Lee Elsewhere");
    const splints = await ask(asker.cookie, "Ring splints for fingers");
    const socks = await ask(asker.cookie, "Compression socks");
    const theirs = await ask(other.cookie, "Shower stools");
    await answer(helper.cookie, splints, "Silver ring splints look like jewellery.");
    await answer(helper.cookie, socks, "Zip-up ones are easier to put on.");
    await answer(helper.cookie, splints, "Mine were fitted by a hand therapist.");
    await answer(helper.cookie, theirs, "One with arms to push up from.");
    expect(unreadIn((await page("/notifications", asker.cookie)).html)).toBe(3);
    // React marks where text parts meet with empty comments; a reader sees the text without them.
    const text = async () => (await page("/notifications", asker.cookie)).html.replaceAll("<!-- -->", "");
    const html = await text();
    expect(html).toContain("2 new answers on “");
    expect(html.indexOf("Ring splints for fingers")).toBeLessThan(html.indexOf("Compression socks"));

    // Another member's question: nothing of theirs is marked, and the asker's stay unread.
    expect((await post("/notifications", asker.cookie, { intent: "mark-read", questionId: String(theirs) })).status).toBe(302);
    expect(unreadIn((await page("/forum", other.cookie)).html)).toBe(1);
    expect((await post("/notifications", asker.cookie, { intent: "mark-read", questionId: "x" })).status).toBe(400);
    expect(unreadIn((await page("/forum", asker.cookie)).html)).toBe(3);

    expect((await post("/notifications", asker.cookie, { intent: "mark-read", questionId: String(splints) })).status).toBe(302);
    expect(unreadIn((await page("/forum", asker.cookie)).html)).toBe(1);
    expect(await text()).toContain("2 answers on “");
  });

  it("unfollowing stops them; a hidden answer is neither counted nor listed; signed out is sent to sign in", async () => {
    const asker = await member("Hal Unfollows");
    const helper = await member("Ida Helps");
    const question = await ask(asker.cookie, "Cold or warm compress?");
    expect((await post(`/forum/${question}`, asker.cookie, { intent: "unfollow" })).status).toBe(302);
    expect(pressed((await page(`/forum/${question}`, asker.cookie)).html)).toBe("Follow");
    await answer(helper.cookie, question, "Warm in the morning, cold after a walk.");
    expect(unreadIn((await page("/forum", asker.cookie)).html)).toBe(0);

    expect((await post(`/forum/${question}`, asker.cookie, { intent: "follow" })).status).toBe(302);
    const hidden = await answer(helper.cookie, question, "Buy my miracle cure at example.com");
    expect(unreadIn((await page("/forum", asker.cookie)).html)).toBe(1);
    await app.runtime.db.update(forumAnswers).set({ hiddenAt: new Date() }).where(eq(forumAnswers.id, hidden));
    // Hidden outside the moderation command, so named here as it would: the asker's inbox.
    await app.runtime.changes.record([`inbox:${asker.id}`]);
    expect(unreadIn((await page("/forum", asker.cookie)).html)).toBe(0);
    expect((await page("/notifications", asker.cookie)).html).not.toContain("Ida Helps");

    const signedOut = await app.fetch("/notifications");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/auth");
    // A missing question cannot be followed.
    expect((await post("/forum/99999999", asker.cookie, { intent: "follow" })).status).toBe(404);
  });
});
