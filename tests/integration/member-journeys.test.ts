// What members trip over, checked over real HTTP: where saving lands them, the confirmation mail
// coming back to where they were going, a second Helpful press, a story taken off the blog, the
// similar questions, a misspelt search, and forms sent while the database is away.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishPost } from "~/server/blog/story-decisions.server";
import { setPublished } from "~/server/blog/posts.server";
import { indexGuides } from "~/server/guides/guide-pages.server";
import { searchSite } from "~/server/site/search.server";
import { blogPosts, forumQuestions, helpfulMarks } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
});
afterAll(() => app?.close());

const html = async (path: string, cookie = "") => (await app.fetch(path, { headers: { Cookie: cookie } })).text();

describe("where saving lands a member", () => {
  it("a shared story lands on its own line among the member's stories", async () => {
    const author = await app.member({ displayName: "Ada Writer" });
    const res = await app.postForm("/blog", author.cookie, { title: "Gloves that help", content: "Thin cotton gloves at night." });
    expect(res.status).toBe(302);
    const [story] = await app.runtime.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, "Gloves that help"));
    expect(res.headers.get("Location")).toBe(`/account#story-${story.id}`);
    expect(await html("/account", author.cookie)).toMatch(new RegExp(`id="story-${story.id}"[\\s\\S]*?Waiting for review`));
  });

  it("a story an editor took off the blog says Unpublished, and its 'was published' notice leads to the story", async () => {
    const author = await app.member({ displayName: "Ida Writer" });
    const editor = await app.member({ role: "admin" });
    expect((await app.postForm("/blog", author.cookie, { title: "Heat packs at night", content: "A wheat bag warms my wrists." })).status).toBe(302);
    const [story] = await app.runtime.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, "Heat packs at night"));
    await publishPost(app.runtime, story.id, editor.id);
    await setPublished(app.runtime, story.id, false);
    const account = await html("/account", author.cookie);
    expect(account).toMatch(new RegExp(`id="story-${story.id}"[\\s\\S]*?>Unpublished<`));
    // Its "was published" notice says so and leads to the story itself, not to a missing article.
    const notices = await html("/notifications", author.cookie);
    expect(notices).toContain("It has since been unpublished.");
    expect(notices).toContain("Read your story on your account");
    const id = /href="\/notifications\/(\d+)"/.exec(notices)![1];
    const open = await app.fetch(`/notifications/${id}`, { headers: { Cookie: author.cookie } });
    expect(open.headers.get("Location")).toBe(`/account/stories/${story.id}`);
  });

  it("a story by a member without a display name is by 'A member'; /blog links every guide", async () => {
    const blog = await html("/blog");
    for (const slug of [
      "capsiva-rheumatoid-arthritis-pain-relief",
      "comprehensive-arthritis-guide",
      "comprehensive-rheumatoid-arthritis-guide",
      "complete-arthritis-relief-guide",
      "seronegative-rheumatoid-arthritis-guide",
    ]) {
      expect(blog, slug).toContain(`href="/blog/${slug}"`);
    }
    const nameless = await app.member();
    await app.runtime.db.insert(blogPosts).values({ title: "Quiet story", slug: "quiet-story", content: "Text.", authorId: nameless.id, published: true });
    expect(await html("/article/quiet-story")).toContain("A member");
  });
});

describe("Helpful", () => {
  it("a press sent twice (a double tap) marks the answer once and keeps it marked", async () => {
    const asker = await app.member({ displayName: "Asker" });
    const helper = await app.member({ displayName: "Helper" });
    const reader = await app.member({ displayName: "Reader" });
    const q = await app.ask(asker.cookie, "Warm water in the morning");
    const a = await app.answer(helper.cookie, q, "A bowl of warm water for five minutes.");
    for (let i = 0; i < 2; i++) {
      const res = await app.postForm(`/forum/${q}`, reader.cookie, { intent: "helpful", answerId: String(a), want: "on" });
      expect(res.status).toBe(302);
    }
    const marks = await app.runtime.db.select().from(helpfulMarks).where(eq(helpfulMarks.answerId, a));
    expect(marks).toHaveLength(1);
  });
});

