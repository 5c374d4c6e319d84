// The admin landing page says what waits for someone, read from the data on each visit: open
// reports (for moderators and admins) and members' stories to review (for admins), over HTTP.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
}, 60_000);
afterAll(() => app.close());

/** The text of the link to `href` on /admin, as a screen reader names it; null when absent. */
async function linkText(cookie: string, href: string) {
  const res = await app.fetch("/admin", { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const match = new RegExp(`<a[^>]*href="${href}"[^>]*>([\\s\\S]*?)</a>`).exec(html);
  return match
    ? match[1]
        .replace(/<[^>]+>/g, "")
        .replace(/<!-- -->/g, "")
        .replace(/\s+/g, " ")
        .trim()
    : null;
}

describe("the admin landing page's counts", () => {
  it("follow real reports and submitted stories, and go when they are dealt with", async () => {
    const admin = await app.member({ role: "admin" });
    const moderator = await app.member({ role: "moderator" });
    const asker = await app.member();
    const reporter = await app.member();

    expect(await linkText(admin.cookie, "/admin/reports")).toBe("Reports (0 reports waiting)");
    expect(await linkText(admin.cookie, "/admin/posts")).toBe("Blog posts and stories (0 stories to review)");

    // Two questions reported (one twice, by two members: two reports to read).
    const q1 = await app.ask(asker.cookie, "Does cold water help swollen knuckles?");
    const q2 = await app.ask(asker.cookie, "Best shoes for sore feet?");
    for (const [who, q] of [
      [reporter, q1],
      [moderator, q1],
      [reporter, q2],
    ] as const) {
      const res = await app.postForm(`/forum/${q}`, who.cookie, {
        intent: "report",
        targetType: "question",
        targetId: String(q),
        reason: "Looks like an advert.",
      });
      expect(res.status).toBe(302);
    }
    expect(await linkText(admin.cookie, "/admin/reports")).toBe("Reports 3 reports waiting");
    // A moderator sees the reports, not the editors' section.
    expect(await linkText(moderator.cookie, "/admin/reports")).toBe("Reports 3 reports waiting");
    expect(await linkText(moderator.cookie, "/admin/posts")).toBeNull();

    // A member shares a story; an editor's own draft is not a story to review.
    expect((await app.postForm("/blog", asker.cookie, { title: "My first year with RA", content: "It began in my hands, one winter." })).status).toBe(302);
    expect((await app.postForm("/admin/posts", admin.cookie, { intent: "save", title: "Editor's draft", content: "Not ready yet." })).status).toBe(302);
    expect(await linkText(admin.cookie, "/admin/posts")).toBe("Blog posts and stories 1 story to review");

    // Hiding the question resolves its two reports; publishing the story takes it off the count.
    expect((await app.postForm("/admin/reports", moderator.cookie, { intent: "hide", targetType: "question", targetId: String(q1) })).status).toBe(302);
    expect(await linkText(admin.cookie, "/admin/reports")).toBe("Reports 1 report waiting");
    const [story] = await app.runtime.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.title, "My first year with RA"))
      .orderBy(desc(blogPosts.id))
      .limit(1);
    expect((await app.postForm(`/admin/posts/${story.id}`, admin.cookie, { intent: "publish" })).status).toBe(302);
    expect(await linkText(admin.cookie, "/admin/posts")).toBe("Blog posts and stories (0 stories to review)");

    // A story returned to its author with a note waits for the author, not for the editors.
    expect((await app.postForm("/blog", asker.cookie, { title: "Mornings with stiff hands", content: "Warm water first." })).status).toBe(302);
    expect(await linkText(admin.cookie, "/admin/posts")).toBe("Blog posts and stories 1 story to review");
    const [second] = await app.runtime.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, "Mornings with stiff hands")).limit(1);
    expect((await app.postForm(`/admin/posts/${second.id}`, admin.cookie, { intent: "return", note: "Could you add how long it took?" })).status).toBe(302);
    expect(await linkText(admin.cookie, "/admin/posts")).toBe("Blog posts and stories (0 stories to review)");
  }, 60_000);
});
