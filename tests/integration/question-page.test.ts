// The question page as a browser without JavaScript gets it: plain forms posted to the page,
// and the page that comes back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumAnswers, forumQuestions } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
}, 120_000);
afterAll(() => app?.close());

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
    const author = await app.member({ displayName: "Author" });
    const reader = await app.member();
    const id = await questionWithAnswerOfSameId(author.id);
    const res = await post(`/forum/${id}`, reader.cookie, { intent: "report", targetType: "answer", targetId: String(id), reason: " " });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(panelOpen(html, `report-answer-${id}`)).toBe(true);
    expect(panelOpen(html, `report-question-${id}`)).toBe(false);
    // The first page the app serves compiles its code: it may take a while on a busy machine.
  }, 60_000);
});

/** The page a redirect leads to, with the toast the redirect set, as the browser would show it. */
async function followWithToast(res: Response, cookie: string) {
  expect(res.status).toBe(302);
  const toast = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("toast="))!
    .split(";")[0];
  return (await app.fetch(res.headers.get("location")!, { headers: { Cookie: `${cookie}; ${toast}` } })).text();
}

describe("reporting twice", () => {
  it("says so when a member reports the same thing again, and stores one report", async () => {
    const author = await app.member({ displayName: "Author" });
    const reader = await app.member();
    const [q] = await app.runtime.db.insert(forumQuestions).values({ title: "Cold hands", content: "What helps?", authorId: author.id }).returning();
    const report = { intent: "report", targetType: "question", targetId: String(q.id), reason: "Looks like spam" };
    const first = await followWithToast(await post(`/forum/${q.id}`, reader.cookie, report), reader.cookie);
    expect(first).toContain("Thank you for your report");
    const again = await followWithToast(await post(`/forum/${q.id}`, reader.cookie, report), reader.cookie);
    expect(again).toContain("You have already reported this");
    expect(again).not.toContain("Thank you for your report");
  });
});

describe("the toast a post leaves", () => {
  it("is shown by the page it leads to, even when another request of the page comes first", async () => {
    const asker = await app.member();
    const posted = await app.postForm("/forum", asker.cookie, { title: "Toast kept for the new question", content: "Is it said?" });
    expect(posted.status).toBe(302);
    const toast = posted.headers
      .getSetCookie()
      .find((c) => c.startsWith("toast="))!
      .split(";")[0];
    const cookie = `${asker.cookie}; ${toast}`;
    // The ask form's look-up of similar titles, sent as the page moves on: it shows no toast.
    const lookup = await app.fetch("/forum/similar.data?title=Toast+kept&_routes=routes%2Fforum%2Fforum-similar", { headers: { Cookie: cookie } });
    expect(lookup.headers.getSetCookie().some((c) => c.startsWith("toast="))).toBe(false);
    const page = await app.fetch(posted.headers.get("location")!, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain("Question posted!");
    expect(page.headers.getSetCookie().some((c) => c.startsWith("toast=;"))).toBe(true);
  });
});
