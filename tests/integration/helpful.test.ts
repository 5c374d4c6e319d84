// Helpful answers and "Helped me most" over real HTTP, each member's page rendered for them as in
// production: one mark per member (a second press takes it back), never on one's own answer, counts on the
// page, the asker's choice shown first with its label, each member's pressed state their own,
// and the answer's author told.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helpfulMarks } from "../../db/schema";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;

beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
});
afterAll(() => app.close());

const member = (displayName: string) => app.member({ displayName });
const post = (path: string, cookie: string, fields: Record<string, string>) => app.postForm(path, cookie, fields);

async function page(path: string, cookie: string) {
  const res = await app.fetch(path, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } });
  return { status: res.status, html: await res.text() };
}

const ask = (cookie: string, title: string) => app.ask(cookie, title);
const answer = (cookie: string, questionId: number, content: string) => app.answer(cookie, questionId, content);

/** The pressed state of the named toggle in one answer's card ("true", "false" or undefined when absent). */
function toggle(html: string, answerId: number, label: string) {
  const start = html.indexOf(`id="answer-${answerId}"`);
  const end = html.indexOf("</li>", start);
  const card = html.slice(start, end);
  // The button's icon comes before its label.
  return new RegExp(`aria-pressed="(true|false)"[^>]*>(?:<svg[^>]*>(?:(?!</svg>).)*</svg>)?${label}<`).exec(card)?.[1];
}

describe("helpful answers", () => {
  it("marks once, takes back on a second press, counts, and shows each member their own state", async () => {
    const asker = await member("Ola Asks");
    const writer = await member("Pia Writes");
    const reader = await member("Quin Reads");
    const other = await member("Rae Other");
    const question = await ask(asker.cookie, "Night splints: worth it?");
    const a = await answer(writer.cookie, question, "Mine stopped the morning claw hand.");

    expect((await post(`/forum/${question}`, reader.cookie, { intent: "helpful", answerId: String(a) })).status).toBe(302);
    for (let i = 0; i < 3; i++) {
      const mine = await page(`/forum/${question}`, reader.cookie);
      expect(toggle(mine.html, a, "Helpful")).toBe("true");
      expect(mine.html).toContain("1 found this helpful");
      // Rae never pressed it: her page shows it unpressed.
      expect(toggle((await page(`/forum/${question}`, other.cookie)).html, a, "Helpful")).toBe("false");
    }
    // The author has no Helpful button on their own answer.
    expect(toggle((await page(`/forum/${question}`, writer.cookie)).html, a, "Helpful")).toBeUndefined();

    expect((await post(`/forum/${question}`, reader.cookie, { intent: "helpful", answerId: String(a) })).status).toBe(302);
    const after = await page(`/forum/${question}`, reader.cookie);
    expect(toggle(after.html, a, "Helpful")).toBe("false");
    expect(after.html).not.toContain("found this helpful");
    expect(await app.runtime.db.select().from(helpfulMarks).where(eq(helpfulMarks.answerId, a))).toEqual([]);
    // Its author was told (once).
    expect((await page("/notifications", writer.cookie)).html).toContain("Someone found your answer helpful");
  });

  it("refuses one's own answer and unknown answers, changing nothing", async () => {
    const asker = await member("Sol Asks");
    const writer = await member("Tia Writes");
    const question = await ask(asker.cookie, "Compression gloves at work?");
    const a = await answer(writer.cookie, question, "They help me type for longer.");
    const own = await post(`/forum/${question}`, writer.cookie, { intent: "helpful", answerId: String(a) });
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("You cannot mark your own answer.");
    expect((await post(`/forum/${question}`, writer.cookie, { intent: "helpful", answerId: "abc" })).status).toBe(400);
    expect((await post(`/forum/${question}`, writer.cookie, { intent: "helpful", answerId: "99999999" })).status).toBe(404);
    expect(await app.runtime.db.select().from(helpfulMarks).where(eq(helpfulMarks.answerId, a))).toEqual([]);
  });
});

describe("helped me most", () => {
  it("only the asker chooses; the choice shows first with its label, moves, and clears", async () => {
    const asker = await member("Uma Asks");
    const first = await member("Vic First");
    const second = await member("Wyn Second");
    const question = await ask(asker.cookie, "Which jar opener?");
    const a1 = await answer(first.cookie, question, "The rubber pad one, every time.");
    const a2 = await answer(second.cookie, question, "An electric opener saved my wrists.");

    const notAsker = await post(`/forum/${question}`, first.cookie, { intent: "helped-most", answerId: String(a2) });
    expect(notAsker.status).toBe(403);
    expect(await notAsker.text()).toContain("Only the person who asked can choose the answer that helped most.");

    expect((await post(`/forum/${question}`, asker.cookie, { intent: "helped-most", answerId: String(a2) })).status).toBe(302);
    for (const viewer of [asker, first]) {
      const html = (await page(`/forum/${question}`, viewer.cookie)).html;
      expect(html.indexOf(`id="answer-${a2}"`)).toBeLessThan(html.indexOf(`id="answer-${a1}"`));
      expect(html).toContain("Helped the asker most");
    }
    expect(toggle((await page(`/forum/${question}`, asker.cookie)).html, a2, "Helped me most")).toBe("true");
    expect((await page("/notifications", second.cookie)).html).toContain("The asker says your answer helped them most");

    // Another choice moves it; the same one again clears it.
    await post(`/forum/${question}`, asker.cookie, { intent: "helped-most", answerId: String(a1) });
    let html = (await page(`/forum/${question}`, first.cookie)).html;
    expect(html.indexOf(`id="answer-${a1}"`)).toBeLessThan(html.indexOf(`id="answer-${a2}"`));
    await post(`/forum/${question}`, asker.cookie, { intent: "helped-most", answerId: String(a1) });
    html = (await page(`/forum/${question}`, first.cookie)).html;
    expect(html).not.toContain("Helped the asker most");
    expect(html.indexOf(`id="answer-${a1}"`)).toBeLessThan(html.indexOf(`id="answer-${a2}"`));
  });
});
