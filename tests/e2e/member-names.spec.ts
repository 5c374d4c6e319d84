// What a member trips over around posting, checked in the built site at 375 and 1280 px: the name a
// post will appear under (shown, and chosen, before posting), where asking lands, signing out
// without JavaScript, touch targets in the footer and the skip link, wording, and page padding.
import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectAccessible, expectLargeTargets, gotoReady, memberPage, PHONE, test, uniqueEmail } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

/** The line under a question or an answer that names its author. */
const byline = (scope: ReturnType<Page["locator"]>) => scope.locator("p", { hasText: " · " }).first();

test.describe("the name a post appears under", () => {
  test("the ask dialog shows it, a member without one chooses it there, and lands on the new question, at 1280 px", async ({ browser }) => {
    const page = await memberPage(browser, DESKTOP);
    await gotoReady(page, "/forum");
    await expect(page.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
    await page.getByRole("link", { name: "Ask Question" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask the community" });
    const name = dialog.getByLabel("Display name");
    await expect(name).toHaveValue("");
    await expect(dialog.getByText("Your question will appear under this name. Leave it empty to appear as \u2018Anonymous\u2019.")).toBeVisible();
    const title = `Jar openers that work ${tag()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Content").fill("Which one do you use on stiff days?");
    await name.fill("Rosa M.");
    await expectAccessible(page, "ask dialog with the name field");
    await dialog.getByRole("button", { name: "Post Question" }).click();
    await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
    // Lands on the new question (not the list), shown under the chosen name.
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(byline(page.locator("article"))).toContainText("Rosa M.");
    // Its asker is not asked to answer their own question.
    await expect(page.getByText("No answers yet.", { exact: true })).toBeVisible();
    // The answer form shows the name too, now chosen.
    await expect(page.getByLabel("Display name")).toHaveValue("Rosa M.");
    await expect(page.getByText(/^Your answer will appear under this name\. Changing it here/)).toBeVisible();
    await page.context().close();
  });

  test("the answer form keeps what was typed when the name is refused, then posts under the chosen name, at 375 px", async ({ browser }) => {
    const asker = await memberPage(browser, PHONE);
    await gotoReady(asker, "/forum?ask=1#ask");
    const title = `Gloves at night ${tag()}`;
    await asker.locator("#ask").getByLabel("Title").fill(title);
    await asker.locator("#ask").getByLabel("Content").fill("Do compression gloves help you sleep?");
    await asker.locator("#ask").getByRole("button", { name: "Post Question" }).click();
    await expect(asker.getByRole("heading", { level: 1 })).toHaveText(title);
    const path = new URL(asker.url()).pathname;
    // Without a name the question appears as 'Anonymous', as the form said it would.
    await expect(byline(asker.locator("article"))).toContainText("Anonymous");

    const page = await memberPage(browser, PHONE);
    await gotoReady(page, path);
    await expect(page.getByText("Your answer will appear under this name. Leave it empty to appear as \u2018Anonymous\u2019.")).toBeVisible();
    await page.getByLabel("Your answer", { exact: true }).fill("Mine help, the fingerless kind.");
    await page.getByLabel("Display name").fill("Admin Ben");
    await page.getByRole("button", { name: "Post Answer" }).tap();
    await expect(page.getByText("This display name belongs to the site or its team. Please choose another name.")).toBeVisible();
    await expect(page.getByLabel("Your answer", { exact: true })).toHaveValue("Mine help, the fingerless kind.");
    await expect(page.getByRole("heading", { name: "0 Answers" })).toBeVisible();
    await page.getByLabel("Display name").fill("Ben K");
    await page.getByRole("button", { name: "Post Answer" }).tap();
    await expect(page.getByText("Answer posted!", { exact: true }).first()).toBeVisible();
    await expect(byline(page.locator("li[id^='answer-']").first())).toContainText("Ben K");
    await expectAccessible(page, "question page with the name field");
    await expectLargeTargets(page, "question page with the name field");
    await page.context().close();
    await asker.context().close();
  });

  test("a sign-up from the forum offers the name, and the ask form starts with it, at 375 px", async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await gotoReady(page, "/forum");
    await page.getByRole("link", { name: "Sign in to ask questions" }).tap();
    await page.getByRole("tab", { name: "Sign Up" }).tap();
    const form = page.locator("form[data-form='sign-up']");
    const email = uniqueEmail("named");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("a-long-password-1");
    await expect(form.getByText(/^What you write will appear under this name\./)).toBeVisible();
    await form.getByLabel("Display name (optional)").fill("Carla from Leeds");
    await form.getByLabel("I am 16 or older").check();
    await form.getByRole("button", { name: "Create Account" }).tap();
    await expect(page).toHaveURL(/\/forum$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
    await page.getByRole("link", { name: "Ask Question" }).tap();
    await expect(page.getByRole("dialog", { name: "Ask the community" }).getByLabel("Display name")).toHaveValue("Carla from Leeds");
    await context.close();
  });

  test("Join Community opens the sign-up tab", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByRole("link", { name: "Join Community" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("form[data-form='sign-up']")).toBeVisible();
  });
});

test.describe("after asking", () => {
  test("asking from a topic's page lands on the new question, not on the forum's list, at 375 px", async ({ browser }) => {
    const page = await memberPage(browser, PHONE);
    await gotoReady(page, "/forum/topics/diet");
    await page.getByRole("link", { name: "Ask about this topic" }).tap();
    const form = page.locator("#ask");
    await expect(form.getByLabel("Topic")).toHaveValue(/\d+/);
    const title = `Batch cooking on good days ${tag()}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Content").fill("What do you freeze for the bad days?");
    await form.getByRole("button", { name: "Post Question" }).tap();
    await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("link", { name: "Diet" })).toHaveAttribute("href", "/forum/topics/diet");
    await page.context().close();
  });
});

test.describe("signing out without JavaScript", () => {
  for (const [size, options] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    test(`a Sign out form in the side navigation, at ${size} px`, async ({ browser }) => {
      const context = await browser.newContext({ ...options, javaScriptEnabled: false });
      const page = await context.newPage();
      const email = uniqueEmail("nojs-out");
      await page.goto("/auth?tab=signup");
      const up = page.locator("form[data-form='sign-up']");
      await up.getByLabel("Email").fill(email);
      await up.getByLabel("Password").fill("nojs-password-2");
      await up.getByLabel("I am 16 or older").check();
      await up.getByRole("button", { name: "Create Account" }).click();
      await page.goto("/blog");
      const nav = page.locator("aside[aria-label='Site']");
      if (size === "375") await page.getByRole("link", { name: "Menu" }).click();
      await expect(nav).toBeVisible();
      await nav.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
      await page.goto("/account");
      await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount$/);
      await context.close();
    });
  }
});

test.describe("touch targets", () => {
  test("the footer's Community guidelines link is at least 44 px high, at 375 px", async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await gotoReady(page, "/blog");
    const guidelines = page.locator("footer p").getByRole("link", { name: "Community guidelines" });
    expect((await guidelines.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  test("the focused skip link is at least 44 px high, at 375 px", async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await gotoReady(page, "/blog");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });
});

test.describe("wording and padding", () => {
  test("a name ending in a full stop gets no second one, and the data download says what it is, at 375 px", async ({ browser }) => {
    const page = await memberPage(browser, PHONE);
    await gotoReady(page, "/account");
    await page.getByLabel("Display name").fill("Rosa M.");
    await page.getByRole("button", { name: "Save display name" }).tap();
    await expect(page.getByText("Other members now see you as Rosa M.", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/account/export");
    await expect(page.getByText(/as JSON/)).toHaveCount(0);
    await page.context().close();
  });

  test("a story's page has the page's padding on a phone", async ({ browser }) => {
    const page = await memberPage(browser, PHONE);
    await gotoReady(page, "/blog#share-story");
    const title = `Slow mornings ${tag()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Your story").fill("Warm showers first thing help me.");
    await page.getByRole("button", { name: "Send for review" }).tap();
    await expect(page).toHaveURL(/\/account#story-\d+$/);
    await page.getByRole("link", { name: title }).tap();
    const heading = page.getByRole("heading", { level: 1, name: "Your story" });
    await expect(heading).toBeVisible();
    const box = (await heading.boundingBox())!;
    expect(box.x, "the heading does not touch the screen's left edge").toBeGreaterThanOrEqual(16);
    const field = (await page.getByLabel("Your story").boundingBox())!;
    expect(field.x + field.width, "the form does not touch the screen's right edge").toBeLessThanOrEqual(375 - 16);
    await page.context().close();
  });
});
