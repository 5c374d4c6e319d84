import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions } from "../../db/schema";
import * as forumRoute from "~/routes/forum/forum";
import { type Db } from "~/server/infra/db.server";
import { countQuestions, getQuestion, latestQuestions, listQuestions } from "~/server/forum/forum.server";
import { readToast } from "~/server/infra/toast.server";
import { HOUR, seedQuestion } from "../helpers/forum";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

const question = (authorId: string, title: string, hoursAgo: number, answers: string[] = []) => seedQuestion(rt.db, authorId, title, hoursAgo, answers);

/** Counts the statements a piece of code sends through `db`. */
function counting(db: Db) {
  let n = 0;
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (["select", "execute", "insert", "update", "delete", "transaction"].includes(String(prop)) && typeof value === "function") {
        return (...args: unknown[]) => {
          n++;
          return value.apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy as Db, count: () => n };
}

describe("the forum list", () => {
  it("lists visible questions newest first with at most the first two answers, 20 a page", async () => {
    const fresh = await createTestRuntime();
    try {
      const m = await createMember(fresh, { displayName: "Pat" });
      const anon = await createMember(fresh);
      const at = (h: number) => new Date(Date.now() - h * HOUR);
      for (let i = 0; i < 25; i++) {
        await fresh.db
          .insert(forumQuestions)
          .values({ title: `Q${i}`, content: "c", authorId: i % 2 ? m.id : anon.id, createdAt: at(100 - i), updatedAt: at(100 - i) });
      }
      const [q] = await fresh.db.select().from(forumQuestions).where(eq(forumQuestions.title, "Q24"));
      for (const [i, c] of ["first", "second", "third"].entries()) {
        await fresh.db.insert(forumAnswers).values({ questionId: q.id, content: c, authorId: m.id, createdAt: new Date(Date.now() - (3 - i) * 60_000) });
      }
      await fresh.db.update(forumQuestions).set({ answerCount: 3 }).where(eq(forumQuestions.id, q.id));

      const page1 = await listQuestions(fresh.db, { page: 1 });
      expect(page1.total).toBe(25);
      expect(page1.pageCount).toBe(2);
      expect(page1.questions).toHaveLength(20);
      expect(page1.questions.map((x) => x.title).slice(0, 3)).toEqual(["Q24", "Q23", "Q22"]);
      expect(page1.questions[0].recentAnswers.map((a) => a.content)).toEqual(["first", "second"]);
      expect(page1.questions[0].answerCount).toBe(3);
      expect(page1.questions[0].authorName).toBe("Anonymous");
      expect(page1.questions[1].authorName).toBe("Pat");
      const page2 = await listQuestions(fresh.db, { page: 2 });
      expect(page2.questions.map((x) => x.title)).toEqual(["Q4", "Q3", "Q2", "Q1", "Q0"]);
      // A page past the end shows the last page rather than nothing.
      expect((await listQuestions(fresh.db, { page: 999 })).page).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it("uses the same number of statements whatever the page size", async () => {
    const m = await createMember(rt);
    for (let i = 0; i < 12; i++) await question(m.id, `Size ${i}`, 50 + i, ["a", "b", "c"]);
    const small = counting(rt.db);
    await listQuestions(small.db, { pageSize: 2 });
    const large = counting(rt.db);
    await listQuestions(large.db, { pageSize: 12 });
    expect(small.count()).toBe(3);
    expect(large.count()).toBe(small.count());
  });

  it("shows the empty state text when there are no questions", async () => {
    const fresh = await createTestRuntime();
    try {
      const res = await callRoute(forumRoute.loader, getRequest("/forum"), contextFor(fresh));
      expect((res.data as { questions: unknown[] }).questions).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

/** The id of the question an ask answered with: its redirect goes to the question's page. */
function postedQuestionId(res: { status: number; headers: Headers }) {
  expect(res.status).toBe(302);
  const location = res.headers.get("Location") ?? "";
  const id = Number(/^\/forum\/(\d+)$/.exec(location)?.[1]);
  expect(id, `the redirect's address (${location})`).toBeGreaterThan(0);
  return id;
}

describe("asking", () => {
  it("sets the author from the session, ignoring an author_id in the form, and answers with the spec's toast", async () => {
    const me = await createMember(rt);
    const other = await createMember(rt);
    const res = await callRoute(
      forumRoute.action,
      formRequest("/forum", {
        title: "  Warm gloves?  ",
        content: "Do heated gloves help?",
        author_id: other.id,
        authorId: other.id,
        via: "dialog",
        submissionKey: "k-1",
      }),
      contextFor(rt, me),
    );
    // From the dialog too, the asker is sent to the new question's page, where the toast shows.
    const questionId = postedQuestionId(res);
    const toast = await readToast(getRequest("/", { cookie: (res.headers.get("Set-Cookie") ?? "").split(";")[0] }));
    expect(toast).toMatchObject({ title: "Question posted!", description: "Your question has been shared with the community" });
    const [row] = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.id, questionId));
    expect(row.authorId).toBe(me.id);
    expect(row.title).toBe("Warm gloves?");
    const top = await latestQuestions(rt.db, 1);
    expect(top[0].id).toBe(questionId);
  });

  it("stores one question for a double submit", async () => {
    const me = await createMember(rt);
    const fields = { title: "Twice?", content: "Clicked twice", submissionKey: "same-key" };
    const [a, b] = await Promise.all([
      callRoute(forumRoute.action, formRequest("/forum", fields), contextFor(rt, me)),
      callRoute(forumRoute.action, formRequest("/forum", fields), contextFor(rt, me)),
    ]);
    expect([a.status, b.status]).toEqual([302, 302]);
    const rows = await rt.db.select().from(forumQuestions).where(eq(forumQuestions.authorId, me.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses visitors, empty and over-long input, storing nothing", async () => {
    const me = await createMember(rt);
    const before = await countQuestions(rt.db);
    const visitor = await callRoute(forumRoute.action, formRequest("/forum", { title: "t", content: "c" }), contextFor(rt, null));
    expect(visitor.status).toBe(401);
    const empty = await callRoute(forumRoute.action, formRequest("/forum", { title: "   ", content: "" }), contextFor(rt, me));
    expect(empty.status).toBe(400);
    expect((empty.data as { errors: Record<string, string> }).errors).toMatchObject({ title: "Title is required", content: "Content is required" });
    const long = await callRoute(forumRoute.action, formRequest("/forum", { title: "x".repeat(201), content: "y".repeat(10_001) }), contextFor(rt, me));
    expect((long.data as { errors: Record<string, string> }).errors).toMatchObject({
      title: "Title must be at most 200 characters",
      content: "Content must be at most 10,000 characters",
    });
    const huge = await callRoute(forumRoute.action, formRequest("/forum", { title: "Big", content: "z".repeat(1_000_000) }), contextFor(rt, me));
    expect(huge.status).toBe(400);
    expect(await countQuestions(rt.db)).toBe(before);
  });

  it("keeps markup as text", async () => {
    const me = await createMember(rt);
    const res = await callRoute(
      forumRoute.action,
      formRequest("/forum", { title: "<script>alert(1)</script>", content: "<img src=x onerror=alert(1)>", via: "dialog" }),
      contextFor(rt, me),
    );
    const q = await getQuestion(rt.db, postedQuestionId(res));
    expect(q!.title).toBe("<script>alert(1)</script>");
  });

  it("asks before posting an email address or phone number", async () => {
    const me = await createMember(rt);
    const first = await callRoute(forumRoute.action, formRequest("/forum", { title: "Call me", content: "My number is 555 123 4567 8" }), contextFor(rt, me));
    expect(first.status).toBe(400);
    expect((first.data as { warning: string }).warning).toMatch(/email address or phone number/);
    const second = await callRoute(
      forumRoute.action,
      formRequest("/forum", { title: "Call me", content: "My number is 555 123 4567 8", acknowledgePersonal: "1" }),
      contextFor(rt, me),
    );
    expect(second.status).toBe(302);
  });

  it("rate-limits questions per member with a clear message", async () => {
    const limited = await createTestRuntime();
    try {
      const me = await createMember(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await callRoute(forumRoute.action, formRequest("/forum", { title: `Q${i}`, content: "c" }), contextFor(limited, me));
        statuses.push(r.status);
        if (r.status === 429) {
          expect((r.data as { toast: { title: string } }).toast.title).toBe("Failed to post your question");
          expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
      expect(await countQuestions(limited.db)).toBe(5);
    } finally {
      await limited.close();
    }
  });
});
