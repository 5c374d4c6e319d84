// Editors' decisions on members' stories over real HTTP: returning one with a note (only editors,
// only a sensible note, shown to its author alone until they resubmit), and the author hearing of
// every decision on the site and by mail through the outbox, as their mail choice says.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Mail } from "~/server/infra/mail.server";
import { blogPosts, mailOutbox, notifications, profiles } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
});
afterAll(() => app.close());

let seen = 0;
beforeEach(() => {
  seen = app.runtime.sent.length;
});
const newMails = () => (app.runtime.sent as Mail[]).slice(seen);
const drain = () => app.runtime.mailOutbox.drain();
const post = async (id: number) => (await app.runtime.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0];
const noticesOf = (memberId: string) => app.runtime.db.select().from(notifications).where(eq(notifications.memberId, memberId)).orderBy(asc(notifications.id));
const page = async (path: string, cookie: string) => {
  const res = await app.fetch(path, { headers: { Cookie: cookie } });
  return { status: res.status, html: await res.text(), location: res.headers.get("Location") };
};

/** Shares a story through the blog's form; returns its id. */
async function share(cookie: string, title: string) {
  expect((await app.postForm("/blog", cookie, { title, content: `${title}: what changed for me.` })).status).toBe(302);
  const [row] = await app.runtime.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, title));
  return row.id;
}

async function choose(cookie: string, emails: string) {
  expect((await app.postForm("/account", cookie, { intent: "email-notifications", emails })).status).toBe(200);
}

