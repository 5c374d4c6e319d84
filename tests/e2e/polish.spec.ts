import type { Page } from "@playwright/test";
import { expect, gotoReady, signUp, signUpAdmin, test, turnOnTwoStep } from "./fixtures";

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
}

test.describe("what a member notices", () => {
  test("an error under a field goes once the field is corrected, before the next submit", async ({ page }) => {
    await signUp(page);
    await gotoReady(page, "/account");
    const field = page.getByLabel("Display name");
    // Bypass the browser's own 'required' check to see the server's answer.
    await page.locator("form", { has: field }).evaluate((f) => f.setAttribute("novalidate", ""));
    await field.fill("   ");
    await page.getByRole("button", { name: "Save display name" }).click();
    await expect(page.getByText("Display name is required")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await field.pressSequentially("Ana");
    await expect(page.getByText("Display name is required")).toBeHidden();
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    // A new submit that fails again shows the error again.
    await field.fill(" ");
    await page.getByRole("button", { name: "Save display name" }).click();
    await expect(page.getByText("Display name is required")).toBeVisible();
  });

  test("the sidebar greets a member by the name they chose; the field shows it as saved; sessions name the browser", async ({ page }) => {
    const { email } = await signUp(page);
    const sidebar = page.locator("aside[aria-label='Site']");
    await gotoReady(page, "/account");
    await expect(sidebar.getByText(`Welcome, ${email}`)).toBeVisible();
    await page.getByLabel("Display name").fill("  Ana Lopez  ");
    await page.getByRole("button", { name: "Save display name" }).click();
    await expect(page.getByText("Display name saved", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Display name")).toHaveValue("Ana Lopez");
    await expect(sidebar.getByText("Welcome, Ana Lopez")).toBeVisible();
    await page.reload();
    await expect(sidebar.getByText("Welcome, Ana Lopez")).toBeVisible();
    await gotoReady(page, "/account/security");
    const sessions = page.getByRole("listitem").filter({ hasText: "this browser" });
    // The browser preset of these tests says it is Chrome on Windows.
    await expect(sessions).toContainText("Chrome on Windows");
    await expect(sessions).not.toContainText("Mozilla");
  });

  test("at 200% text size the desktop header fits the window and Sign In stays on screen", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        document.documentElement.style.fontSize = "200%";
      });
    });
    for (const path of ["/", "/forum", "/blog"]) {
      await gotoReady(page, path);
      const widths = await pageWidth(page);
      expect(widths.page, path).toBe(1280);
      const signIn = await page.locator("header").getByRole("link", { name: "Sign In" }).boundingBox();
      expect(signIn, `Sign In on ${path}`).not.toBeNull();
      expect(signIn!.x + signIn!.width, `Sign In on ${path}`).toBeLessThanOrEqual(1280);
    }
  });

  test("/admin/places fits a 375 px phone on every tab, and says what it means", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await signUpAdmin(page, "e2e-admin-places@example.com");
    for (const tab of ["cities", "services", "pages", "import"]) {
      await gotoReady(page, `/admin/places?tab=${tab}`);
      const widths = await pageWidth(page);
      expect(widths.page, tab).toBe(375);
      await expect(page.locator("main")).not.toContainText("Upserted");
      await expect(page.locator("main")).not.toContainText(/\bNone\b/);
    }
    await context.close();
  });

  test("danger has its own place and style; each form has one obvious primary action", async ({ page, browser }) => {
    const { password } = await signUp(page);
    const brandRed = "rgb(179, 38, 30)";
    const background = (name: string) => page.getByRole("button", { name, exact: true }).evaluate((b) => getComputedStyle(b).backgroundColor);

    // Deleting the account sits in a marked danger area, in an outlined (not filled) button.
    await gotoReady(page, "/account");
    const deleteZone = page.getByRole("region", { name: "Delete my account" });
    await expect(deleteZone.getByText("Danger zone")).toBeVisible();
    await expect(deleteZone.getByRole("button", { name: "Delete my account" })).toBeVisible();
    expect(await background("Delete my account")).not.toBe(brandRed);

    // Two-step verification on: backup codes and turning it off are separate sections, each
    // with its own heading, form and password field; "Turn off" is not the loudest button.
    await gotoReady(page, "/account/security");
    await turnOnTwoStep(page, password);
    const codes = page.getByRole("region", { name: "Backup codes" });
    const off = page.getByRole("region", { name: "Turn off two-step verification" });
    await expect(codes.getByLabel("Password")).toHaveCount(1);
    await expect(off.getByLabel("Password to turn it off")).toHaveCount(1);
    await expect(off.getByText("Danger zone")).toBeVisible();
    await expect(codes.getByLabel("Password to turn it off")).toHaveCount(0);
    expect(await background("Turn off two-step verification")).not.toBe(brandRed);
    expect(await background("Make new backup codes")).not.toBe(brandRed);

    // An editor's form: "Save and publish" is the primary action, "Save draft" is not; a
    // "Published" badge is green, not the brand red.
    const editorCtx = await browser.newContext();
    const editor = await editorCtx.newPage();
    await signUpAdmin(editor, "e2e-admin-colours@example.com");
    await gotoReady(editor, "/admin/posts");
    const fill = (name: string) => editor.getByRole("button", { name, exact: true }).evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(await fill("Save and publish")).toBe(brandRed);
    expect(await fill("Save draft")).not.toBe(brandRed);
    const published = editor.getByText("Published", { exact: true }).first();
    await expect(published).toBeVisible();
    expect(await published.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(brandRed);
    await editorCtx.close();
  });

  test("the forum list is one scannable row per question", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoReady(page, "/forum");
    const rows = page.getByRole("list", { name: "Questions, newest first" }).locator(":scope > li");
    await expect(rows.first()).toBeVisible();
    const answered = rows.filter({ hasText: "Read all answers" }).first();
    // Title, up to two lines of its text, the answer count, last activity and the author's initials.
    await expect(answered.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(answered).toContainText(/\d+ answers?/);
    await expect(answered).toContainText(/last activity .+ ago|last activity just now/);
    const excerpt = answered.locator("[data-excerpt]");
    const lineHeight = await excerpt.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
    expect((await excerpt.boundingBox())!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
    await expect(answered.locator("[aria-hidden=true]").first()).toHaveText(/^[A-Z]{1,2}$/);
    // Twenty rows fit in a few screens, not twenty.
    const heights = await rows.evaluateAll((items) => items.map((li) => li.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThan(200);
    // The first answers wait behind "Show N recent answers", under "Recent Answers", instead of filling the list.
    const recent = answered.locator("details");
    await expect(recent.locator("summary")).toHaveText(/^Show [12] recent answers?/);
    await expect(recent.locator("li").first()).toBeHidden();
    await recent.locator("summary").click();
    await expect(recent.getByText("Recent Answers", { exact: true })).toBeVisible();
    await expect(recent.locator("li").first()).toBeVisible();
  });
});
