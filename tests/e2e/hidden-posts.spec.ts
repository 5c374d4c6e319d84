// A post a moderator hid, as moderators still see it at 375 and 1280 px: greyed as a whole (grey
// ground and text, dashed edge) with a "Hidden" badge in words, on the question page, in its
// answers and in the reports list; not one small red line.
import type { Locator } from "@playwright/test";
import { askQuestion, DESKTOP, expect, expectAccessible, expectLargeTargets, gotoReady, PHONE, postAnswer, signUp, signUpAdmin, test } from "./fixtures";

const GREY = "rgb(236, 236, 236)";
const GREY_TEXT = "rgb(69, 64, 60)";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

const look = (el: Element) => {
  const s = getComputedStyle(el);
  return { background: s.backgroundColor, color: s.color, borderStyle: s.borderTopStyle };
};

/** The post is grey as a whole and says "Hidden" in a badge of its own. */
async function expectGreyed(post: Locator, label: string) {
  expect(await post.evaluate(look), label).toEqual({ background: GREY, color: GREY_TEXT, borderStyle: "dashed" });
  await expect(post.getByText("Hidden", { exact: true }).first(), label).toBeVisible();
}

test("a hidden question and answer are greyed with a 'Hidden' badge for moderators, at 375 and 1280 px", async ({ browser }) => {
  test.setTimeout(180_000);
  const askerCtx = await browser.newContext();
  const asker = await askerCtx.newPage();
  await signUp(asker);
  const title = `A cure that sounds too good ${tag()}`;
  const questionId = await askQuestion(asker, title, "Someone sells a tea that ends flares for good.");
  const answer = `Buy it from my shop ${tag()}`;
  await postAnswer(asker, questionId, answer);
  // Another member reports the question, so it is in the moderators' list too.
  const reporterCtx = await browser.newContext();
  const reporter = await reporterCtx.newPage();
  await signUp(reporter);
  await gotoReady(reporter, `/forum/${questionId}`);
  const question = reporter.getByRole("article");
  await question.getByText("Report", { exact: true }).click();
  await question.getByLabel("What is wrong with it?").fill("Selling a cure.");
  await question.getByRole("button", { name: "Send report" }).click();
  await expect(reporter.getByText("Thank you for your report", { exact: true })).toBeVisible();
  await reporterCtx.close();

  const modCtx = await browser.newContext(PHONE);
  const mod = await modCtx.newPage();
  await signUpAdmin(mod, "e2e-admin-hidden@example.com");
  await gotoReady(mod, `/forum/${questionId}`);
  await mod.getByRole("button", { name: "Hide this answer" }).click();
  await expect(mod.getByText("Answer hidden", { exact: true })).toBeVisible();
  await mod.getByRole("button", { name: "Hide this question" }).click();
  await expect(mod.getByText("Question hidden", { exact: true })).toBeVisible();

  for (const [size, options] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    const context = await browser.newContext({ ...options, storageState: await modCtx.storageState() });
    const page = await context.newPage();
    await gotoReady(page, `/forum/${questionId}`);
    await expectGreyed(page.getByRole("article"), `question at ${size}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("color", GREY_TEXT);
    await expectGreyed(page.locator("li[id^='answer-']").filter({ hasText: answer }).locator(":scope > div"), `answer at ${size}`);
    // Following or reporting hidden content is refused, so neither is offered; Restore is.
    const article = page.getByRole("article");
    await expect(article.getByRole("button", { name: "Restore this question" })).toBeVisible();
    await expect(article.getByRole("button", { name: /^Follow/ })).toHaveCount(0);
    await expect(page.getByText("Report", { exact: true })).toHaveCount(0);
    await expectAccessible(page, `hidden question, moderator, ${size}`);
    await expectLargeTargets(page, `hidden question, moderator, ${size}`);

    await gotoReady(page, "/admin/reports");
    const card = page.getByRole("listitem").filter({ hasText: title }).locator(":scope > div");
    await expectGreyed(card, `reported question at ${size}`);
    await expectAccessible(page, `reports with a hidden question, ${size}`);
    await expectLargeTargets(page, `reports with a hidden question, ${size}`);
    // The landing page's counts (a badge inside each link) pass the same checks.
    await gotoReady(page, "/admin");
    await expect(page.getByRole("link", { name: /^Reports/ })).toBeVisible();
    await expectAccessible(page, `/admin, ${size}`);
    await expectLargeTargets(page, `/admin, ${size}`);
    await context.close();
  }
  await modCtx.close();
  await askerCtx.close();
});