describe("similar questions", () => {
  it("finds visible questions sharing the title's words, never hidden ones, for members only; without scripts a first submit shows them", async () => {
    const asker = await app.member({ displayName: "Jo" });
    const shown = await app.ask(asker.cookie, "Tips for opening jars?");
    const hidden = await app.ask(asker.cookie, "Opening jars with a towel");
    await app.runtime.db.update(forumQuestions).set({ hiddenAt: new Date() }).where(eq(forumQuestions.id, hidden));
    const res = await app.fetch(`/forum/similar?title=${encodeURIComponent("Jar openers for opening jars")}`, { headers: { Cookie: asker.cookie } });
    expect(res.status).toBe(200);
    const { questions } = (await res.json()) as { questions: { id: number; title: string }[] };
    expect(questions.map((x) => x.id)).toContain(shown);
    expect(questions.map((x) => x.id)).not.toContain(hidden);
    expect(questions.length).toBeLessThanOrEqual(5);
    expect((await app.fetch("/forum/similar?title=opening+jars")).status).toBe(401);

    const typed = { title: "Jar openers that work", content: "Which jar opener do you use?", checkSimilar: "1" };
    const first = await app.postForm("/forum", asker.cookie, typed);
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(page).toContain("Similar questions already asked");
    expect(page).toContain("Tips for opening jars?");
    expect(page).toContain("Which jar opener do you use?");
    const second = await app.postForm("/forum", asker.cookie, { ...typed, similarSeen: typed.title });
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toMatch(/^\/forum\/\d+$/);
    // With scripts (a submission for the page's data) the list showed while typing: it posts at once.
    const scripted = { ...typed, title: "Jar openers, asked with scripts" };
    await app.postForm("/forum.data", asker.cookie, scripted);
    const [posted] = await app.runtime.db.select({ id: forumQuestions.id }).from(forumQuestions).where(eq(forumQuestions.title, scripted.title));
    expect(posted, "posted from the script's submission").toBeTruthy();
  });
});

describe("search", () => {
  it("a misspelt word is searched as the guides spell it, and says so", async () => {
    await indexGuides(app.runtime.db);
    const outcome = await searchSite(app.runtime.db, "stifness morning");
    expect(outcome.status).toBe("results");
    if (outcome.status !== "results") return;
    expect(outcome.query).toBe("stiffness morning");
    expect(outcome.typed).toBe("stifness morning");
    expect(await html(`/search?q=${encodeURIComponent("stifness morning")}`)).toContain("Did you mean “stiffness morning”?");
  });
});

describe("sign-up from a page that asked for it", () => {
  it("mails a confirmation link that comes back to that page", async () => {
    const mailing = await startHttpApp({ RATE_LIMITS: "false", REQUIRE_EMAIL_VERIFICATION: "true" });
    try {
      const email = `forum-${Date.now()}@example.com`;
      const res = await mailing.postForm("/auth", "", { intent: "signup", ageConfirmed: "yes", email, password: "a-long-password-1", redirectTo: "/forum" });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body, body.slice(body.indexOf("<main"), body.indexOf("<main") + 1500)).toContain("We have sent you an email");
      await mailing.runtime.mailOutbox.drain();
      await expect.poll(() => mailing.runtime.sent.find((m) => String(m.to).includes(email))?.text ?? "").toMatch(/callbackURL=%2Fforum/);
    } finally {
      await mailing.close();
    }
  });
});

/** Every statement fails as an unreachable database's would, until the returned function is called. */
function cutDatabase() {
  const down = () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
  const { pglite, pool } = app.runtime.database;
  const target = (pglite ?? pool) as unknown as Record<string, unknown>;
  const names = pglite ? ["query", "exec", "transaction"] : ["query", "connect"];
  const saved = names.map((name) => [name, target[name]] as const);
  for (const name of names) target[name] = down;
  return () => {
    for (const [name, fn] of saved) target[name] = fn;
  };
}

describe("with the database away", () => {
  it("posting a question answers 503 with the form as typed and 'Failed to post your question'", async () => {
    const member = await app.member({ displayName: "Sam" });
    // A page a moment before: the instance knows who the member is.
    await html("/forum", member.cookie);
    const restore = cutDatabase();
    try {
      const res = await app.postForm("/forum", member.cookie, { title: "Cold hands at night", content: "Do heated gloves help you sleep?" });
      expect(res.status).toBe(503);
      const page = await res.text();
      expect(page).toContain("Failed to post your question");
      expect(page).toContain("Cold hands at night");
      expect(page).toContain("Do heated gloves help you sleep?");
      expect(page).not.toContain("Something went wrong");
    } finally {
      restore();
    }
  });

  it("signing out answers 503 with 'Failed to sign out' and says the member is still signed in", async () => {
    const member = await app.member({ displayName: "Kim" });
    const restore = cutDatabase();
    try {
      const out = await app.postForm("/auth/sign-out", member.cookie, {});
      expect(out.status).toBe(503);
      const said = await out.text();
      expect(said).toContain("Failed to sign out");
      expect(said).toContain("you are still signed in");
      expect(said).toMatch(/temporarily unavailable/i);
      expect(out.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(false);
    } finally {
      restore();
    }
  });
});
