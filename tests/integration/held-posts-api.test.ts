// New members' posts held for a look, through the JSON API as through the pages: a new member's
// answer with a link is stored but shown to nobody else until a moderator approves it, and the
// same words posted again are refused with nothing stored.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, users } from "../../db/schema";
import { askQuestion } from "~/server/forum/forum.server";
import { ErrorSchema, QuestionSchema } from "../../server/api/schemas";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";
import { call, memberWithToken, postJson, startApi, valid, type Api } from "../helpers/api";

let rt: TestRuntime;
let api: Api;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false", HOLD_NEW_MEMBERS_POSTS: "true" });
  api = await startApi(rt);
});
afterAll(async () => {
  await api.close();
  await rt.close();
});

async function establishedQuestion() {
  const asker = await createMember(rt);
  await rt.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 86_400_000) })
    .where(eq(users.id, asker.id));
  return askQuestion(rt, { authorId: asker.id, title: "Warm gloves", content: "Do warm gloves help at night?" });
}

describe("a new member posting through the API", () => {
  it("has an answer with a link stored but held: readers of the API do not see it", async () => {
    const q = await establishedQuestion();
    const fresh = await memberWithToken(rt);
    const res = await postJson(api, `/questions/${q.id}/answers`, { content: "These helped me: https://example.com/gloves" }, fresh.token);
    expect(res.status).toBe(201);

    const [stored] = await rt.db.select().from(forumAnswers).where(eq(forumAnswers.authorId, fresh.id));
    expect(stored.heldAt, "stored, and held").not.toBeNull();
    const shown = valid(QuestionSchema, (await call(api, `/questions/${q.id}`)).body);
    expect(shown.answers.map((a) => a.content)).not.toContain("These helped me: https://example.com/gloves");
    expect(shown.answerCount).toBe(0);
  });

  it("is refused the same words again, with a message and nothing stored", async () => {
    const q = await establishedQuestion();
    const member = await memberWithToken(rt);
    const words = "A warm wax bath loosens my fingers before work.";
    expect((await postJson(api, `/questions/${q.id}/answers`, { content: words }, member.token)).status).toBe(201);

    const again = await postJson(api, `/questions/${q.id}/answers`, { content: words }, member.token);
    expect(again.status).toBe(400);
    expect(JSON.stringify(valid(ErrorSchema, again.body))).toMatch(/already posted these exact words/);
    const rows = await rt.db.select().from(forumAnswers).where(eq(forumAnswers.authorId, member.id));
    expect(rows).toHaveLength(1);
  });
});
