// Drafts kept on the server: a save from an old version is refused with the newer text, posting
// removes the draft in the post's own transaction (so a stale tab cannot bring it back), the
// member's budget and the forms' lengths hold, nobody else can read, overwrite or discard it, it
// is in the member's export and goes with the account or after 90 untouched days, and a save
// names no tag, so no page or shared read is made stale by it.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drafts, forumAnswers } from "../../db/schema";
import * as draftsRoute from "~/routes/account/drafts";
import * as questionRoute from "~/routes/forum/forum-question";
import * as blogRoute from "~/routes/blog/blog";
import { deleteAccount, exportAccount } from "~/server/accounts/account-data.server";
import { createPost } from "~/server/blog/posts.server";
import type { Changes } from "~/server/infra/change-events.server";
import { isPrivateTag, tag } from "~/server/infra/change-tags.server";
import { deleteDraft, DRAFT_KEPT_DAYS, getDraft, pruneDrafts, saveDraft } from "~/server/drafts/draft-store.server";
import { answerQuestion, editQuestion } from "~/server/forum/forum.server";
import { postAnswer, postQuestion } from "~/server/forum/posting.server";
import { isRateLimited } from "~/server/infra/rate-limit.server";
import { startHttpApp } from "../helpers/http-app";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, recordChanges, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
let limited: TestRuntime;
beforeAll(async () => {
  [rt, limited] = await Promise.all([createTestRuntime({ RATE_LIMITS: "false" }), createTestRuntime({ RATE_LIMITS: "true" })]);
});
afterAll(async () => {
  await Promise.all([rt.close(), limited.close()]);
});

type Member = Awaited<ReturnType<typeof createMember>>;
const ASKING = { kind: "question", targetId: 0 } as const;
const save = (runtime: TestRuntime, member: Member, key: { kind: "question" | "answer"; targetId: number }, body: string, baseVersion: number, title = "") =>
  saveDraft(runtime, member.id, key, { title, body, baseVersion });

async function newQuestion(member: Member) {
  const posted = await postQuestion(rt, member.id, { title: "Swollen knuckles in the cold", content: "What keeps your hands warm outside?" });
  if (!posted.ok) throw new Error("the question was not posted");
  return posted.id;
}

/** The drafts endpoint as the forms' script calls it. */
const endpoint = (member: Member | null, fields: Record<string, string>, runtime = rt) =>
  callRoute(draftsRoute.action, formRequest("/drafts", fields), contextFor(runtime, member));

describe("versions", () => {
  it("a save from the version it started from is kept; one from an older version is refused with the newer text", async () => {
    const member = await createMember(rt);
    const first = await save(rt, member, ASKING, "Morning stiffness", 0, "Mornings");
    expect(first).toMatchObject({ ok: true, draft: { version: 1, body: "Morning stiffness" } });
    const second = await save(rt, member, ASKING, "Morning stiffness until noon", 1, "Mornings");
    expect(second).toMatchObject({ ok: true, draft: { version: 2 } });
    // Another tab still at version 1, and one that never loaded the draft: both refused, both told.
    const stale = await save(rt, member, ASKING, "Typed in the other tab", 1);
    expect(stale).toMatchObject({ ok: false, reason: "conflict", current: { version: 2, body: "Morning stiffness until noon", title: "Mornings" } });
    expect(await save(rt, member, ASKING, "A third tab", 0)).toMatchObject({ ok: false, reason: "conflict", current: { version: 2 } });
    expect(await getDraft(rt.db, member.id, ASKING)).toMatchObject({ body: "Morning stiffness until noon", version: 2 });
  });

  it("the endpoint answers 409 with the newer text, and the saved version otherwise", async () => {
    const member = await createMember(rt);
    const fields = { intent: "save", kind: "question", target: "0", title: "Heat or cold", body: "Which do you use?" };
    const saved = await endpoint(member, { ...fields, version: "0" });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ ok: true, draft: { version: 1, body: "Which do you use?" } });
    expect(saved.headers.get("Cache-Control")).toBe("private, no-store");
    const refused = await endpoint(member, { ...fields, body: "Other tab", version: "0" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, error: "conflict", current: { version: 1, body: "Which do you use?" } });
    expect((await endpoint(null, { ...fields, version: "1" })).status).toBe(401);
    expect((await endpoint(member, { ...fields, kind: "answer", target: "0", version: "0" })).status).toBe(400);
  });
});