describe("returning a story with a note", () => {
  it("names the author on the admin page, refuses bad notes and non-editors, and tells the author, who alone sees the note until resubmitting", async () => {
    const editor = await app.member({ role: "admin", displayName: "Eda Editor" });
    const moderator = await app.member({ role: "moderator" });
    const author = await app.member({ displayName: "Ann Author" });
    const other = await app.member();
    const id = await share(author.cookie, "Warm gloves in winter");
    const path = `/admin/posts/${id}`;

    const admin = await page(path, editor.cookie);
    expect(admin.html).toMatch(/Written by <!-- -->Ann Author/);
    // With a public profile, the name links to it.
    expect((await app.postForm("/account", author.cookie, { intent: "public-profile", publicProfile: "on" })).status).toBe(200);
    const [profile] = await app.runtime.db.select({ handle: profiles.profileHandle }).from(profiles).where(eq(profiles.id, author.id));
    expect((await page(path, editor.cookie)).html).toMatch(new RegExp(`Written by (<!-- -->)?<a[^>]* href="/members/${profile.handle}"[^>]*>Ann Author</a>`));
    expect(admin.html).toContain("Return with a note");
    expect(admin.html).toContain("Note to the author");

    const empty = await app.postForm(path, editor.cookie, { intent: "return", note: "  \n " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Note to the author is required");
    const long = await app.postForm(path, editor.cookie, { intent: "return", note: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Note to the author must be at most 2,000 characters");
    for (const someone of [author, moderator, other]) {
      expect((await app.postForm(path, someone.cookie, { intent: "return", note: "Returned by me" })).status).toBe(403);
    }
    expect(await post(id)).toMatchObject({ returnedNote: null, published: false });
    expect(await noticesOf(author.id)).toHaveLength(0);

    const note = "Please leave out the clinic's name <b>and</b> say which gloves.";
    const returned = await app.postForm(path, editor.cookie, { intent: "return", note });
    expect(returned.status).toBe(302);
    expect(await post(id)).toMatchObject({ returnedNote: note, published: false });

    // The author sees the note, escaped; nobody else can open the story.
    const story = await page(`/account/stories/${id}`, author.cookie);
    expect(story.html).toContain("Returned by the editors with a note:");
    expect(story.html).toContain("Please leave out the clinic&#x27;s name &lt;b&gt;and&lt;/b&gt; say which gloves.");
    expect(story.html).not.toContain("<b>and</b>");
    const stranger = await page(`/account/stories/${id}`, other.cookie);
    expect(stranger.status).toBe(404);
    expect(stranger.html).not.toContain("say which gloves");

    // Told on the site, and by mail (the default choice mails it), without the note.
    const [notice] = await noticesOf(author.id);
    expect(notice).toMatchObject({ kind: "story-returned", postId: id, postTitle: "Warm gloves in winter" });
    expect((await page("/notifications", author.cookie)).html).toContain("Your story “Warm gloves in winter” was returned with a note from the editors.");
    await drain();
    expect(newMails().map((m) => [m.to, m.subject])).toEqual([[author.email, "Your story “Warm gloves in winter” was returned with a note from the editors"]]);
    expect(newMails()[0].text).toContain(`${app.url}/notifications/${notice.id}`);
    expect(newMails()[0].text + newMails()[0].html).not.toContain("which gloves");
    expect((await page(`/notifications/${notice.id}`, author.cookie)).location).toBe(`/account/stories/${id}`);

    // Saving a new version resubmits it: the note goes.
    expect(
      (
        await app.postForm(`/account/stories/${id}`, author.cookie, {
          intent: "save",
          title: "Warm gloves in winter",
          content: "Thin cotton gloves under wool ones.",
        })
      ).status,
    ).toBe(302);
    expect(await post(id)).toMatchObject({ returnedNote: null, published: false });
    expect((await page(`/account/stories/${id}`, author.cookie)).html).not.toContain("Returned by the editors with a note:");
  });

  it("cannot return a published story", async () => {
    const editor = await app.member({ role: "admin" });
    const author = await app.member();
    const id = await share(author.cookie, "Morning stiffness tricks");
    expect((await app.postForm(`/admin/posts/${id}`, editor.cookie, { intent: "publish" })).status).toBe(302);
    const res = await app.postForm(`/admin/posts/${id}`, editor.cookie, { intent: "return", note: "Too late" });
    expect(res.status).toBe(409);
    expect(await post(id)).toMatchObject({ returnedNote: null, published: true });
    await drain(); // its publication's mail, so later tests count only their own
  });
});

describe("the author hears of a decision", () => {
  it("when it is published: a notice linking to the article, mailed at once", async () => {
    const editor = await app.member({ role: "admin" });
    const author = await app.member();
    const id = await share(author.cookie, "Cold water for swollen hands");
    expect((await app.postForm(`/admin/posts/${id}`, editor.cookie, { intent: "publish" })).status).toBe(302);
    const [notice] = await noticesOf(author.id);
    expect(notice).toMatchObject({ kind: "story-published", postId: id });
    expect((await page("/notifications", author.cookie)).html).toContain("Your story “Cold water for swollen hands” was published.");
    await drain();
    expect(newMails().map((m) => [m.to, m.subject])).toEqual([[author.email, "Your story “Cold water for swollen hands” was published"]]);
    expect((await page(`/notifications/${notice.id}`, author.cookie)).location).toBe(`/article/${(await post(id)).slug}`);
    // Unpublishing and publishing again is no news.
    await app.postForm(`/admin/posts/${id}`, editor.cookie, { intent: "unpublish" });
    await app.postForm(`/admin/posts/${id}`, editor.cookie, { intent: "publish" });
    expect(await noticesOf(author.id)).toHaveLength(1);
  });

  it("when it is deleted before it went out: 'not published', mailed at once", async () => {
    const editor = await app.member({ role: "admin" });
    const author = await app.member();
    const id = await share(author.cookie, "Paraffin wax baths");
    expect((await app.postForm(`/admin/posts/${id}`, editor.cookie, { intent: "delete" })).status).toBe(302);
    expect(await post(id)).toBeUndefined();
    const [notice] = await noticesOf(author.id);
    expect(notice).toMatchObject({ kind: "story-declined", postId: null, postTitle: "Paraffin wax baths" });
    expect((await page("/notifications", author.cookie)).html).toContain("Your story “Paraffin wax baths” was not published.");
    await drain();
    expect(newMails().map((m) => [m.to, m.subject])).toEqual([[author.email, "Your story “Paraffin wax baths” was not published"]]);
    expect((await page(`/notifications/${notice.id}`, author.cookie)).location).toBe("/account");
  });

  it("in the daily digest for a member who chose it, and not by mail for one who chose never", async () => {
    const editor = await app.member({ role: "admin" });
    const daily = await app.member();
    const never = await app.member();
    await choose(daily.cookie, "daily");
    await choose(never.cookie, "never");
    const a = await share(daily.cookie, "Pacing my week");
    const b = await share(never.cookie, "A jar opener review");
    for (const id of [a, b]) expect((await app.postForm(`/admin/posts/${id}`, editor.cookie, { intent: "publish" })).status).toBe(302);
    await drain();
    expect(newMails()).toHaveLength(0);
    expect(await noticesOf(never.id)).toHaveLength(1);
    const [digest] = await app.runtime.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.memberId, daily.id), eq(mailOutbox.state, "pending")));
    expect(digest.gatherKey).toBe("digest");
    await app.runtime.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(mailOutbox.id, digest.id));
    await drain();
    expect(newMails().map((m) => [m.to, m.subject])).toEqual([[daily.email, "Your daily digest: 1 new notification"]]);
    expect(newMails()[0].text).toContain("Your story “Pacing my week” was published.");
    expect(await app.runtime.db.select().from(mailOutbox).where(eq(mailOutbox.memberId, never.id))).toHaveLength(0);
  });
});
