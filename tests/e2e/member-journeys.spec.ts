// A member's evening on a 375 px phone (by touch) and on a 1280 px laptop, with JavaScript:
// signing in from the forum comes back to it, filters apply at once, similar questions show
// while a title is typed, saving closes the editor, the keyboard reaches the answer box at once
// and lands on what was posted, toasts leave the form alone, a double tap marks Helpful once, a
// report keeps the page where it was, a misspelt search finds what was meant, and the blog's
// share form is reachable from the top and lands on the story.
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, expectLargeTargets, gotoReady, uniqueEmail, test } from "./fixtures";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/** Presses Tab until `target` has focus; returns how many presses it took (fails past `most`). */
async function tabTo(page: Page, target: Locator, most: number) {
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`not reached in ${most} Tabs`);
}

for (const width of [375, 1280]) {
  const phone = width === 375;
  test(`at ${width} px a member signs in from the forum, asks, edits, answers by keyboard, marks, reports, searches and shares a story`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height: phone ? 740 : 800 }, hasTouch: phone, isMobile: phone });
    const page = await context.newPage();
    const tap = (locator: Locator) => (phone ? locator.tap() : locator.click());

    // Signing in from the forum's top bar comes back to the forum; the password can be shown.
    await gotoReady(page, "/forum");
    if (phone) await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
    await tap(page.locator("header").getByRole("link", { name: "Sign In" }));
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fforum$/);
    await tap(page.getByRole("tab", { name: "Sign Up" }));
    const form = page.locator("form[data-form='sign-up']");
    const email = uniqueEmail("journey");
    await form.getByLabel("Email").fill(email);
    const password = form.getByLabel("Password", { exact: true });
    await password.fill("a-long-password-1");
    const show = form.getByRole("button", { name: "Show password" });
    await expect(show).toHaveAttribute("aria-pressed", "false");
    await tap(show);
    await expect(show).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await expectAccessible(page, `/auth, password shown, ${width} px`);
    await expectLargeTargets(page, `/auth, ${width} px`);
    await form.getByLabel("I am 16 or older").check();
    await tap(form.getByRole("button", { name: "Create Account" }));
    await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
    await expect(page).toHaveURL(/\/forum$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    // A filter applies as soon as it is chosen.
    await page.getByLabel("Sort by").selectOption("unanswered");
    await expect(page).toHaveURL(/\/forum\?sort=unanswered$/);
    await expect(page.getByRole("list", { name: "Unanswered questions, newest first" }).or(page.getByText("No questions here yet"))).toBeVisible();

    // Similar questions under the title while it is typed; the posted question has focus.
    await gotoReady(page, "/forum");
    await tap(page.getByRole("link", { name: "Ask Question" }));
    const dialog = page.getByRole("dialog", { name: "Ask the community" });
    const title = `Jar openers for stiff hands ${width}`;
    await dialog.getByLabel("Title").fill(title);
    await expect(dialog.getByRole("link", { name: /^Tips for opening jars\?/ })).toBeVisible();
    await expectAccessible(page, `the Ask dialog with similar questions, ${width} px`);
    await dialog.getByLabel("Content").fill("Which jar opener works for you?");
    await tap(dialog.getByRole("button", { name: "Post Question" }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeFocused();

    // Saving an edit closes the editor, as a page load would.
    const article = page.locator("article");
    await tap(article.getByText("Edit", { exact: true }));
    await article.getByLabel("Content").fill("Which jar opener works for you, and where did you find it?");
    await tap(article.getByRole("button", { name: "Save changes" }));
    await expect(page.getByText("Question updated", { exact: true })).toBeVisible();
    await expect(article.getByRole("button", { name: "Save changes" })).toBeHidden();
    await expect(article).toContainText("where did you find it?");

    // By keyboard: the skip link, then two Tabs reach "Write an answer", Enter puts the cursor in
    // the box, and after posting, focus is on the new answer. The message leaves the form free.
    await gotoReady(page, new URL(page.url()).pathname);
    await tabTo(page, page.getByRole("link", { name: "Skip to content" }), 1);
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("link", { name: "Write an answer" }), 2);
    await page.keyboard.press("Enter");
    const box = page.getByLabel("Your answer", { exact: true });
    await expect(box).toBeFocused();
    await page.keyboard.type("A rubber grip and a wide lever opener from the hardware shop.");
    const post = page.getByRole("button", { name: "Post Answer" });
    await post.focus();
    await page.keyboard.press("Enter");
    const toast = page.locator("li[data-variant]").filter({ hasText: "Answer posted!" });
    await expect(toast).toBeVisible();
    await expect(page.locator("li[id^='answer-']").filter({ hasText: "A rubber grip" })).toBeFocused();
    const toastBox = await boxOf(toast);
    for (const [name, control] of [
      ["the answer box", box],
      ["Post Answer", post],
      ["the account menu", page.getByRole("button", { name: `Account menu for ${email}` })],
    ] as const) {
      if (await control.isVisible()) expect(overlaps(toastBox, await boxOf(control)), `the toast covers ${name}`).toBe(false);
    }

    // On another member's question: a double tap on Helpful marks it once, with one message.
    // Found by search: other members' questions push it off the first page of any list.
    await gotoReady(page, `/search?q=${encodeURIComponent("anyone else find mornings the hardest")}`);
    await gotoReady(page, (await page.getByRole("link", { name: "Does anyone else find mornings the hardest?", exact: true }).first().getAttribute("href"))!);
    const answers = page.locator("li[id^='answer-']");
    const helpful = answers.nth(0).getByRole("button", { name: "Helpful" });
    await helpful.dblclick();
    await expect(helpful).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Marked as helpful", { exact: true })).toBeVisible();
    await expect(page.getByText("Helpful mark taken back", { exact: true })).toHaveCount(0);
    await expect(helpful).toHaveAttribute("aria-pressed", "true");

    // Reporting the fourth answer keeps the page where it was and says so there.
    const fourth = answers.nth(3);
    await fourth.scrollIntoViewIfNeeded();
    await tap(fourth.getByText("Report", { exact: true }));
    await fourth.getByLabel("What is wrong with it?").fill("Reads like an advertisement.");
    const before = await page.evaluate(() => window.scrollY);
    await tap(fourth.getByRole("button", { name: "Send report" }));
    await expect(fourth.getByText("Reported. Thank you: a moderator will look at it soon.")).toBeVisible();
    // Where it was (give or take the closed form's few pixels), not back at the top.
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before), "the page moved").toBeLessThanOrEqual(48);
    await expect(fourth.getByText("Reported. Thank you: a moderator will look at it soon.")).toBeInViewport();
    await expectAccessible(page, `a question after a report, ${width} px`);

    // Search: the phone's search button puts the cursor in the box; a misspelt word is found.
    await gotoReady(page, "/forum");
    if (phone) {
      await tap(page.locator("header").getByRole("link", { name: "Search", exact: true }));
      await expect(page.getByLabel("Search guides, stories and questions")).toBeFocused();
      await page.keyboard.type("stifness morning");
      await page.keyboard.press("Enter");
    } else {
      await page.getByLabel("Search the site").fill("stifness morning");
      await page.keyboard.press("Enter");
    }
    await expect(page.getByText("No results for “stifness morning”. Did you mean “stiffness morning”?")).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await expectAccessible(page, `/search corrected, ${width} px`);

    // The blog: its share form is reachable from the top; a shared story lands on its line.
    await gotoReady(page, "/blog");
    const share = page.getByRole("link", { name: "Share your story" });
    expect((await boxOf(share)).y, "the share link on the first screen").toBeLessThan(page.viewportSize()!.height);
    await tap(share);
    const story = `Warm water mornings ${width}`;
    await page.locator("#share-story").getByLabel("Title").fill(story);
    await page.locator("#share-story").getByLabel("Your story").fill("A bowl of warm water before breakfast.");
    await tap(page.getByRole("button", { name: "Send for review" }));
    await expect(page).toHaveURL(/\/account#story-\d+$/);
    const row = page.getByRole("listitem").filter({ hasText: story });
    await expect(row.getByText("Waiting for review")).toBeInViewport();
    await context.close();
  });
}
