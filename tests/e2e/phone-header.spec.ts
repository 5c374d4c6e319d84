import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectLargeTargets, gotoReady, signUp, test } from "./fixtures";

const NAME = "Capsiva RA Community";

/** The site name in the top bar: its text, whether it is clipped, its box and the other controls' boxes. */
async function headerName(page: Page) {
  const link = page.locator("header").getByRole("link", { name: NAME, exact: true });
  await expect(link).toBeVisible();
  return link.evaluate((el) => {
    const header = el.closest("header")!;
    const box = el.getBoundingClientRect();
    const overlaps = [...header.querySelectorAll<HTMLElement>("a[href], button, input")]
      .filter((other) => other !== el && other.getBoundingClientRect().width > 0)
      .filter((other) => {
        const r = other.getBoundingClientRect();
        return r.left < box.right - 0.5 && box.left < r.right - 0.5 && r.top < box.bottom - 0.5 && box.top < r.bottom - 0.5;
      })
      .map((other) => other.getAttribute("aria-label") ?? other.textContent?.trim());
    return {
      text: el.textContent?.trim(),
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      overlaps,
      headerHeight: header.getBoundingClientRect().height,
    };
  });
}

async function expectWholeName(page: Page, label: string) {
  const name = await headerName(page);
  expect(name.text, label).toBe(NAME);
  expect(name.scrollWidth, `${label}: the name is not cut short`).toBeLessThanOrEqual(name.clientWidth);
  expect(name.overlaps, `${label}: nothing overlaps the name`).toEqual([]);
  expect(name.headerHeight, `${label}: the top bar stays low`).toBeLessThanOrEqual(64);
}

test.describe("the top bar shows the site's whole name", () => {
  test("signed out and signed in, at 320, 375 and 1280 px", async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    for (const signedIn of [false, true]) {
      if (signedIn) await signUp(page);
      for (const width of [320, 375, 1280]) {
        await page.setViewportSize({ width, height: 667 });
        await gotoReady(page, "/forum");
        await expectWholeName(page, `${signedIn ? "signed in" : "signed out"} at ${width} px`);
      }
    }
    await page.setViewportSize({ width: 320, height: 667 });
    await expectAccessible(page, "/forum at 320 px, signed in");
    await expectLargeTargets(page, "/forum at 320 px, signed in");
    await ctx.close();
  });
});