describe("posting", () => {
  it("removes the draft with the post; a tab saving afterwards from the old version is refused and stores nothing", async () => {
    const member = await createMember(rt);
    const questionId = await newQuestion(member);
    const key = { kind: "answer", targetId: questionId } as const;
    await save(rt, member, key, "Thin gloves with open fingertips", 0);
    const posted = await postAnswer(rt, member.id, questionId, { content: "Thin gloves with open fingertips" });
    expect(posted.ok).toBe(true);
    expect(await getDraft(rt.db, member.id, key)).toBeNull();
    expect(await save(rt, member, key, "Thin gloves with open fingertips, and", 1)).toEqual({ ok: false, reason: "conflict", current: null });
    expect(await getDraft(rt.db, member.id, key)).toBeNull();
    // Asking removes the asking draft the same way.
    await save(rt, member, ASKING, "Is it the weather?", 0, "Weather");
    expect((await postQuestion(rt, member.id, { title: "Is it the weather?", content: "My hands ache before rain." })).ok).toBe(true);
    expect(await getDraft(rt.db, member.id, ASKING)).toBeNull();
  });

  it("an edit saved removes the draft of that edit", async () => {
    const member = await createMember(rt);
    const questionId = await newQuestion(member);
    const key = { kind: "edit-question", targetId: questionId } as const;
    await saveDraft(rt, member.id, key, { title: "Swollen knuckles in the frost", body: "What keeps hands warm?", baseVersion: 0 });
    await editQuestion(rt, { id: questionId, authorId: member.id, title: "Swollen knuckles in the frost", content: "What keeps hands warm?" });
    expect(await getDraft(rt.db, member.id, key)).toBeNull();
  });

  it("without scripts, a save over a newer draft shows the form again with both texts", async () => {
    const member = await createMember(rt);
    const questionId = await newQuestion(member);
    await save(rt, member, { kind: "answer", targetId: questionId }, "Written in the other tab", 0);
    const res = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${questionId}`, { intent: "save-draft", content: "Written here", draftVersion: "0" }),
      contextFor(rt, member),
      { questionId: String(questionId) },
    );
    expect(res.status).toBe(409);
    expect(res.data).toMatchObject({ values: { content: "Written here" }, draftConflict: { current: { body: "Written in the other tab", version: 1 } } });
  });

  it("sharing a story removes the story draft; an editor's own new post leaves theirs", async () => {
    const member = await createMember(rt);
    const key = { kind: "story", targetId: 0 } as const;
    await saveDraft(rt, member.id, key, { title: "My first year", body: "It began in my wrists.", baseVersion: 0 });
    const shared = await callRoute(
      blogRoute.action,
      formRequest("/blog", { title: "My first year", content: "It began in my wrists." }),
      contextFor(rt, member),
    );
    expect(shared.status).toBe(302);
    expect(await getDraft(rt.db, member.id, key)).toBeNull();
    const editor = await createMember(rt, { role: "admin" });
    await saveDraft(rt, editor.id, key, { title: "Mine", body: "Still mine", baseVersion: 0 });
    await createPost(rt, { title: "An editor's guide", content: "Words.", authorId: editor.id, published: false });
    expect(await getDraft(rt.db, editor.id, key)).toMatchObject({ body: "Still mine" });
  });

  it("in the post's transaction: a post that does not commit leaves the draft as it was", async () => {
    const member = await createMember(rt);
    const questionId = await newQuestion(member);
    const key = { kind: "answer", targetId: questionId } as const;
    await save(rt, member, key, "Paraffin wax baths", 0);
    // The same command, stopped just before its transaction commits.
    const stopped: Changes = {
      ...rt.changes,
      write: (work) =>
        rt.changes.write(async (tx, changed) => {
          await work(tx, changed);
          throw new Error("stopped before commit");
        }),
    };
    await expect(answerQuestion({ changes: stopped }, { questionId, authorId: member.id, content: "Paraffin wax baths" })).rejects.toThrow(
      "stopped before commit",
    );
    expect(await getDraft(rt.db, member.id, key)).toMatchObject({ body: "Paraffin wax baths", version: 1 });
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.questionId, questionId))).toEqual([]);
  });
});

describe("limits", () => {
  it("a member's saves are budgeted, and the endpoint says 429 when the budget is spent", async () => {
    const member = await createMember(limited);
    let version = 0;
    for (let i = 0; i < 300; i++) {
      const saved = await saveDraft(limited, member.id, ASKING, { title: "", body: `Draft ${i}`, baseVersion: version });
      if (!saved.ok) throw new Error(`save ${i} was refused`);
      version = saved.draft.version;
    }
    await expect(saveDraft(limited, member.id, ASKING, { title: "", body: "One more", baseVersion: version })).rejects.toSatisfy(isRateLimited);
    const res = await endpoint(member, { intent: "save", kind: "question", target: "0", title: "", body: "One more", version: String(version) }, limited);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another member's budget is their own.
    const other = await createMember(limited);
    expect(await saveDraft(limited, other.id, ASKING, { title: "", body: "Mine", baseVersion: 0 })).toMatchObject({ ok: true });
  });

  it("a draft is no longer than its form allows", async () => {
    const member = await createMember(rt);
    expect(await save(rt, member, ASKING, "x".repeat(10_001), 0)).toEqual({ ok: false, reason: "too-long", field: "body", max: 10_000 });
    expect(await save(rt, member, ASKING, "ok", 0, "t".repeat(201))).toEqual({ ok: false, reason: "too-long", field: "title", max: 200 });
    expect(await getDraft(rt.db, member.id, ASKING)).toBeNull();
    expect(await save(rt, member, ASKING, "x".repeat(10_000), 0, "t".repeat(200))).toMatchObject({ ok: true });
    const res = await endpoint(member, { intent: "save", kind: "question", target: "0", title: "", body: "x".repeat(10_001), version: "1" });
    expect(res.status).toBe(400);
  });
});

describe("another member", () => {
  it("cannot read, overwrite or discard my draft", async () => {
    const [me, other] = [await createMember(rt), await createMember(rt)];
    const questionId = await newQuestion(me);
    const key = { kind: "answer", targetId: questionId } as const;
    await save(rt, me, key, "My private words about my knees", 0);
    // Their question page shows no draft of mine; their saves and discards are their own draft's.
    const page = await callRoute(questionRoute.loader, getRequest(`/forum/${questionId}`), contextFor(rt, other), { questionId: String(questionId) });
    expect(JSON.stringify(page.data)).not.toContain("My private words");
    expect(await endpoint(other, { intent: "save", kind: "answer", target: String(questionId), title: "", body: "Theirs", version: "1" })).toMatchObject({
      status: 409,
      data: { current: null },
    });
    expect((await endpoint(other, { intent: "discard", kind: "answer", target: String(questionId) })).status).toBe(200);
    expect(await getDraft(rt.db, me.id, key)).toMatchObject({ body: "My private words about my knees", version: 1 });
    const mine = await callRoute(questionRoute.loader, getRequest(`/forum/${questionId}`), contextFor(rt, me), { questionId: String(questionId) });
    expect(mine.data).toMatchObject({ answerDraft: { body: "My private words about my knees", version: 1 } });
  });
});

describe("a draft's life", () => {
  it("is in the member's export", async () => {
    const member = await createMember(rt);
    await save(rt, member, ASKING, "What I was going to ask", 0, "Half a question");
    const exported = await exportAccount(rt.db, member.id);
    expect(exported?.drafts).toEqual([expect.objectContaining({ kind: "question", targetId: 0, title: "Half a question", body: "What I was going to ask" })]);
  });

  it("goes with the account", async () => {
    const member = await createMember(rt);
    await save(rt, member, ASKING, "Never posted", 0);
    await deleteAccount(rt, member.id, "keep");
    expect(await rt.db.select().from(drafts).where(eq(drafts.memberId, member.id))).toEqual([]);
  });

  it(`is removed ${DRAFT_KEPT_DAYS} days after its last save, not before`, async () => {
    const [old, recent] = [await createMember(rt), await createMember(rt)];
    await save(rt, old, ASKING, "Forgotten", 0);
    await save(rt, recent, ASKING, "Still writing", 0);
    await rt.db
      .update(drafts)
      .set({ updatedAt: sql`now() - interval '91 days'` })
      .where(eq(drafts.memberId, old.id));
    await rt.db
      .update(drafts)
      .set({ updatedAt: sql`now() - interval '89 days'` })
      .where(eq(drafts.memberId, recent.id));
    await pruneDrafts(rt.db);
    expect(await getDraft(rt.db, old.id, ASKING)).toBeNull();
    expect(await getDraft(rt.db, recent.id, ASKING)).toMatchObject({ body: "Still writing" });
  });

  it("names no public tag: a save over a draft names nothing, a draft begun or ended only its member's own drafts tag", async () => {
    const member = await createMember(rt);
    const questionId = await newQuestion(member);
    const changes = recordChanges(rt);
    const own = tag.drafts(member.id);
    await save(rt, member, ASKING, "Quiet", 0);
    await endpoint(member, { intent: "save", kind: "answer", target: String(questionId), title: "", body: "Quiet too", version: "0" });
    expect(changes.events).toEqual([[own], [own]]);
    changes.clear();
    // Saves over a draft ("Save draft" without scripts, the script's saves) change no count either.
    const plain = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${questionId}`, { intent: "save-draft", content: "Quiet three", draftVersion: "1" }),
      contextFor(rt, member),
      { questionId: String(questionId) },
    );
    expect(plain.status).toBe(302);
    await endpoint(member, { intent: "save", kind: "question", target: "0", title: "", body: "Quiet four", version: "1" });
    expect(await getDraft(rt.db, member.id, { kind: "answer", targetId: questionId })).toMatchObject({ body: "Quiet three", version: 2 });
    expect(changes.events).toEqual([]);
    await deleteDraft(rt, member.id, ASKING);
    expect(changes.events).toEqual([[own]]);
    expect(isPrivateTag(own)).toBe(true);
  });

  it("a page reads a draft only when its member has some: their count is kept, and follows a draft begun", async () => {
    const member = await createMember(rt);
    const questionId = await newQuestion(member);
    const view = async () =>
      (await callRoute(questionRoute.loader, getRequest(`/forum/${questionId}`), contextFor(rt, member), { questionId: String(questionId) })).data;
    expect(await view()).toMatchObject({ answerDraft: null });
    await save(rt, member, { kind: "answer", targetId: questionId }, "Begun after the first view", 0);
    expect(await view()).toMatchObject({ answerDraft: { body: "Begun after the first view" } });
  });
});

describe("over HTTP", () => {
  it("a page showing a draft is the member's alone: private, never stored, and readers never see it", async () => {
    const site = await startHttpApp({ RATE_LIMITS: "false" });
    try {
      const member = await site.member();
      const questionId = await site.ask(member.cookie, "Cold hands at the bus stop");
      const saved = await site.postForm("/drafts", member.cookie, {
        intent: "save",
        kind: "answer",
        target: String(questionId),
        title: "",
        body: "Heated gloves from the market",
        version: "0",
      });
      expect(saved.status).toBe(200);
      for (let i = 0; i < 2; i++) {
        const page = await site.fetch(`/forum/${questionId}`, { headers: { cookie: member.cookie } });
        expect(await page.text()).toContain("Heated gloves from the market");
        expect(page.headers.get("x-cache")).not.toBe("HIT");
        expect(page.headers.get("cache-control")).toMatch(/private|no-store/);
      }
      for (let i = 0; i < 2; i++) expect(await (await site.fetch(`/forum/${questionId}`)).text()).not.toContain("Heated gloves");
    } finally {
      await site.close();
    }
  });
});
