// Saving a story renders its Markdown, the costly part of a save: nothing is rendered before the
// story is known to be the member's and still under review, and every save takes one of the
// member's renders (the allowance previews use), so saves to a story that is not there render
// nothing and are soon refused. Renders are counted at the Markdown parser the site renders with
// (every instance of it shares its class's render method, whichever copy of the site loaded it).
import MarkdownIt from "markdown-it";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as storyRoute from "~/routes/account/account-story";
import { createPost } from "~/server/blog/posts.server";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "true" });
});
afterAll(() => rt.close());
afterEach(() => {
  vi.restoreAllMocks();
});

// A long text of emphasis: each render of it is a tenth of a second of one thread, while reading
// and checking the form takes a fraction of a millisecond.
const HEAVY = "_a_ ".repeat(12_400);

const save = (member: Awaited<ReturnType<typeof createMember>>, id: number, content = HEAVY) =>
  callRoute(storyRoute.action, formRequest(`/account/stories/${id}`, { intent: "save", title: "My story", content }), contextFor(rt, member), {
    postId: String(id),
  });

describe("saving a story", () => {
  it("to a story that is not there renders nothing, and is limited like previews", async () => {
    const member = await createMember(rt);
    const renders = vi.spyOn(MarkdownIt.prototype, "render");
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await save(member, 987_654)).status);
    expect(renders).not.toHaveBeenCalled();
    expect(statuses.slice(0, 30).every((s) => s === 409)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The same allowance as previews: the member's own story now waits too, with the text kept.
    const own = await createPost(rt, { title: "Mine", content: "Words.", authorId: member.id, published: false });
    renders.mockClear();
    const refused = await save(member, own.id, "A new version.");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ values: { content: "A new version." }, errors: { form: expect.stringContaining("Please wait a few minutes") } });
    expect(renders).not.toHaveBeenCalled();
  });

  it("to another member's story renders nothing; to one's own, once", async () => {
    const author = await createMember(rt);
    const other = await createMember(rt);
    const story = await createPost(rt, { title: "Hers", content: "Words.", authorId: author.id, published: false });
    const renders = vi.spyOn(MarkdownIt.prototype, "render");
    expect((await save(other, story.id)).status).toBe(409);
    expect(renders).not.toHaveBeenCalled();
    expect((await save(author, story.id, "Her new words.")).status).toBe(302);
    expect(renders).toHaveBeenCalledTimes(1);
  });
});
