// The API's member endpoints with real bearer tokens from Better Auth: notifications, follow,
// helpful marks and "Helped me most". Each answer is parsed with its documented schema; refusals
// change nothing; PUT and DELETE may be repeated.
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerQuestion, askQuestion } from "~/server/forum/forum.server";
import { helpedMost, helpfulMarks, notifications, questionFollows } from "../../db/schema";
import { FollowSchema, HelpedMostSchema, HelpfulSchema, MarkedReadSchema, NotificationPageSchema } from "../../server/api/member-schemas";
import { createApiRouter } from "../../server/api/router";
import { ErrorSchema } from "../../server/api/schemas";
import { createMember, createTestRuntime, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
  const app = express();
  app.use("/api/v1", createApiRouter(rt));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close?.();
  await rt?.close();
});

async function memberWithToken(displayName: string) {
  const member = await createMember(rt, { displayName });
  const signIn = await rt.auth.api.signInEmail({ body: { email: member.email, password: member.password }, returnHeaders: true });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await rt.auth.handler(new Request("http://localhost:3000/api/auth/token", { headers: { cookie } }));
  const { token } = (await res.json()) as { token: string };
  return { ...member, token };
}

async function call(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function thread() {
  const asker = await memberWithToken("Api Asker");
  const writer = await memberWithToken("Api Writer");
  const reader = await memberWithToken("Api Reader");
  const { id: questionId } = await askQuestion(rt, { authorId: asker.id, title: "Ice or heat for a flare?", content: "What works for you?" });
  const { id: answerId } = await answerQuestion(rt, { questionId, authorId: writer.id, content: "Ice for hot joints, heat for stiff ones." });
  return { asker, writer, reader, questionId, answerId };
}

describe("member endpoints", () => {
  it("refuse a request without a token, changing nothing", async () => {
    const { questionId, answerId } = await thread();
    for (const [method, path] of [
      ["GET", "/notifications"],
      ["POST", "/notifications/read"],
      ["PUT", `/questions/${questionId}/follow`],
      ["PUT", `/answers/${answerId}/helpful`],
      ["DELETE", `/questions/${questionId}/helped-most`],
    ]) {
      const res = await call(method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(ErrorSchema.parse(res.body).code).toBe("missing_token");
    }
    expect(await rt.db.select().from(helpfulMarks).where(eq(helpfulMarks.answerId, answerId))).toEqual([]);
  });

  it("list a member's notifications with the unread count, and mark them all read", async () => {
    const { asker, questionId, answerId } = await thread();
    const list = NotificationPageSchema.parse((await call("GET", "/notifications", asker.token)).body);
    expect(list.unread).toBe(1);
    expect(list.notifications).toEqual([
      expect.objectContaining({ kind: "answer", questionId, answerId, author: "Api Writer", questionTitle: "Ice or heat for a flare?", unread: true }),
    ]);
    expect(MarkedReadSchema.parse((await call("POST", "/notifications/read", asker.token)).body)).toEqual({ marked: 1 });
    expect(NotificationPageSchema.parse((await call("GET", "/notifications", asker.token)).body).unread).toBe(0);
    const bad = await call("GET", "/notifications?page=0", asker.token);
    expect(bad.status).toBe(400);
  });

  it("follow and unfollow a question, repeatably; a missing question is 404", async () => {
    const { reader, questionId } = await thread();
    for (let i = 0; i < 2; i++)
      expect(FollowSchema.parse((await call("PUT", `/questions/${questionId}/follow`, reader.token)).body)).toEqual({ questionId, following: true });
    expect(
      await rt.db
        .select()
        .from(questionFollows)
        .where(and(eq(questionFollows.questionId, questionId), eq(questionFollows.memberId, reader.id))),
    ).toHaveLength(1);
    for (let i = 0; i < 2; i++)
      expect(FollowSchema.parse((await call("DELETE", `/questions/${questionId}/follow`, reader.token)).body)).toEqual({ questionId, following: false });
    expect(
      await rt.db
        .select()
        .from(questionFollows)
        .where(and(eq(questionFollows.questionId, questionId), eq(questionFollows.memberId, reader.id))),
    ).toHaveLength(0);
    expect((await call("PUT", "/questions/999999/follow", reader.token)).status).toBe(404);
  });

  it("mark an answer helpful once, take it back, never one's own; the author is told once", async () => {
    const { reader, writer, answerId } = await thread();
    for (let i = 0; i < 2; i++)
      expect(HelpfulSchema.parse((await call("PUT", `/answers/${answerId}/helpful`, reader.token)).body)).toEqual({ answerId, helpful: true, count: 1 });
    const told = await rt.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.memberId, writer.id), eq(notifications.kind, "helpful")));
    expect(told).toHaveLength(1);
    const own = await call("PUT", `/answers/${answerId}/helpful`, writer.token);
    expect(own.status).toBe(403);
    expect(ErrorSchema.parse(own.body).code).toBe("own_answer");
    expect(HelpfulSchema.parse((await call("DELETE", `/answers/${answerId}/helpful`, reader.token)).body)).toEqual({ answerId, helpful: false, count: 0 });
    expect((await call("PUT", "/answers/999999/helpful", reader.token)).status).toBe(404);
  });

  it("let only the asker choose and clear the answer that helped most", async () => {
    const { asker, reader, writer, questionId, answerId } = await thread();
    const refused = await call("PUT", `/questions/${questionId}/helped-most`, reader.token, { answerId });
    expect(refused.status).toBe(403);
    expect(ErrorSchema.parse(refused.body).code).toBe("forbidden");
    expect((await call("PUT", `/questions/${questionId}/helped-most`, asker.token, { answerId: "x" })).status).toBe(400);
    expect(await rt.db.select().from(helpedMost).where(eq(helpedMost.questionId, questionId))).toEqual([]);

    for (let i = 0; i < 2; i++)
      expect(HelpedMostSchema.parse((await call("PUT", `/questions/${questionId}/helped-most`, asker.token, { answerId })).body)).toEqual({
        questionId,
        answerId,
      });
    expect(
      await rt.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.memberId, writer.id), eq(notifications.kind, "helped-most"))),
    ).toHaveLength(1);
    expect((await call("DELETE", `/questions/${questionId}/helped-most`, reader.token)).status).toBe(403);
    expect(HelpedMostSchema.parse((await call("DELETE", `/questions/${questionId}/helped-most`, asker.token)).body)).toEqual({ questionId, answerId: null });
    expect(await rt.db.select().from(helpedMost).where(eq(helpedMost.questionId, questionId))).toEqual([]);
  });
});
