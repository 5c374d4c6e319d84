// The display name typed beside a question, an answer or a sign-up: saved when new (so the post
// appears under it), refused like /account refuses it (and then nothing is posted), kept when empty.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions, profiles, users } from "../../db/schema";
import * as authRoute from "~/routes/auth/auth";
import * as forumRoute from "~/routes/forum/forum";
import * as questionRoute from "~/routes/forum/forum-question";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

const nameOf = async (id: string) => (await rt.db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, id)))[0]?.name ?? null;

describe("the name beside a post", () => {
  it("asking with a new name saves it; a reserved one is refused with nothing posted; an empty one keeps the name", async () => {
    const me = await createMember(rt);
    const refused = await callRoute(
      forumRoute.action,
      formRequest("/forum", { title: "Braces?", content: "Which ones?", displayName: "Admin Sue", submissionKey: "n-1" }),
      contextFor(rt, me),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string>; values: Record<string, string> }).errors.displayName).toMatch(/belongs to the site/);
    expect((refused.data as { values: Record<string, string> }).values).toMatchObject({ title: "Braces?", content: "Which ones?", displayName: "Admin Sue" });
    expect(await rt.db.select().from(forumQuestions).where(eq(forumQuestions.authorId, me.id))).toHaveLength(0);
    expect(await nameOf(me.id)).toBeNull();

    const posted = await callRoute(
      forumRoute.action,
      formRequest("/forum", { title: "Braces?", content: "Which ones?", displayName: "  Sue   P. ", submissionKey: "n-2" }),
      contextFor(rt, me),
    );
    expect(posted.status).toBe(302);
    expect(await nameOf(me.id)).toBe("Sue P.");

    const named = { ...me, displayName: "Sue P." };
    const kept = await callRoute(
      forumRoute.action,
      formRequest("/forum", { title: "Rings?", content: "Which fit?", displayName: "", submissionKey: "n-3" }),
      contextFor(rt, named),
    );
    expect(kept.status).toBe(302);
    expect(await nameOf(me.id)).toBe("Sue P.");
  });

  it("answering with a new name saves it; an over-long one is refused with nothing posted", async () => {
    const asker = await createMember(rt);
    const me = await createMember(rt);
    const [q] = await rt.db.insert(forumQuestions).values({ title: "Heat?", content: "Heat or ice?", authorId: asker.id }).returning();
    const params = { questionId: String(q.id) };
    const long = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${q.id}`, { intent: "answer", content: "Heat.", displayName: "x".repeat(51), submissionKey: "a-1" }),
      contextFor(rt, me),
      params,
    );
    expect(long.status).toBe(400);
    expect((long.data as { errors: Record<string, string> }).errors.displayName).toBe("Display name must be at most 50 characters");
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.questionId, q.id))).toHaveLength(0);
    const ok = await callRoute(
      questionRoute.action,
      formRequest(`/forum/${q.id}`, { intent: "answer", content: "Heat.", displayName: "Jo", submissionKey: "a-2" }),
      contextFor(rt, me),
      params,
    );
    expect(ok.status).toBe(302);
    expect(await nameOf(me.id)).toBe("Jo");
    expect(await rt.db.select().from(forumAnswers).where(eq(forumAnswers.questionId, q.id))).toHaveLength(1);
  });

  it("a sign-up with a name starts with it as the display name; a reserved one creates no account", async () => {
    const email = `named-${Date.now()}@example.com`;
    const refused = await callRoute(
      authRoute.action,
      formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email, password: "a-long-password-1", displayName: "Capsiva Team" }),
      contextFor(rt),
    );
    expect(refused.status).toBe(400);
    expect(await rt.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const made = await callRoute(
      authRoute.action,
      formRequest("/auth", { intent: "signup", ageConfirmed: "yes", email, password: "a-long-password-1", displayName: "Mina R" }),
      contextFor(rt),
    );
    expect(made.status).toBe(302);
    const [user] = await rt.db.select().from(users).where(eq(users.email, email));
    expect(await nameOf(user.id)).toBe("Mina R");
  });
});
