// A member mutes another from their profile: the muted member's question is folded with a Show
// control, on its page and in the forum's list, and the list on /account offers Unmute. A hidden post's author is told why in the bell,
// still sees the post marked "Hidden from others", and asks once for another look. Axe at 375 and 1280 px.
import type { Browser, Page } from "@playwright/test";
import { askQuestion, DESKTOP, expect, expectAccessible, expectLargeTargets, gotoReady, PHONE, setDisplayName, signUp, signUpAdmin, test } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

/** The page at 375 and 1280 px, in the same member's session: axe clean, targets large enough. */
async function checkBothSizes(browser: Browser, from: Page, path: string, label: string) {
  const state = await from.context().storageState();
  for (const [size, options] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    const ctx = await browser.newContext({ ...options, storageState: state });
    const page = await ctx.newPage();
    await gotoReady(page, path);
    await expectAccessible(page, `${label} at ${size}`);
    await expectLargeTargets(page, `${label} at ${size}`);
    await ctx.close();
  }
}

test("a member mutes another from their profile: their question is folded with Show, in the forum's list too, and Unmute on /account undoes it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tomCtx = await browser.newContext();
  const tom = await tomCtx.newPage();
  await signUp(tom);
  const tomName = `Tom ${tag()}`;
  await setDisplayName(tom, tomName);
  await tom.getByRole("button", { name: "Turn on my public profile" }).click();
  await expect(tom.getByText("Public profile on", { exact: true })).toBeVisible();
  const profilePath = await tom.getByRole("link", { name: "View your public profile" }).getAttribute("href");
  const title = `Warm gloves at night ${tag()}`;
  const questionId = await askQuestion(tom, title, "Do warm gloves at night help your morning stiffness?");
  await tomCtx.close();

  const miaCtx = await browser.newContext(PHONE);
  const mia = await miaCtx.newPage();
  await signUp(mia);
  await gotoReady(mia, profilePath!);
  await checkBothSizes(browser, mia, profilePath!, "a profile with Mute");
  await mia.getByRole("button", { name: `Mute ${tomName}` }).click();
  await expect(mia.getByText("Muted", { exact: true })).toBeVisible();
  await expect(mia.getByRole("button", { name: `Unmute ${tomName}` })).toBeVisible();

  // Folded on the question page, opened by Show (a <details>: no script needed).
  await gotoReady(mia, `/forum/${questionId}`);
  const body = mia.getByText("Do warm gloves at night help your morning stiffness?");
  await expect(mia.getByText(`Hidden because you muted ${tomName}`)).toBeVisible();
  await expect(body).toBeHidden();
  await checkBothSizes(browser, mia, `/forum/${questionId}`, "a muted member's question");
  await mia.getByText("Show", { exact: true }).click();
  await expect(body).toBeVisible();

  // Folded in the forum's list too: the row says whose it is, and Show opens its title and link.
  await gotoReady(mia, "/forum");
  const row = mia.locator("[data-question-row]").filter({ hasText: `Hidden because you muted ${tomName}` });
  await expect(row).toHaveCount(1);
  const titleLink = row.getByRole("link", { name: title, exact: true });
  await expect(titleLink).toBeHidden();
  await checkBothSizes(browser, mia, "/forum", "the forum with a muted member's question");
  await row.getByText("Show", { exact: true }).click();
  await expect(titleLink).toBeVisible();
  await expect(titleLink).toHaveAttribute("href", `/forum/${questionId}`);

  // The list on /account, only for her; Unmute undoes it.
  await gotoReady(mia, "/account");
  const list = mia.getByRole("region", { name: "Muted members" });
  await expect(list.getByText(tomName)).toBeVisible();
  await checkBothSizes(browser, mia, "/account", "/account with a muted member");
  await list.getByRole("button", { name: `Unmute ${tomName}` }).click();
  await expect(mia.getByText("Unmuted", { exact: true })).toBeVisible();
  await gotoReady(mia, `/forum/${questionId}`);
  await expect(mia.getByText(`Hidden because you muted ${tomName}`)).toBeHidden();
  await expect(body).toBeVisible();
  await miaCtx.close();
});

test("a hidden question's author is told why, still sees it marked 'Hidden from others', and asks once for another look", async ({ browser }) => {
  test.setTimeout(180_000);
  const authorCtx = await browser.newContext(PHONE);
  const author = await authorCtx.newPage();
  await signUp(author);
  const title = `A tea that ends flares ${tag()}`;
  const questionId = await askQuestion(author, title, "Someone sells a tea that ends flares for good. Has anyone tried it?");

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

  const modCtx = await browser.newContext();
  const mod = await modCtx.newPage();
  await signUpAdmin(mod, "e2e-admin-author-hidden@example.com");
  await gotoReady(mod, `/forum/${questionId}`);
  await mod.getByRole("button", { name: "Hide this question" }).click();
  await expect(mod.getByText("Question hidden", { exact: true })).toBeVisible();

  // The bell says why (never who reported), and leads to the post.
  await gotoReady(author, "/notifications");
  await expect(author.getByText(`A moderator hid your question on “${title}” from others. Reason: Something else.`)).toBeVisible();
  await checkBothSizes(browser, author, "/notifications", "/notifications with a hidden post's notice");
  await author.getByRole("link", { name: "See your post, edit it or ask for another look" }).click();
  await expect(author.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(author.getByText("Hidden from others", { exact: true })).toBeVisible();
  await checkBothSizes(browser, author, `/forum/${questionId}`, "the author's hidden question");

  await author.getByRole("button", { name: "Ask for another look" }).click();
  await expect(author.getByText("Thank you: a moderator will look again", { exact: true })).toBeVisible();
  await expect(author.getByText("You asked for another look. A moderator will look at it soon.")).toBeVisible();
  await expect(author.getByRole("button", { name: "Ask for another look" })).toBeHidden();

  // Readers do not find it.
  const readerCtx = await browser.newContext();
  const reader = await readerCtx.newPage();
  const res = await reader.goto(`/forum/${questionId}`);
  expect(res?.status()).toBe(404);
  await Promise.all([readerCtx.close(), modCtx.close(), authorCtx.close()]);
});
