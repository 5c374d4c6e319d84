import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectLargeTargets, gotoReady, signIn, signUp, test, turnOnTwoStep } from "./fixtures";

/** The page's section headings (h2) in the order a reader meets them, checked on screen too. */
async function sectionHeadings(page: Page) {
  const headings = page.locator("main h2");
  const names = (await headings.allTextContents()).map((t) => t.trim());
  const tops: number[] = [];
  for (const heading of await headings.all()) tops.push((await heading.boundingBox())!.y);
  // Read top to bottom, the sections come in the same order as in the markup.
  expect(tops, `heading positions for ${names.join(", ")}`).toEqual([...tops].sort((a, b) => a - b));
  return names;
}

test.describe("the sign-in and security page", () => {
  test("is titled 'Sign-in and security' and puts what members use most first, the danger zone last", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { password } = await signUp(page);
    await gotoReady(page, "/account");
    await page.getByRole("link", { name: "Sign-in and security" }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page).toHaveTitle(/^Sign-in and security \|/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in and security");
    expect(await sectionHeadings(page)).toEqual(["Passkeys", "Two-step verification", "Where you are signed in"]);
    await expectAccessible(page, "/account/security (two-step off)");

    await turnOnTwoStep(page, password);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await gotoReady(page, "/account/security");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-in and security");
      expect(await sectionHeadings(page), `at ${width} px`).toEqual([
        "Passkeys",
        "Two-step verification",
        "Where you are signed in",
        "Turn off two-step verification",
      ]);
      // The danger zone is the last thing in the page's content, below every other section.
      const zone = page.getByRole("region", { name: "Turn off two-step verification" });
      await expect(zone.getByText("Danger zone")).toBeVisible();
      const zoneTop = (await zone.boundingBox())!.y;
      const sessions = (await page.getByRole("heading", { name: "Where you are signed in" }).boundingBox())!;
      expect(zoneTop, `at ${width} px`).toBeGreaterThan(sessions.y + sessions.height);
      expect(await zone.evaluate((el) => el.parentElement!.lastElementChild === el), `at ${width} px`).toBe(true);
      // Every form still there: backup codes, the sessions list with this browser, passkeys.
      await expect(page.getByRole("button", { name: "Make new backup codes" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "this browser" })).toContainText("Chrome on Windows");
      await expect(page.getByRole("button", { name: "Add a passkey" })).toBeVisible();
      await expectAccessible(page, `/account/security (two-step on, ${width} px)`);
      if (width === 375) await expectLargeTargets(page, "/account/security (375 px)");
    }
  });

  test("signing out another session works from the security page", async ({ page, browser }) => {
    const { email, password } = await signUp(page);
    const other = await browser.newContext();
    const phone = await other.newPage();
    await signIn(phone, email, password);
    await expect(phone.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();

    await gotoReady(page, "/account/security");
    await page.getByRole("button", { name: "Sign out this session" }).click();
    await expect(page.getByText("Session signed out", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out this session" })).toHaveCount(0);
    await gotoReady(phone, "/account/security");
    await expect(phone).toHaveURL(/\/auth/);
    await other.close();
  });
});
