import { expect, expectAccessible, gotoReady, signUp, test } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test.describe("formatted posts", () => {
  test("an answer with Markdown, a 300-character address, a long word and a <script> renders safely and never widens the page", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await signUp(page);
    await gotoReady(page, "/forum");
    await page.getByRole("link", { name: /Be the first to answer|Read all answers/ }).first().click();
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    const address = `https://example.com/${"a".repeat(280)}`;
    const word = `Pneumono${"o".repeat(292)}`;
    const marker = tag();
    const answer = `This **really helped** me ${marker}.\n\n- warm water\n- gentle stretches\n\nMore at ${address}\n\n${word}\n\n<script>alert("hacked")</script>`;
    await expect(page.getByText("You can use **bold**, *italic*, lists (start lines with - or 1.) and links. Web addresses become links.").first()).toBeVisible();
    await page.getByLabel("Your answer", { exact: true }).fill(answer);
    await page.getByRole("button", { name: "Post Answer" }).click();
    await expect(page.getByText("Answer posted!", { exact: true })).toBeVisible();

    const item = page.getByRole("listitem").filter({ hasText: marker });
    await expect(item.locator("strong", { hasText: "really helped" })).toBeVisible();
    await expect(item.getByRole("listitem").filter({ hasText: "gentle stretches" })).toBeVisible();
    const link = item.getByRole("link", { name: address });
    await expect(link).toHaveAttribute("href", address);
    await expect(link).toHaveAttribute("rel", "ugc nofollow noopener noreferrer");
    // The script is shown as the text that was typed, and never runs.
    await expect(item.locator("p", { hasText: '<script>alert("hacked")</script>' })).toBeVisible();
    expect(await page.locator("main script").count()).toBe(0);

    const questionPath = new URL(page.url()).pathname;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await gotoReady(page, questionPath);
      await expect(item.locator("strong", { hasText: "really helped" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `page wider than the window at ${width}px`).toBeLessThanOrEqual(0);
    }
    // At the top of the page: scrolled down, the sticky top bar lies over the posts above.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, "question page with a formatted answer");
    expect(dialogs).toEqual([]);
  });
});
