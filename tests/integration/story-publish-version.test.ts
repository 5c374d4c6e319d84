// Publishing a member's story publishes the text the editor read: the Publish form carries the
// version the editor saw, and a story changed since is not published; the editor is shown the
// new text instead, and publishes that once they have read it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import * as editRoute from "~/routes/admin/admin-post-edit";
import * as storyRoute from "~/routes/account/account-story";
import { createPost } from "~/server/blog/posts.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

type EditorPage = { post: { version: string; title: string } };
type Refused = { errors: { form: string }; stale: { title: string; html: string; version: string } };

describe("publishing a story that changed after the editor opened it", () => {
  it("is refused and shows the new text; publishing after reading it goes through", async () => {
    const editor = await createMember(rt, { role: "admin" });
    const author = await createMember(rt);
    const story = await createPost(rt, { title: "Gloves at night", content: "Thin cotton gloves help me sleep.", authorId: author.id, published: false });
    const params = { postId: String(story.id) };

    const opened = await callRoute(editRoute.loader, getRequest(`/admin/posts/${story.id}`), contextFor(rt, editor), params);
    const seen = String((opened.data as EditorPage).post.version);

    // The author changes it while the editor reads.
    const saved = await callRoute(
      storyRoute.action,
      formRequest(`/account/stories/${story.id}`, { intent: "save", title: "Gloves at night", content: "Call this number to buy my cure." }),
      contextFor(rt, author),
      params,
    );
    expect(saved.status).toBe(302);

    const refused = await callRoute(
      editRoute.action,
      formRequest(`/admin/posts/${story.id}`, { intent: "publish", version: seen }),
      contextFor(rt, editor),
      params,
    );
    expect(refused.status).toBe(409);
    const body = refused.data as Refused;
    expect(body.errors.form).toContain("changed since you opened it");
    expect(body.stale.html).toContain("Call this number to buy my cure.");
    expect((await rt.db.select().from(blogPosts).where(eq(blogPosts.id, story.id)))[0].published).toBe(false);

    // Having read the new text, the editor publishes that version.
    const published = await callRoute(
      editRoute.action,
      formRequest(`/admin/posts/${story.id}`, { intent: "publish", version: body.stale.version }),
      contextFor(rt, editor),
      params,
    );
    expect(published.status).toBe(302);
    expect((await rt.db.select().from(blogPosts).where(eq(blogPosts.id, story.id)))[0].published).toBe(true);
  });

  it("an unchanged story publishes with the version the editor saw", async () => {
    const editor = await createMember(rt, { role: "admin" });
    const author = await createMember(rt);
    const story = await createPost(rt, { title: "Pacing my week", content: "Rest days are planned.", authorId: author.id, published: false });
    const params = { postId: String(story.id) };
    const opened = await callRoute(editRoute.loader, getRequest(`/admin/posts/${story.id}`), contextFor(rt, editor), params);
    const version = (opened.data as EditorPage).post.version;
    const res = await callRoute(editRoute.action, formRequest(`/admin/posts/${story.id}`, { intent: "publish", version }), contextFor(rt, editor), params);
    expect(res.status).toBe(302);
  });
});
