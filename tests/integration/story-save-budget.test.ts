// Saving a story renders its Markdown, the costly part of a save: nothing is rendered before the
// story is known to be the member's and still under review, and every save takes one of the
// member's renders (the allowance previews use), so saves to a story that is not there render
// nothing and are soon refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as storyRoute from "~/routes/account-story";
import { createPost } from "~/server/blog.server";
import { postHtml } from "~/server/post-markdown.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, type TestRuntime } from "../helpers/runtime";

vi.mock("~/server/post-markdown.server", async (original) => {
  const real = await original<typeof import("~/server/post-markdown.server")>();
  return { ...real, postHtml: vi.fn(real.postHtml) };
});

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "true" });
});
afterAll(() => rt.close());
beforeEach(() => {
  vi.mocked(postHtml).mockClear();
});

// A long text of lists and links: each render of it is tens of milliseconds of one thread.
const HEAVY = Array.from({ length: 900 }, (_, i) => `- [link ${i}](https://example.org/${i}) *and* **more**`).join("\n");

const save = (member: Awaited<ReturnType<typeof createMember>>, id: number, content = HEAVY) =>
  callRoute(storyRoute.action, formRequest(`/account/stories/${id}`, { intent: "save", title: "My story", content }), contextFor(rt, member), {
    postId: String(id),
  });

describe("saving a story", () => {
  it("to a story that is not there renders nothing, and is limited like previews", async () => {
    const member = await createMember(rt);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await save(member, 987_654)).status);
    expect(vi.mocked(postHtml)).not.toHaveBeenCalled();
    expect(statuses.slice(0, 30).every((s) => s === 409)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The same allowance as previews: the member's own story now waits too, with the text kept.
    const own = await createPost(rt.db, { title: "Mine", content: "Words.", authorId: member.id, published: false });
    vi.mocked(postHtml).mockClear();
    const refused = await save(member, own.id, "A new version.");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ values: { content: "A new version." }, errors: { form: expect.stringContaining("Please wait a few minutes") } });
    expect(vi.mocked(postHtml)).not.toHaveBeenCalled();
  });

  it("to another member's story renders nothing; to one's own, once", async () => {
    const author = await createMember(rt);
    const other = await createMember(rt);
    const story = await createPost(rt.db, { title: "Hers", content: "Words.", authorId: author.id, published: false });
    vi.mocked(postHtml).mockClear();
    expect((await save(other, story.id)).status).toBe(409);
    expect(vi.mocked(postHtml)).not.toHaveBeenCalled();
    expect((await save(author, story.id, "Her new words.")).status).toBe(302);
    expect(vi.mocked(postHtml)).toHaveBeenCalledTimes(1);
  });
});
