// A member's own story while it waits for review (/account/stories/:postId): only its author may
// open, change or withdraw it, only while it is unpublished, and bad input changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import * as accountRoute from "~/routes/account/account";
import * as storyRoute from "~/routes/account/account-story";
import { createPost, setPublished } from "~/server/blog/posts.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

const row = async (id: number) => (await rt.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0];

async function pendingStory(authorId: string, title = "My first month with RA") {
  return createPost(rt, { title, content: "It started in my hands.", authorId, published: false });
}

describe("a member's story waiting for review", () => {
  it("is listed on the account page with a link to it, and opens for its author", async () => {
    const m = await createMember(rt);
    const story = await pendingStory(m.id);
    const account = await callRoute(accountRoute.loader, getRequest("/account"), contextFor(rt, m));
    expect((account.data as { stories: { id: number; published: boolean }[] }).stories).toContainEqual(
      expect.objectContaining({ id: story.id, published: false }),
    );
    const page = await callRoute(storyRoute.loader, getRequest(`/account/stories/${story.id}`), contextFor(rt, m), { postId: String(story.id) });
    expect(page.status).toBe(200);
    expect((page.data as { story: { title: string; content: string } }).story).toMatchObject({
      title: "My first month with RA",
      content: "It started in my hands.",
    });
  });

  it("is not found for anyone else, for a signed-out visitor it asks to sign in, and once published it is the editors'", async () => {
    const author = await createMember(rt);
    const other = await createMember(rt);
    const story = await pendingStory(author.id);
    const params = { postId: String(story.id) };
    const path = `/account/stories/${story.id}`;
    expect((await callRoute(storyRoute.loader, getRequest(path), contextFor(rt, other), params)).status).toBe(404);
    const signedOut = await callRoute(storyRoute.loader, getRequest(path), contextFor(rt), params);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    // Another member can neither change nor withdraw it.
    expect(
      (await callRoute(storyRoute.action, formRequest(path, { intent: "save", title: "Mine now", content: "x" }), contextFor(rt, other), params)).status,
    ).toBe(409);
    expect((await callRoute(storyRoute.action, formRequest(path, { intent: "withdraw" }), contextFor(rt, other), params)).status).toBe(409);
    expect(await row(story.id)).toMatchObject({ title: "My first month with RA", authorId: author.id });
    await setPublished(rt, story.id, true);
    expect((await callRoute(storyRoute.loader, getRequest(path), contextFor(rt, author), params)).status).toBe(404);
    for (const id of ["0", "abc", "99999999999", "-1"]) {
      expect((await callRoute(storyRoute.loader, getRequest(`/account/stories/${id}`), contextFor(rt, author), { postId: id })).status).toBe(404);
    }
  });

  it("saves the author's changes, and refuses empty or too long text with a message, changing nothing", async () => {
    const m = await createMember(rt);
    const story = await pendingStory(m.id);
    const path = `/account/stories/${story.id}`;
    const params = { postId: String(story.id) };
    const empty = await callRoute(storyRoute.action, formRequest(path, { intent: "save", title: "   ", content: "Still here." }), contextFor(rt, m), params);
    expect(empty.status).toBe(400);
    expect((empty.data as { errors: Record<string, string> }).errors.title).toBe("Title is required");
    // What the member typed comes back to the form.
    expect((empty.data as { values: { content: string } }).values.content).toBe("Still here.");
    const long = await callRoute(
      storyRoute.action,
      formRequest(path, { intent: "save", title: "Fine", content: "x".repeat(60_001) }),
      contextFor(rt, m),
      params,
    );
    expect(long.status).toBe(400);
    expect((long.data as { errors: Record<string, string> }).errors.content).toMatch(/^Your story must be at most/);
    expect(await row(story.id)).toMatchObject({ title: "My first month with RA", content: "It started in my hands." });

    const saved = await callRoute(
      storyRoute.action,
      formRequest(path, { intent: "save", title: "Three months on", content: "Better mornings now." }),
      contextFor(rt, m),
      params,
    );
    expect(saved.status).toBe(302);
    // Back to the story's own line among the member's stories, not the top of the page.
    expect(saved.headers.get("Location")).toBe(`/account#story-${story.id}`);
    expect(await row(story.id)).toMatchObject({ title: "Three months on", content: "Better mornings now.", published: false, slug: "three-months-on" });
  });

  it("shows the story rendered, and previews a change without saving it; a bad change gets a message", async () => {
    const m = await createMember(rt);
    const story = await createPost(rt, { title: "Small wins", content: "**Warm** water.\n\n- gloves", authorId: m.id, published: false });
    const path = `/account/stories/${story.id}`;
    const params = { postId: String(story.id) };
    const page = await callRoute(storyRoute.loader, getRequest(path), contextFor(rt, m), params);
    expect((page.data as { story: { content: string; contentHtml: string } }).story).toMatchObject({
      content: "**Warm** water.\n\n- gloves",
      contentHtml: "<p><strong>Warm</strong> water.</p>\n<ul>\n<li>gloves</li>\n</ul>\n",
    });
    const preview = await callRoute(
      storyRoute.action,
      formRequest(path, { intent: "preview", title: "Small wins", content: "*Cold* water." }),
      contextFor(rt, m),
      params,
    );
    expect(preview.status).toBe(200);
    expect((preview.data as { preview: { html: string }; values: { content: string } }).preview.html).toBe("<p><em>Cold</em> water.</p>\n");
    expect((preview.data as { values: { content: string } }).values.content).toBe("*Cold* water.");
    const empty = await callRoute(storyRoute.action, formRequest(path, { intent: "preview", title: "Small wins", content: "  " }), contextFor(rt, m), params);
    expect(empty.status).toBe(400);
    expect((empty.data as { errors: Record<string, string> }).errors.content).toBe("Your story is required");
    expect(await row(story.id)).toMatchObject({ content: "**Warm** water.\n\n- gloves" });
  });

  it("keeps the member's text and says why when an editor published the story meanwhile", async () => {
    const m = await createMember(rt);
    const story = await pendingStory(m.id);
    await setPublished(rt, story.id, true);
    const res = await callRoute(
      storyRoute.action,
      formRequest(`/account/stories/${story.id}`, { intent: "save", title: "Late change", content: "My new text." }),
      contextFor(rt, m),
      { postId: String(story.id) },
    );
    expect(res.status).toBe(409);
    const body = res.data as { errors: Record<string, string>; values: { title: string; content: string } };
    expect(body.errors.form).toMatch(/no longer waiting for review/);
    expect(body.values).toEqual({ title: "Late change", content: "My new text." });
    expect(await row(story.id)).toMatchObject({ title: "My first month with RA", published: true });
  });

  it("is withdrawn only after the author confirms, and is then gone from the account page", async () => {
    const m = await createMember(rt);
    const story = await pendingStory(m.id, "Changed my mind");
    const path = `/account/stories/${story.id}`;
    const params = { postId: String(story.id) };
    const ask = await callRoute(storyRoute.action, formRequest(path, { intent: "withdraw-ask" }), contextFor(rt, m), params);
    expect(ask.status).toBe(200);
    expect((ask.data as { confirmWithdraw: boolean }).confirmWithdraw).toBe(true);
    expect(await row(story.id)).toBeDefined();
    const done = await callRoute(storyRoute.action, formRequest(path, { intent: "withdraw" }), contextFor(rt, m), params);
    expect(done.status).toBe(302);
    expect(await row(story.id)).toBeUndefined();
    const account = await callRoute(accountRoute.loader, getRequest("/account"), contextFor(rt, m));
    expect((account.data as { stories: { id: number }[] }).stories.map((s) => s.id)).not.toContain(story.id);
    // Withdrawing again (a second tab) says so and changes nothing.
    expect((await callRoute(storyRoute.action, formRequest(path, { intent: "withdraw" }), contextFor(rt, m), params)).status).toBe(409);
  });
});
