import type { Page } from "@playwright/test";
import { expect, gotoReady, signUp, signUpAdmin, test } from "./fixtures";

/** A web address of `length` characters with no place a line could break. */
const address = (length: number) => {
  const head = "https://example.org/";
  let tail = "";
  while (head.length + tail.length < length) tail += Math.random().toString(36).slice(2);
  return head + tail.slice(0, length - head.length);
};

/** The page is exactly as wide as the window: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${label} at ${widths.window}px`).toBe(widths.window);
}

test.describe("long words in what members write", () => {
  test("one long address in every field a member fills never widens a page, at 375 and 1280 px", async ({ browser }) => {
    test.setTimeout(180_000);
    const memberCtx = await browser.newContext();
    const member = await memberCtx.newPage();
    await signUp(member);
    const name = address(50).replace("https://", "").replace(/[/.]/g, "x");
    await gotoReady(member, "/account");
    await member.getByLabel("Display name").fill(name);
    await member.getByRole("button", { name: "Save display name" }).click();
    await expect(member.getByText("Display name saved", { exact: true })).toBeVisible();

    const title = address(200);
    await gotoReady(member, "/forum?ask=1");
    await member.locator("#ask").getByLabel("Title").fill(title);
    await member
      .locator("#ask")
      .getByLabel("Content")
      .fill(`Look at ${address(300)} please`);
    await member.locator("#ask").getByRole("button", { name: "Post Question" }).click();
    // The asker lands on the new question's page.
    await expect(member).toHaveURL(/\/forum\/\d+$/);
    const questionPath = new URL(member.url()).pathname;
    await member.getByLabel("Your answer", { exact: true }).fill(`See ${address(300)} too`);
    await member.getByRole("button", { name: "Post Answer" }).click();
    await expect(member.getByText("Answer posted!", { exact: true })).toBeVisible();

    await gotoReady(member, "/blog#share-story");
    await member.getByLabel("Title").fill(`Story ${address(190)}`);
    await member.getByLabel("Your story").fill(`My story: ${address(300)}`);
    await member.getByRole("button", { name: "Send for review" }).click();
    await expect(member).toHaveURL(/\/account#story-\d+$/);

    const adminCtx = await browser.newContext();
    const admin = await adminCtx.newPage();
    await signUpAdmin(admin, "e2e-admin-ui@example.com");
    // The admin reports the member's question, so it shows in the reports table too.
    await gotoReady(admin, questionPath);
    await admin.locator("article").getByText("Report", { exact: true }).click();
    await admin
      .locator("article")
      .getByLabel("What is wrong with it?")
      .fill(`Spam ${address(300)}`);
    await admin.locator("article").getByRole("button", { name: "Send report" }).click();
    await expect(admin.getByText("Thank you for your report", { exact: true })).toBeVisible();
    await gotoReady(admin, "/admin/posts");
    const postTitle = `Post ${address(190)}`;
    await admin.getByLabel("Title").fill(postTitle);
    await admin.getByLabel("Content", { exact: true }).fill(`Read ${address(300)}`);
    await admin.getByRole("button", { name: "Save and publish" }).click();
    await expect(admin.getByText("Post published", { exact: true })).toBeVisible();
    const slug = (await admin.getByLabel("Slug").inputValue()).trim();

    for (const width of [375, 1280]) {
      for (const p of [member, admin]) await p.setViewportSize({ width, height: 800 });
      for (const path of [questionPath, "/forum", "/", `/search?q=${encodeURIComponent("example")}`, "/blog", `/article/${slug}`, "/account"]) {
        await gotoReady(member, path);
        await expectNoSidewaysScroll(member, path);
      }
      for (const path of ["/admin/reports", "/admin/posts", "/admin"]) {
        await gotoReady(admin, path);
        await expectNoSidewaysScroll(admin, path);
      }
      // A toast that repeats the long name wraps inside the toast.
      await gotoReady(member, "/account");
      await member.getByRole("button", { name: "Save display name" }).click();
      const toast = member.getByRole("status").filter({ hasText: "Other members now see you as" }).last();
      await expect(toast).toBeVisible();
      const fits = await toast.evaluate((el) => [...el.querySelectorAll("*")].every((c) => c.scrollWidth <= c.clientWidth + 1 || c.clientWidth === 0));
      expect(fits, `toast text fits at ${width}px`).toBe(true);
      await expectNoSidewaysScroll(member, "/account with a toast");
    }
    await memberCtx.close();
    await adminCtx.close();
  });
});
