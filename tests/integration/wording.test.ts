// Words members and admins read, as the site says them: counts that agree with their nouns, labels
// in sentence case rather than capitals, guide tags a reader understands, a mail that opens with
// what happened, an unsubscribe page that says which address, and a passkey error naming its cause.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DangerZone } from "~/components/danger-zone";
import { importSummary } from "~/components/places/csv-import-panel";
import { QuestionList, type ListedQuestion } from "~/components/forum/question-list";
import { passkeyMessage } from "~/lib/passkey-messages";
import { composeNotificationMail } from "~/server/notifications/email/compose.server";
import { allGuides } from "~/server/guides/guide-pages.server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { loader as unsubscribeLoader } from "~/routes/account/email-unsubscribe";
import { callRoute, contextFor, createMember, createTestRuntime, getRequest } from "../helpers/runtime";

describe("wording", () => {
  it("a CSV import's report agrees in number: 1 new page record, 2 new cities", () => {
    const report = (kind: "pages" | "cities", inserted: number) => ({ kind, stored: true, accepted: inserted, inserted, updated: 0, ms: 20 }) as never;
    expect(importSummary(report("pages", 1))).toContain("(1 new page record, 0 updated)");
    expect(importSummary(report("cities", 2))).toContain("(2 new cities, 0 updated)");
  });

  it("the danger zone's label is in sentence case, not capitals", () => {
    const html = renderToString(createElement(DangerZone, { id: "x", title: "Delete account", description: "Gone for good.", children: null }));
    expect(html).toContain("Danger zone");
    expect(html).not.toMatch(/uppercase/);
  });

  it("guide tags say what a guide is about: no 'Brand' or 'Essential'", () => {
    const categories = [...allGuides().values()].map((g) => g.category);
    expect(categories).not.toContain("Brand");
    expect(categories).not.toContain("Essential");
  });

  it("a question without answers in the list does not ask its own asker to be the first to answer", () => {
    const question: ListedQuestion = {
      id: 5,
      title: "Warm gloves?",
      content: "Do they help?",
      createdAt: new Date().toISOString(),
      authorName: "Ana",
      authorProfile: null,
      answerCount: 0,
      lastActivityAt: new Date().toISOString(),
      topic: null,
      recentAnswers: [],
    };
    const router = createMemoryRouter([
      { path: "/", element: createElement(QuestionList, { questions: [question], sort: "newest", empty: { title: "", text: "" } }) },
    ]);
    const html = renderToString(createElement(RouterProvider, { router }));
    expect(html).not.toContain("Be the first to answer");
    expect(html).toContain("No answers yet");
  });

  it("a notification mail opens with what happened, not 'There is news'", () => {
    const mail = composeNotificationMail({
      siteUrl: "https://ra.capsiva.test",
      to: "a@example.com",
      displayName: "Ann",
      digest: false,
      unsubscribeToken: "t",
      items: [
        { id: 1, kind: "answer", questionId: 2, questionTitle: "Ice or heat?", answerId: 3, answerContent: "Heat.", authorName: "Ben", createdAt: new Date() },
      ],
    });
    expect(mail.text).not.toContain("There is news");
    // After the greeting, the first thing said is what happened.
    const lines = mail.text.split("\n").filter((line) => line.trim());
    expect(lines[lines.indexOf("Hello Ann,") + 1]).toBe('Here is what is new on "Ice or heat?" in the Capsiva RA Community forum.');
  });

  it("a passkey refused for the site's address says so, not 'cancelled or timed out'", () => {
    for (const error of [{ code: "INVALID_DOMAIN" }, { code: "ERROR_INVALID_DOMAIN" }, { message: "SecurityError: This is an invalid domain." }]) {
      for (const doing of ["add", "sign-in"] as const) {
        const message = passkeyMessage(error, doing, "127.0.0.1:3000");
        expect(message).not.toMatch(/cancelled|timed out/);
        expect(message).toContain("127.0.0.1:3000");
      }
    }
    expect(passkeyMessage({ code: "ERROR_CEREMONY_ABORTED" }, "add", "x")).toMatch(/cancelled or timed out/);
  });
});

describe("the unsubscribe page", () => {
  it("says which address the emails go to, partly hidden", async () => {
    const rt = await createTestRuntime();
    try {
      const member = await createMember(rt, { email: "pat.rivers@example.com" });
      const token = rt.unsubscribeTokens.sign(member.id);
      const { data } = await callRoute(unsubscribeLoader as never, getRequest(`/email/unsubscribe?token=${token}`), contextFor(rt));
      expect(data).toMatchObject({ state: "ask", address: "p•••@example.com" });
    } finally {
      await rt.close();
    }
  });
});
