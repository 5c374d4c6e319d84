// Drafts of an edit (of one's question or answer) and of a story's new version, through their
// pages: "Save draft" keeps the text, the page opens with it again (its author's only), and saving
// the edit or the new version removes the draft with it. The API keeps these kinds as well.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DraftSchema } from "../../server/api/member-schemas";
import * as questionRoute from "~/routes/forum/forum-question";
import * as storyRoute from "~/routes/account/account-story";
import { createPost } from "~/server/blog/posts.server";
import { getDraft } from "~/server/drafts/draft-store.server";
import { postAnswer, postQuestion } from "~/server/forum/posting.server";
import { call, memberWithToken, startApi, valid, type Api } from "../helpers/api";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
let api: Api;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  api = await startApi(rt);
});
afterAll(async () => {
  await api.close();
  await rt.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;
type PageDraft = { body: string; title: string; version: number; updatedAt: string } | null;
type QuestionPage = { question: { editDraft: PageDraft; answers: { id: number; editDraft: PageDraft }[] } };

async function questionBy(member: Member) {
  const posted = await postQuestion(rt, member.id, { title: "Hands stiff in the morning", content: "How long does yours last?" });
  if (!posted.ok) throw new Error("the question was not posted");
  return posted.id;
}

const questionAction = (member: Member, id: number, fields: Record<string, string>) =>
  callRoute(questionRoute.action, formRequest(`/forum/${id}`, fields), contextFor(rt, member), { questionId: String(id) });
const questionPage = async (member: Member | null, id: number) =>
  (await callRoute(questionRoute.loader, getRequest(`/forum/${id}`), contextFor(rt, member), { questionId: String(id) })).data as QuestionPage;

describe("the edit of a question", () => {
  it("is kept by Save draft, comes back on its author's page only, and goes when the edit is saved", async () => {
    const asker = await createMember(rt);
    const id = await questionBy(asker);
    // The form sends its own intent and the button's: the page tells the forms apart by both.
    const both = new FormData();
    for (const [name, value] of [
      ["intent", "edit-question"],
      ["title", "Hands stiff every morning"],
      ["content", "An hour, sometimes two."],
      ["draftVersion", "0"],
      ["intent", "save-draft"],
    ])
      both.append(name, value);
    const res = await callRoute(questionRoute.action, new Request(`http://localhost/forum/${id}`, { method: "POST", body: both }), contextFor(rt, asker), {
      questionId: String(id),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain(`/forum/${id}#question`);
    expect((await questionPage(asker, id)).question.editDraft).toMatchObject({
      title: "Hands stiff every morning",
      body: "An hour, sometimes two.",
      version: 1,
    });
    expect((await questionPage(await createMember(rt), id)).question.editDraft).toBeNull();
    // The answer box's draft is another draft.
    expect(await getDraft(rt.db, asker.id, { kind: "answer", targetId: id })).toBeNull();
    const edited = await questionAction(asker, id, { intent: "edit-question", title: "Hands stiff every morning", content: "An hour, sometimes two." });
    expect(edited.status).toBe(302);
    expect(await getDraft(rt.db, asker.id, { kind: "edit-question", targetId: id })).toBeNull();
    expect((await questionPage(asker, id)).question.editDraft).toBeNull();
  });
});

describe("the edit of an answer", () => {
  it("is kept by Save draft, comes back with that answer on its author's page, and goes when the edit is saved", async () => {
    const asker = await createMember(rt);
    const helper = await createMember(rt);
    const id = await questionBy(asker);
    const answered = await postAnswer(rt, helper.id, id, { content: "About an hour for me." });
    if (!answered.ok) throw new Error("not answered");
    const both = new FormData();
    for (const [name, value] of [
      ["intent", "edit-answer"],
      ["answerId", String(answered.id)],
      ["content", "About an hour, less with a warm shower."],
      ["draftVersion", "0"],
      ["intent", "save-draft"],
    ])
      both.append(name, value);
    const res = await callRoute(questionRoute.action, new Request(`http://localhost/forum/${id}`, { method: "POST", body: both }), contextFor(rt, helper), {
      questionId: String(id),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain(`#answer-${answered.id}`);
    const mine = (await questionPage(helper, id)).question.answers.find((a) => a.id === answered.id);
    expect(mine?.editDraft).toMatchObject({ body: "About an hour, less with a warm shower.", version: 1 });
    expect((await questionPage(asker, id)).question.answers.find((a) => a.id === answered.id)?.editDraft).toBeNull();
    const edited = await questionAction(helper, id, {
      intent: "edit-answer",
      answerId: String(answered.id),
      content: "About an hour, less with a warm shower.",
    });
    expect(edited.status).toBe(302);
    expect(await getDraft(rt.db, helper.id, { kind: "edit-answer", targetId: answered.id })).toBeNull();
    expect((await questionPage(helper, id)).question.answers.find((a) => a.id === answered.id)?.editDraft).toBeNull();
  });

  it("a refused edit sends back what was typed, so the form keeps it", async () => {
    const asker = await createMember(rt);
    const id = await questionBy(asker);
    const answered = await postAnswer(rt, asker.id, id, { content: "Mine lasts two hours." });
    if (!answered.ok) throw new Error("not answered");
    const refused = await questionAction(asker, id, { intent: "edit-answer", answerId: String(answered.id), content: "   " });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ values: { content: "   " } });
  });
});

describe("a story's new version", () => {
  it("is kept by Save draft, comes back on the story's page, and goes when the new version is saved", async () => {
    const author = await createMember(rt);
    const story = await createPost(rt, { title: "My first month", content: "It started in my hands.", authorId: author.id, published: false });
    const path = `/account/stories/${story.id}`;
    const params = { postId: String(story.id) };
    const fields = { title: "My first months", content: "It started in my hands, then my feet.", draftVersion: "0" };
    const kept = await callRoute(storyRoute.action, formRequest(path, { ...fields, intent: "save-draft" }), contextFor(rt, author), params);
    expect(kept.status).toBe(302);
    const page = await callRoute(storyRoute.loader, getRequest(path), contextFor(rt, author), params);
    expect((page.data as { draft: PageDraft }).draft).toMatchObject({ title: "My first months", body: "It started in my hands, then my feet.", version: 1 });
    // Nobody else can keep a draft on another member's story page.
    const other = await createMember(rt);
    expect((await callRoute(storyRoute.action, formRequest(path, { ...fields, intent: "save-draft" }), contextFor(rt, other), params)).status).toBe(404);
    const saved = await callRoute(storyRoute.action, formRequest(path, { ...fields, intent: "save" }), contextFor(rt, author), params);
    expect(saved.status).toBe(302);
    expect(await getDraft(rt.db, author.id, { kind: "story-version", targetId: story.id })).toBeNull();
    const after = await callRoute(storyRoute.loader, getRequest(path), contextFor(rt, author), params);
    expect((after.data as { draft: PageDraft }).draft).toBeNull();
  });
});

describe("the API", () => {
  it("keeps drafts of edits and of a story's new version", async () => {
    const me = await memberWithToken(rt);
    const asked = await postQuestion(rt, me.id, { title: "Warm gloves at night", content: "Do they help?" });
    if (!asked.ok) throw new Error("not asked");
    const answered = await postAnswer(rt, me.id, asked.id, { content: "They do for me." });
    if (!answered.ok) throw new Error("not answered");
    const story = await createPost(rt, { title: "A year on", content: "Words.", authorId: me.id, published: false });
    for (const [kind, target] of [
      ["edit-question", asked.id],
      ["edit-answer", answered.id],
      ["story-version", story.id],
    ] as const) {
      const path = `/drafts/${kind}/${target}`;
      const put = await call(api, path, {
        method: "PUT",
        headers: { Authorization: `Bearer ${me.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: "", body: `Draft of ${kind}`, version: 0 }),
      });
      expect(put.status).toBe(200);
      expect(valid(DraftSchema, put.body)).toMatchObject({ kind, targetId: target, version: 1 });
      const read = await call(api, path, { headers: { Authorization: `Bearer ${me.token}` } });
      expect(valid(DraftSchema, read.body)).toMatchObject({ body: `Draft of ${kind}` });
    }
  });
});
