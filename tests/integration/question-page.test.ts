// The question page as a browser without JavaScript gets it: plain forms posted to the page,
// and the page that comes back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { createMember } from "../helpers/runtime";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
}, 120_000);
afterAll(() => app?.close());

async function member(options: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(app.runtime, options);
  return { ...m, cookie: await app.signIn(m.email, m.password) };
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return app.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: app.url, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Whether the <details> that holds the field `fieldId` is open in the page. */
function panelOpen(html: string, fieldId: string) {
  const at = html.indexOf(`id="${fieldId}"`);
  expect(at, `${fieldId} is on the page`).toBeGreaterThan(-1);
  const start = html.lastIndexOf("<details", at);
  return /^<details[^>]*\sopen=""/.test(html.slice(start));
}

/** A question whose answer has the same id as the question itself. */
async function questionWithAnswerOfSameId(authorId: string) {
  const [q] = await app.runtime.db.insert(forumQuestions).values({ title: "Heat or ice?", content: "Which helps more?", authorId }).returning();
  for (;;) {
    const [a] = await app.runtime.db.insert(forumAnswers).values({ questionId: q.id, content: `Answer text`, authorId }).returning();
    if (a.id >= q.id) {
      expect(a.id).toBe(q.id);
      return q.id;
    }
  }
}

describe("reporting on the question page", () => {
  it("an empty report of answer N opens that answer's report form, not question N's", async () => {
    const author = await member({ displayName: "Author" });
    const reader = await member();
    const id = await questionWithAnswerOfSameId(author.id);
    const res = await post(`/forum/${id}`, reader.cookie, { intent: "report", targetType: "answer", targetId: String(id), reason: " " });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(panelOpen(html, `report-answer-${id}`)).toBe(true);
    expect(panelOpen(html, `report-question-${id}`)).toBe(false);
  });
});
