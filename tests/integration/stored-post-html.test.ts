// Over real HTTP: posts are rendered when they are saved and pages show the HTML stored then (a
// page never renders Markdown per request); a newer renderer re-renders stored rows once; and
// previews, the one render on request, are limited per member.
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshStoredHtml } from "~/server/infra/stored-html.server";
import { blogPosts, forumAnswers, forumQuestions } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp();
  await app.build();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const page = async (path: string, cookie = "") => (await app.fetch(path, { headers: cookie ? { Cookie: cookie } : {} })).text();

async function shareStory(cookie: string, title: string, content: string) {
  const res = await app.postForm("/blog", cookie, { title, content });
  expect(res.status).toBe(302);
  const [row] = await app.runtime.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, title)).orderBy(desc(blogPosts.id)).limit(1);
  return row.id;
}

describe("stored post HTML", () => {
  it("a story under review shows the HTML stored when it was saved, and saving again stores it anew", async () => {
    const member = await app.member();
    const id = await shareStory(member.cookie, "Mornings with stiff hands", "Warm water **first thing** helps.");
    expect(await page(`/account/stories/${id}`, member.cookie)).toContain("<strong>first thing</strong>");

    // What the page shows is the stored HTML, not a new rendering of the text.
    await app.runtime.db.update(blogPosts).set({ contentHtml: "<p>as stored at save time</p>" }).where(eq(blogPosts.id, id));
    expect(await page(`/account/stories/${id}`, member.cookie)).toContain("as stored at save time");

    const saved = await app.postForm(`/account/stories/${id}`, member.cookie, {
      intent: "save",
      title: "Mornings with stiff hands",
      content: "Now *gloves* at night.",
    });
    expect(saved.status).toBeLessThan(400);
    const after = await page(`/account/stories/${id}`, member.cookie);
    expect(after).toContain("<em>gloves</em>");
    expect(after).not.toContain("as stored at save time");
  });

  it("a question page shows the question's and answers' stored HTML", async () => {
    const asker = await app.member();
    const questionId = await app.ask(asker.cookie, "Heat or ice for swollen knuckles");
    const answerId = await app.answer(asker.cookie, questionId, "Ice for **hot** joints.");
    const stored = await app.runtime.db.select({ html: forumAnswers.contentHtml }).from(forumAnswers).where(eq(forumAnswers.id, answerId));
    expect(stored[0].html).toContain("<strong>hot</strong>");
    await app.runtime.db.update(forumQuestions).set({ contentHtml: "<p>question as stored</p>" }).where(eq(forumQuestions.id, questionId));
    await app.runtime.db.update(forumAnswers).set({ contentHtml: "<p>answer as stored</p>" }).where(eq(forumAnswers.id, answerId));
    await app.runtime.changes.record([`question:${questionId}`]);
    const html = await page(`/forum/${questionId}`);
    expect(html).toContain("question as stored");
    expect(html).toContain("answer as stored");
  });

  it("rows stored by an older renderer are rendered again once, then served from storage", async () => {
    const member = await app.member();
    const id = await shareStory(member.cookie, "Pacing the week", "Rest on *Wednesdays*.");
    const other = await shareStory(member.cookie, "Warm mornings", "A **warm** shower first.");
    await app.runtime.db.execute(sql`update blog_posts set content_html = '<p>old renderer</p>', html_version = 0 where id in (${id}, ${other})`);
    expect(await refreshStoredHtml(app.runtime.db)).toBeGreaterThanOrEqual(2);
    // Rendered in one batch, each row gets its own HTML back.
    expect(await page(`/account/stories/${id}`, member.cookie)).toContain("<em>Wednesdays</em>");
    expect(await page(`/account/stories/${other}`, member.cookie)).toContain("<strong>warm</strong>");
    expect(await refreshStoredHtml(app.runtime.db)).toBe(0);
  });
});

describe("previews", () => {
  it("are limited per member: past the budget a preview is refused with a clear message and nothing renders", async () => {
    const member = await app.member();
    const id = await shareStory(member.cookie, "A long story", "Some words.");
    const heavy = "_a_ ".repeat(12_497);
    const preview = () => app.postForm(`/account/stories/${id}`, member.cookie, { intent: "preview", title: "A long story", content: heavy });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await preview()).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const refused = await (await preview()).text();
    expect(refused).toContain("You have asked for many previews in a short time.");
    // Another member's previews are not held up by it.
    const other = await app.member();
    const otherId = await shareStory(other.cookie, "Another story", "Words.");
    expect((await app.postForm(`/account/stories/${otherId}`, other.cookie, { intent: "preview", title: "Another story", content: "Hi" })).status).toBe(200);
  });
});
