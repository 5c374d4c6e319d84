// Over HTTP, as browsers get the pages: the "Need help now?" page and its links beside the
// disclaimers and in the footer; and the count beside Admin that moderators see on every page,
// which only their own pages carry and which follows reports as they come and go.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateTag, tag } from "~/server/infra/change-tags.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { recordChanges } from "../helpers/runtime";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
}, 60_000);
afterAll(() => app.close());

const page = async (path: string, cookie = "") => {
  const res = await app.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
};

/** The Admin link's words as a screen reader hears them (its text, hidden parts left out). */
function adminLink(html: string) {
  const match = /<a[^>]*href="\/admin"[^>]*>([\s\S]*?)<\/a>/.exec(html);
  if (!match) return null;
  return match[1]
    .replace(/<span aria-hidden="true"[^>]*>[\s\S]*?<\/span>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("Need help now?", () => {
  it("is a page with 988, 911 and what to do outside the US, and is linked from the footer and beside the answer form", async () => {
    const html = await page("/help-now");
    expect(html).toContain("Need help now?");
    expect(html).toMatch(/call or text <strong>988<\/strong>/);
    expect(html).toMatch(/call <strong>911<\/strong>/);
    expect(html).toContain("Outside the US, call your local emergency number, or a crisis line where you live.");
    expect(html).toContain("not medical advice");

    expect(await page("/")).toMatch(/<footer[\s\S]*href="\/help-now"[\s\S]*<\/footer>/);
    const member = await app.member();
    const id = await app.ask(member.cookie, "How do you pace a bad week?");
    const question = await page(`/forum/${id}`, member.cookie);
    expect(question).toMatch(/not a substitute for medical advice\. <a[^>]*href="\/help-now"[^>]*>Need help now\?<\/a>/);
    // The guidelines keep their own words about 988 and 911, and lead to the page.
    const guidelines = await page("/community-guidelines");
    expect(guidelines).toContain("in the US call or text <strong>988</strong>");
    expect(guidelines).toContain('href="/help-now"');
  });

  it("the guidelines say why a story may be sent back or not published, and the story form leads there", async () => {
    const guidelines = await page("/community-guidelines");
    expect(guidelines).toContain('<h2 id="stories">Stories: what an editor looks for</h2>');
    expect(guidelines).toContain("tells readers to start, stop or change a medicine, or promises a cure;");
    expect(guidelines).toContain("advertises or links to something for sale");
    const member = await app.member();
    expect(await page("/blog", member.cookie)).toMatch(/<a[^>]*href="\/community-guidelines#stories"[^>]*>What editors look for in a story<\/a>/);
  });
});

describe("the count beside Admin", () => {
  it("shows moderators what waits, the urgent apart, on any page, and never on readers' or members' pages", async () => {
    const moderator = await app.member({ role: "moderator" });
    const asker = await app.member();
    const reporter = await app.member();
    const id = await app.ask(asker.cookie, "Is it normal to feel this low?");
    expect(adminLink(await page("/forum", moderator.cookie))).toBe("Admin");

    const changes = recordChanges(app.runtime);
    const res = await app.postForm(`/forum/${id}`, reporter.cookie, { intent: "report", targetType: "question", targetId: String(id), category: "at-risk" });
    expect(res.status).toBe(302);
    // The report names the moderators' private count, and nothing readers share.
    expect(changes.tags()).toContain(tag.review);
    expect(isPrivateTag(tag.review)).toBe(true);

    for (const path of ["/forum", "/blog", `/forum/${id}`]) {
      const html = await page(path, moderator.cookie);
      expect(adminLink(html)).toBe("Admin 1 item waiting for review, 1 urgent");
      expect(html).toContain('data-waiting-count="1"');
    }
    for (const html of [await page("/forum"), await page("/forum", reporter.cookie)]) {
      expect(html).not.toContain("waiting for review");
      expect(html).not.toContain("data-waiting-count");
    }

    await app.postForm(`/forum/${id}`, reporter.cookie, { intent: "report", targetType: "question", targetId: String(id), category: "spam" });
    const other = await app.member();
    await app.postForm(`/forum/${id}`, other.cookie, { intent: "report", targetType: "question", targetId: String(id), category: "spam" });
    expect(adminLink(await page("/forum", moderator.cookie))).toBe("Admin 2 items waiting for review, 1 urgent");

    // Dealt with: the count goes at once.
    expect((await app.postForm("/admin/reports", moderator.cookie, { intent: "hide", targetType: "question", targetId: String(id) })).status).toBe(302);
    expect(adminLink(await page("/forum", moderator.cookie))).toBe("Admin");

    // The bell: the moderator was told at once; the reporter, that it was dealt with.
    expect(await page("/notifications", moderator.cookie)).toContain("Urgent: a member may be at risk of harming themselves.");
    const told = await page("/notifications", reporter.cookie);
    expect(told).toContain("A moderator has looked at a post you reported.");
    expect(told).not.toContain("Urgent:");
  });
});
