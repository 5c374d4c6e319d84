// Members' public profiles over real HTTP: off by default, on only with a display name, linked
// from authors' names only while on, never for 'Anonymous', and gone on the next request once
// turned off. The page shows what readers can see and nothing private.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions, profiles } from "../../db/schema";
import { createPost } from "~/server/blog/posts.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
});
afterAll(() => app.close());

const member = (displayName: string | null) => app.member({ displayName });
const post = (path: string, cookie: string, fields: Record<string, string>) => app.postForm(path, cookie, fields);

async function text(path: string, cookie = "") {
  const res = await app.fetch(path, cookie ? { headers: { Cookie: cookie } } : {});
  return { status: res.status, html: await res.text() };
}

async function ask(cookie: string, title: string) {
  const res = await post("/forum", cookie, { title, content: `${title}: what has helped you?` });
  expect(res.status).toBe(302);
  const [row] = await app.runtime.db
    .select({ id: forumQuestions.id })
    .from(forumQuestions)
    .where(eq(forumQuestions.title, title))
    .orderBy(desc(forumQuestions.id));
  return row.id;
}

async function answer(cookie: string, questionId: number, content: string) {
  const res = await post(`/forum/${questionId}`, cookie, { intent: "answer", content });
  expect(res.status).toBeLessThan(400);
}

const turn = (cookie: string, on: boolean) => post("/account", cookie, { intent: "public-profile", publicProfile: on ? "on" : "off" });
const handleOf = async (id: string) => (await app.runtime.db.select({ h: profiles.profileHandle }).from(profiles).where(eq(profiles.id, id)))[0].h;
const profileLinks = (html: string) => [...html.matchAll(/href="\/members\/([a-z0-9]+)"/g)].map((m) => m[1]);

describe("public profiles", () => {
  it("are off by default: authors' names link nowhere and no profile page exists", async () => {
    const ana = await member("Ana Off");
    const question = await ask(ana.cookie, "Warm water for stiff fingers?");
    for (const path of ["/forum", `/forum/${question}`]) {
      const page = await text(path);
      expect(page.html).toContain("Ana Off");
      expect(profileLinks(page.html)).toEqual([]);
    }
    expect(await handleOf(ana.id)).toBeNull();
  });

  it("cannot be turned on without a display name, and nothing changes", async () => {
    const nameless = await member(null);
    const res = await turn(nameless.cookie, true);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Choose a display name first: a public profile shows it.");
    const [row] = await app.runtime.db.select().from(profiles).where(eq(profiles.id, nameless.id));
    expect(row.publicProfile).toBe(false);
    expect(row.profileHandle).toBeNull();
  });

  it("once on, names link to a page of what readers can see; once off, both are gone at once", async () => {
    const bea = await member("Bea Public");
    const other = await member("Cal Asker");
    const own = await ask(bea.cookie, "Gloves at night: yes or no?");
    const theirs = await ask(other.cookie, "Jar openers that work");
    await answer(bea.cookie, theirs, "A rubber grip mat helps me most mornings.");
    // A hidden answer of hers stays off her profile.
    await answer(bea.cookie, theirs, "This one was hidden by a moderator.");
    const [hidden] = await app.runtime.db
      .select({ id: forumAnswers.id })
      .from(forumAnswers)
      .where(eq(forumAnswers.content, "This one was hidden by a moderator."));
    await app.runtime.db.update(forumAnswers).set({ hiddenAt: new Date() }).where(eq(forumAnswers.id, hidden.id));
    // Readers' pages are stored: view them before, so that a stale one would show.
    await text("/forum");
    await text(`/forum/${theirs}`);

    const on = await turn(bea.cookie, true);
    expect(on.status).toBe(200);
    expect(await on.text()).toContain("Public profile on");
    const handle = await handleOf(bea.id);
    expect(handle).toMatch(/^[a-z0-9]{10}$/);

    const question = await text(`/forum/${theirs}`);
    expect(question.html).toContain(`href="/members/${handle}"`);
    // Only her name links: the asker's profile is off.
    expect(new Set(profileLinks(question.html))).toEqual(new Set([handle]));
    expect(profileLinks((await text("/forum")).html)).toContain(handle);

    const profile = await text(`/members/${handle}`);
    expect(profile.status).toBe(200);
    expect(profile.html).toContain("Bea Public");
    expect(profile.html).toContain(`Member since ${new Date().toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" })}`);
    expect(profile.html).toContain("Gloves at night: yes or no?");
    expect(profile.html).toContain(`href="/forum/${own}"`);
    expect(profile.html).toContain("A rubber grip mat helps me most mornings.");
    expect(profile.html).not.toContain("This one was hidden by a moderator.");
    expect(profile.html).toContain("1 question");
    expect(profile.html).toContain("1 answer");
    expect(profile.html).toContain('content="noindex, nofollow"');
    // Nothing private: not her email, not her account's id.
    expect(profile.html).not.toContain(bea.email);
    expect(profile.html).not.toContain(bea.id);

    const off = await turn(bea.cookie, false);
    expect(off.status).toBe(200);
    expect((await text(`/members/${handle}`)).status).toBe(404);
    expect(profileLinks((await text(`/forum/${theirs}`)).html)).toEqual([]);
    expect(profileLinks((await text("/forum")).html)).not.toContain(handle);
    // On again: the same address as before.
    await turn(bea.cookie, true);
    expect(await handleOf(bea.id)).toBe(handle);
    expect((await text(`/members/${handle}`)).status).toBe(200);
  });

  it("'Anonymous' never links, even with the profile switched on in the database", async () => {
    const dee = await member("Dee Later");
    await turn(dee.cookie, true);
    const question = await ask(dee.cookie, "Anonymous questions and links");
    await app.runtime.db.update(profiles).set({ displayName: null }).where(eq(profiles.id, dee.id));
    const handle = await handleOf(dee.id);
    const page = await text(`/forum/${question}`);
    expect(page.html).toContain("Anonymous");
    expect(profileLinks(page.html)).toEqual([]);
    expect((await text(`/members/${handle}`)).status).toBe(404);
  });

  it("links from a story's byline, and unknown or malformed handles are not found", async () => {
    const eve = await member("Eve Writer");
    await turn(eve.cookie, true);
    const story = await createPost(app.runtime, {
      title: "Back to the garden",
      slug: "",
      excerpt: "",
      content: "A short story.",
      authorId: eve.id,
      published: true,
    });
    const handle = await handleOf(eve.id);
    expect((await text(`/article/${story.slug}`)).html).toContain(`href="/members/${handle}"`);
    for (const path of ["/members/abcdefghjk", "/members/NOT-A-HANDLE", `/members/${eve.id}`, `/members/${handle}?page=2`]) {
      expect((await text(path)).status, path).toBe(404);
    }
  });
});
