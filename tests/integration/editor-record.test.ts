// The moderators' record also keeps editors' decisions on stories (published, taken back,
// returned with a note, declined) and a moderator moving someone's question to another topic,
// each through the form a browser sends, each line written with the action itself.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, forumQuestions, forumTopics, moderatorActions } from "../../db/schema";
import { listActions } from "~/server/members/moderator-record.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
}, 240_000);
afterAll(() => app?.close());

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const lineOf = (e: { action: string; actorName: string; targetType: string | null; targetId: number | null; detail: string | null }) => [
  e.action,
  e.actorName,
  e.targetType,
  e.targetId,
  e.detail,
];

async function shareStory(cookie: string, title: string) {
  expect((await app.postForm("/blog", cookie, { title, content: `${title}: what I learned this year.` })).status).toBe(302);
  const [row] = await app.runtime.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, title));
  return row.id;
}

describe("an editor's decisions on stories", () => {
  it("publishing, taking back, returning and declining each add their line, naming the story and its author", async () => {
    const editor = await app.member({ role: "admin", displayName: "Eda" });
    const author = await app.member({ displayName: "Tomas" });
    const out = await shareStory(author.cookie, "Walking again after a flare");
    const back = await shareStory(author.cookie, "Jar openers I like");
    const gone = await shareStory(author.cookie, "Buy my cream");

    expect((await app.postForm(`/admin/posts/${out}`, editor.cookie, { intent: "publish" })).status).toBe(302);
    expect((await app.postForm(`/admin/posts/${out}`, editor.cookie, { intent: "unpublish" })).status).toBe(302);
    expect((await app.postForm(`/admin/posts/${back}`, editor.cookie, { intent: "return", note: "Please add which opener helps most." })).status).toBe(302);
    expect((await app.postForm(`/admin/posts/${gone}`, editor.cookie, { intent: "delete" })).status).toBe(302);

    const { entries } = await listActions(app.runtime.db, { memberId: author.id });
    expect(entries.map(lineOf)).toEqual([
      ["decline-story", "Eda", "story", gone, "Buy my cream"],
      ["return-story", "Eda", "story", back, "Jar openers I like"],
      ["unpublish-story", "Eda", "story", out, "Walking again after a flare"],
      ["publish-story", "Eda", "story", out, "Walking again after a flare"],
    ]);
    expect(entries.every((e) => e.memberName === "Tomas")).toBe(true);
    // The note stays on the story: the record says a note was sent, never what it said.
    expect(JSON.stringify(entries)).not.toContain("which opener");

    // On /admin/actions: in words, a story still there links to the editor's page, a declined one is named.
    const page = await text(await app.fetch("/admin/actions", { headers: { Cookie: editor.cookie } }));
    expect(page).toMatch(new RegExp(`Eda</span> published <a [^>]*href="/admin/posts/${out}"[^>]*>“Walking again after a flare”</a> by <a[^>]*>Tomas</a>`));
    expect(page).toMatch(new RegExp(`Eda</span> unpublished <a [^>]*href="/admin/posts/${out}"`));
    expect(page).toMatch(
      new RegExp(`Eda</span> returned <a [^>]*href="/admin/posts/${back}"[^>]*>“Jar openers I like”</a> by <a[^>]*>Tomas</a> to its author with a note`),
    );
    expect(page).toContain("Eda</span> declined and deleted “Buy my cream” by");
  });

  it("a decision that changes nothing adds no line", async () => {
    const editor = await app.member({ role: "admin" });
    const author = await app.member();
    const story = await shareStory(author.cookie, "Mornings, slowly");
    // Unpublishing what is not out, or returning a published story, is no decision.
    expect((await app.postForm(`/admin/posts/${story}`, editor.cookie, { intent: "unpublish" })).status).toBe(302);
    expect((await app.postForm(`/admin/posts/${story}`, editor.cookie, { intent: "publish" })).status).toBe(302);
    expect((await app.postForm(`/admin/posts/${story}`, editor.cookie, { intent: "publish" })).status).toBe(302);
    expect((await app.postForm(`/admin/posts/${story}`, editor.cookie, { intent: "return", note: "Too late for that." })).status).toBe(409);
    const { entries } = await listActions(app.runtime.db, { memberId: author.id });
    expect(entries.map((e) => e.action)).toEqual(["publish-story"]);
  });
});

describe("a moderator moving a question to another topic", () => {
  const topicId = async (name: string) => (await app.runtime.db.select({ id: forumTopics.id }).from(forumTopics).where(eq(forumTopics.name, name)))[0].id;
  const linesAbout = async (questionId: number) =>
    app.runtime.db
      .select({ action: moderatorActions.action })
      .from(moderatorActions)
      .where(and(eq(moderatorActions.targetType, "question"), eq(moderatorActions.targetId, questionId)));

  it("is recorded with from which topic to which; the asker refiling their own question is not", async () => {
    const moderator = await app.member({ role: "moderator", displayName: "Mira" });
    const asker = await app.member({ displayName: "Paulo" });
    const question = await app.ask(asker.cookie, "Which shoes help your feet?");
    const diet = await topicId("Diet");
    const work = await topicId("Work and daily life");

    // The asker files it: theirs to do, no line.
    expect((await app.postForm(`/forum/${question}`, asker.cookie, { intent: "set-topic", topic: String(diet) })).status).toBe(302);
    expect(await linesAbout(question)).toEqual([]);
    // An unknown topic changes nothing and records nothing.
    expect((await app.postForm(`/forum/${question}`, moderator.cookie, { intent: "set-topic", topic: "999999" })).status).toBe(400);
    expect(await linesAbout(question)).toEqual([]);
    // The moderator moves it, then takes it out of any topic.
    expect((await app.postForm(`/forum/${question}`, moderator.cookie, { intent: "set-topic", topic: String(work) })).status).toBe(302);
    expect((await app.postForm(`/forum/${question}`, moderator.cookie, { intent: "set-topic", topic: "" })).status).toBe(302);
    const [row] = await app.runtime.db.select({ topicId: forumQuestions.topicId }).from(forumQuestions).where(eq(forumQuestions.id, question));
    expect(row.topicId).toBeNull();

    const { entries } = await listActions(app.runtime.db, { memberId: asker.id });
    expect(entries.map(lineOf)).toEqual([
      ["move-topic", "Mira", "question", question, "Work and daily life → no topic"],
      ["move-topic", "Mira", "question", question, "Diet → Work and daily life"],
    ]);
    const page = await text(await app.fetch("/admin/actions", { headers: { Cookie: moderator.cookie } }));
    expect(page).toMatch(
      new RegExp(`Mira</span> moved <a [^>]*href="/forum/${question}"[^>]*>a question</a> by <a[^>]*>Paulo</a> \\(Diet → Work and daily life\\)`),
    );
  });
});
