import { expect, expectAccessible, expectLargeTargets, gotoReady, test } from "./fixtures";

// The three community counters measured 367 px high at 375 px when they were three cards, one
// under the other, most of them below the first screen.
const PHONE_STATS_MAX = 120;

test.describe("home page counters", () => {
  test("on a phone they share one short row within the first screen, below the call to action", async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    await gotoReady(page, "/");
    const stats = page.getByRole("region", { name: "Community in numbers" });
    await expect(stats.getByText("Community Members", { exact: true })).toBeVisible();
    const box = (await stats.boundingBox())!;
    expect(box.height, "the counters' height at 375 px").toBeLessThan(PHONE_STATS_MAX);
    // All three sit side by side, and each number is no smaller than the body text.
    const cells = await stats
      .getByText(/^[\d,]+$/)
      .evaluateAll((els) => els.map((el) => ({ top: Math.round(el.getBoundingClientRect().top), size: parseFloat(getComputedStyle(el).fontSize) })));
    expect(cells).toHaveLength(3);
    expect(new Set(cells.map((c) => c.top)).size, "the three numbers on one row").toBe(1);
    for (const c of cells) expect(c.size).toBeGreaterThanOrEqual(16);

    const cta = (await page.getByRole("link", { name: "Join Community" }).boundingBox())!;
    expect(cta.y + cta.height, "Join Community within the first screen").toBeLessThanOrEqual(667);
    expect(box.y + box.height, "the counters within the first screen").toBeLessThanOrEqual(667);
    await expectAccessible(page, "/ at 375 px");
    await expectLargeTargets(page, "/ at 375 px");

    // A desktop keeps three cards in a row.
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoReady(page, "/");
    const labels = ["Community Members", "Questions Answered", "Blog Articles"];
    const tops = await Promise.all(labels.map(async (l) => Math.round((await stats.getByText(l, { exact: true }).boundingBox())!.y)));
    expect(new Set(tops).size, "three cards side by side at 1280 px").toBe(1);
    await expectAccessible(page, "/ at 1280 px");
    await ctx.close();
  });
});
