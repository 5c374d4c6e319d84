import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, forumAnswers, forumQuestions } from "../../db/schema";
import * as adminPostsRoute from "~/routes/admin/admin-posts";
import * as editRoute from "~/routes/admin/admin-post-edit";
import * as articleRoute from "~/routes/blog/article";
import * as blogRoute from "~/routes/blog/blog";
import * as homeRoute from "~/routes/site/home";
import { listPublished } from "~/server/blog/posts.server";
import { getStats } from "~/server/site/stats.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

const HOUR = 3600_000;
const at = (h: number) => new Date(Date.now() - h * HOUR);

type HomeData = {
  stats: { members: number; questions: number; articles: number };
  activity: { type: string; title: string; preview: string; author: string }[];
  signedIn: boolean;
};

describe("home", () => {
  it("an empty site has no activity (the 'Community is Growing' state) and zero counters", async () => {
    const fresh = await createTestRuntime();
    try {
      const res = await callRoute(homeRoute.loader, getRequest("/"), contextFor(fresh));
      const d = res.data as HomeData;
      expect(d.activity).toEqual([]);
      expect(d.stats).toEqual({ members: 0, questions: 0, articles: 0 });
      expect(d.signedIn).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it("merges the latest 3 published posts and 3 questions newest first, with 100-character previews and author fallbacks", async () => {
    const fresh = await createTestRuntime();
    try {
      const named = await createMember(fresh, { displayName: "Ana" });
      const nameless = await createMember(fresh);
      for (let i = 0; i < 5; i++) {
        await fresh.db.insert(blogPosts).values({
          title: `Post ${i}`,
          slug: `post-${i}`,
          content: `${"p".repeat(150)}${i}`,
          published: true,
          authorId: nameless.id,
          createdAt: at(10 - i * 2),
        });
      }
      await fresh.db.insert(blogPosts).values({ title: "Draft", slug: "draft", content: "d", published: false, authorId: named.id, createdAt: at(0) });
      const asked = [];
      for (let i = 0; i < 4; i++) {
        const [q] = await fresh.db
          .insert(forumQuestions)
          .values({ title: `Question ${i}`, content: "short", authorId: named.id, createdAt: at(9 - i * 2) })
          .returning();
        asked.push(q);
      }
      // "Questions Answered" counts questions with a visible answer: two here, as the third's
      // only answer is hidden and the fourth has none.
      await fresh.db.insert(forumAnswers).values([
        { questionId: asked[0].id, content: "a", authorId: named.id },
        { questionId: asked[1].id, content: "b", authorId: named.id },
        { questionId: asked[1].id, content: "c", authorId: named.id },
        { questionId: asked[2].id, content: "d", authorId: named.id, hiddenAt: new Date() },
      ]);
      const res = await callRoute(homeRoute.loader, getRequest("/"), contextFor(fresh, named));
      const d = res.data as HomeData;
      expect(d.activity.map((a) => a.title)).toEqual(["Post 4", "Question 3", "Post 3", "Question 2", "Post 2", "Question 1"]);
      const post = d.activity[0];
      expect(post.type).toBe("post");
      expect(post.preview).toBe(`${"p".repeat(100)}...`);
      expect(post.author).toBe("Anonymous");
      expect(d.activity[1].author).toBe("Ana");
      expect(d.stats).toEqual({ members: 2, questions: 2, articles: 5 });
      expect(d.signedIn).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it("shows a new question to the next visitor at once (counters included)", async () => {
    const m = await createMember(rt);
    const before = await getStats(rt);
    await callRoute((await import("~/routes/forum/forum")).action, formRequest("/forum", { title: "Fresh one", content: "c" }), contextFor(rt, m));
    const after = await getStats(rt);
    expect(after.questions).toBe(before.questions + 1);
    const res = await callRoute(homeRoute.loader, getRequest("/"), contextFor(rt));
    expect((res.data as HomeData).activity.some((a) => a.title === "Fresh one")).toBe(true);
  });
});

describe("blog list and articles", () => {
  it("lists the five featured guides with their badges and only published stories, with fallbacks", async () => {
    const fresh = await createTestRuntime();
    try {
      const m = await createMember(fresh);
      await fresh.db.insert(blogPosts).values([
        { title: "With excerpt", slug: "with-excerpt", content: "c", excerpt: "An excerpt", published: true, authorId: m.id, createdAt: at(2) },
        { title: "No excerpt", slug: "no-excerpt", content: "x".repeat(200), published: true, authorId: m.id, createdAt: at(1) },
        { title: "Hidden draft", slug: "hidden-draft", content: "c", published: false, authorId: m.id },
      ]);
      const res = await callRoute(blogRoute.loader, getRequest("/blog"), contextFor(fresh));
      const d = res.data as { featured: { badge: string; slug: string }[]; stories: { title: string; excerpt: string; author: string }[] };
      expect(d.featured.map((f) => f.badge)).toEqual(["Featured", "Expert Guide", "Essential", "FAQ", "Product Guide"]);
      expect(d.featured.map((f) => f.slug)).toEqual([
        "comprehensive-rheumatoid-arthritis-resource",
        "capsaicin-arthritis-guide",
        "early-arthritis-detection-guide",
        "rheumatoid-arthritis-pain-relief-faq",
        "arthritis-hand-cream-guide",
      ]);
      expect(d.stories.map((s) => s.title)).toEqual(["No excerpt", "With excerpt"]);
      expect(d.stories[0].excerpt).toBe(`${"x".repeat(150)}...`);
      expect(d.stories[1].excerpt).toBe("An excerpt");
      expect(d.stories[0].author).toBe("A member");
    } finally {
      await fresh.close();
    }
  });

  it("paginates the published posts 20 a page", async () => {
    const fresh = await createTestRuntime();
    try {
      for (let i = 0; i < 23; i++)
        await fresh.db.insert(blogPosts).values({ title: `P${i}`, slug: `p-${i}`, content: "c", published: true, createdAt: at(100 - i) });
      const p1 = await listPublished(fresh.db, { page: 1 });
      const p2 = await listPublished(fresh.db, { page: 2 });
      expect(p1.posts).toHaveLength(20);
      expect(p1.posts[0].title).toBe("P22");
      expect(p2.posts.map((p) => p.title)).toEqual(["P2", "P1", "P0"]);
    } finally {
      await fresh.close();
    }
  });

  it("shows a published article with its head data, and 404s for drafts, unknown and malformed slugs", async () => {
    await rt.db.insert(blogPosts).values([
      { title: "Readable", slug: "readable", content: "First line.\n\n\nSecond line.\n", published: true, publishedAt: at(3), createdAt: at(3) },
      { title: "Secret draft", slug: "secret-draft", content: "c", published: false },
    ]);
    const ok = await callRoute(articleRoute.loader, getRequest("/article/readable"), contextFor(rt), { slug: "readable" });
    const post = (ok.data as { post: { title: string; author: string; contentHtml: string } }).post;
    expect(post.author).toBe("A member");
    // A blank line (or several) starts a paragraph, as it always did for plain-text posts.
    expect(post.contentHtml).toBe("<p>First line.</p>\n<p>Second line.</p>\n");
    const tags = articleRoute.meta({ loaderData: ok.data, matches: [], location: {} } as never) as Record<string, unknown>[];
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual({ property: "article:author", content: "A member" });
    expect(tags).toContainEqual({ name: "description", content: "First line. Second line." });
    expect(tags.some((t) => "article:published_time" === t.property)).toBe(true);

    for (const slug of ["secret-draft", "no-such-post", "../etc/passwd", "émoji-😀"]) {
      const res = await callRoute(articleRoute.loader, getRequest(`/article/${encodeURIComponent(slug)}`), contextFor(rt), { slug });
      expect(res.status, slug).toBe(404);
    }
  });

  it("answers 503 'Failed to load article' when the database fails", async () => {
    const broken = await createTestRuntime();
    await broken.close();
    const res = await callRoute(articleRoute.loader, getRequest("/article/readable"), contextFor(broken), { slug: "readable" });
    expect(res.status).toBe(503);
    expect(res.data).toEqual({ message: "Failed to load article" });
  });
});

describe("publishing", () => {
  it("a member's story waits for review; an editor publishes it; unpublishing makes it a 404", async () => {
    const member = await createMember(rt, { displayName: "Storyteller" });
    const editor = await createMember(rt, { role: "admin" });
    const sent = await callRoute(
      blogRoute.action,
      formRequest("/blog", { title: "My hands in winter", content: "Paragraph one.\nParagraph two." }),
      contextFor(rt, member),
    );
    expect(sent.status).toBe(302);
    const [story] = await rt.db.select().from(blogPosts).where(eq(blogPosts.title, "My hands in winter"));
    expect(story.published).toBe(false);
    expect(story.slug).toBe("my-hands-in-winter");
    const hidden = await callRoute(articleRoute.loader, getRequest(`/article/${story.slug}`), contextFor(rt), { slug: story.slug });
    expect(hidden.status).toBe(404);

    // Members cannot publish.
    const refused = await callRoute(editRoute.action, formRequest(`/admin/posts/${story.id}`, { intent: "publish" }), contextFor(rt, member), {
      postId: String(story.id),
    });
    expect(refused.status).toBe(403);

    await callRoute(editRoute.action, formRequest(`/admin/posts/${story.id}`, { intent: "publish" }), contextFor(rt, editor), { postId: String(story.id) });
    const live = await callRoute(articleRoute.loader, getRequest(`/article/${story.slug}`), contextFor(rt), { slug: story.slug });
    expect((live.data as { post: { author: string } }).post.author).toBe("Storyteller");
    const home = await callRoute(homeRoute.loader, getRequest("/"), contextFor(rt));
    expect((home.data as HomeData).activity.some((a) => a.title === "My hands in winter")).toBe(true);

    await callRoute(editRoute.action, formRequest(`/admin/posts/${story.id}`, { intent: "unpublish" }), contextFor(rt, editor), { postId: String(story.id) });
    const gone = await callRoute(articleRoute.loader, getRequest(`/article/${story.slug}`), contextFor(rt), { slug: story.slug });
    expect(gone.status).toBe(404);
  });

  it("validates titles and slugs clearly and stores nothing half-way", async () => {
    const editor = await createMember(rt, { role: "admin" });
    const before = (await rt.db.select().from(blogPosts)).length;
    const long = await callRoute(
      adminPostsRoute.action,
      formRequest("/admin/posts", { title: "t".repeat(10_000), slug: "", content: "c" }),
      contextFor(rt, editor),
    );
    expect(long.status).toBe(400);
    expect((long.data as { errors: Record<string, string> }).errors.title).toBe("Title must be at most 200 characters");
    for (const slug of ["../etc", "emoji-😀", "UPPER", "a--b"]) {
      const bad = await callRoute(adminPostsRoute.action, formRequest("/admin/posts", { title: "Fine", slug, content: "c" }), contextFor(rt, editor));
      expect(bad.status, slug).toBe(400);
      expect((bad.data as { errors: Record<string, string> }).errors.slug).toMatch(/lowercase letters/);
    }
    const first = await callRoute(
      adminPostsRoute.action,
      formRequest("/admin/posts", { title: "Same slug", slug: "same-slug", content: "<script>alert(1)</script>" }),
      contextFor(rt, editor),
    );
    expect(first.status).toBe(302);
    const clash = await callRoute(
      adminPostsRoute.action,
      formRequest("/admin/posts", { title: "Other", slug: "same-slug", content: "c" }),
      contextFor(rt, editor),
    );
    expect((clash.data as { errors: Record<string, string> }).errors.slug).toBe("That slug is already used by another post");
    expect((await rt.db.select().from(blogPosts)).length).toBe(before + 1);
    const [stored] = await rt.db.select().from(blogPosts).where(eq(blogPosts.slug, "same-slug"));
    expect(stored.content).toBe("<script>alert(1)</script>");
    expect(stored.published).toBe(false);
  });
});
