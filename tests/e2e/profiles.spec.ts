import { expect, expectAccessible, expectLargeTargets, gotoReady, signUp, test } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test.describe("public profiles", () => {
  test("a member turns on a public profile by keyboard at 375px; readers follow the name to it", async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    await signUp(page);
    const name = `Robin ${tag()}`;
    await gotoReady(page, "/account");
    await page.getByLabel("Display name").fill(name);
    await page.getByRole("button", { name: "Save display name" }).click();
    await expect(page.getByText("Display name saved", { exact: true })).toBeVisible();
    await expect(page.getByText("Your profile is private.")).toBeVisible();

    // Keyboard only: focus the button and press Enter.
    const turnOn = page.getByRole("button", { name: "Turn on my public profile" });
    await turnOn.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Public profile on", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn off my public profile" })).toBeVisible();
    await gotoReady(page, "/account");
    await expectAccessible(page, "/account with a public profile");
    await expectLargeTargets(page, "/account with a public profile");

    // A question of theirs: the name on it links to the profile.
    const title = `Splints for sleeping ${tag()}`;
    await gotoReady(page, "/forum?ask=1");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Content").fill("Has anyone tried a wrist splint at night?");
    await page.getByRole("button", { name: "Post Question" }).click();
    await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();

    const reader = await (await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true })).newPage();
    await gotoReady(reader, "/forum");
    await reader.getByRole("link", { name: title, exact: true }).click();
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
    await expectLargeTargets(reader, "question page with a linked author");
    await reader.getByRole("link", { name, exact: true }).click();
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(reader.getByText(/^Member since \w+ \d{4} · 1 question · 0 answers$/)).toBeVisible();
    await expect(reader.getByRole("link", { name: title })).toBeVisible();
    await expectAccessible(reader, "public profile");
    await expectLargeTargets(reader, "public profile");
    const profileUrl = reader.url();

    // Off again: the page is gone for readers at once.
    await gotoReady(page, "/account");
    await page.getByRole("button", { name: "Turn off my public profile" }).click();
    await expect(page.getByText("Public profile off", { exact: true })).toBeVisible();
    const gone = await reader.goto(profileUrl);
    expect(gone?.status()).toBe(404);
    await ctx.close();
    await reader.context().close();
  });
});
