import type { Page } from "@playwright/test";
import { expect, gotoReady, signUp, test } from "./fixtures";

type Box = { name: string; x: number; y: number; width: number; height: number };

/** Every visible control in the top bar, with its name and place on screen. */
async function headerControls(page: Page): Promise<Box[]> {
  return page.locator("header").evaluate((header) => {
    const out: Box[] = [];
    for (const el of header.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden])")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.closest(".sr-only")) continue;
      const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
      const name = el.getAttribute("aria-label") || label || el.textContent?.trim() || el.tagName;
      out.push({ name, x: r.x, y: r.y, width: r.width, height: r.height });
    }
    return out;
  });
}

function overlaps(a: Box, b: Box) {
  // Half a pixel of slack for rounding; touching edges are not an overlap.
  return a.x + a.width > b.x + 0.5 && b.x + b.width > a.x + 0.5 && a.y + a.height > b.y + 0.5 && b.y + b.height > a.y + 0.5;
}

/** No two top-bar controls share any pixel, each is inside the window and takes a click. */
async function expectHeaderUsable(page: Page, width: number, label: string) {
  const boxes = await headerControls(page);
  const names = boxes.map((b) => b.name);
  for (const wanted of ["Search", "Notifications, 0 unread"]) expect(names, `${label}: ${wanted}`).toContain(wanted);
  expect(
    names.some((n) => n.startsWith("Account menu for")),
    `${label}: account menu in ${names.join(", ")}`,
  ).toBe(true);
  const clashes: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i], boxes[j])) clashes.push(`${boxes[i].name} / ${boxes[j].name}`);
  }
  expect(clashes, `${label}: overlapping header controls`).toEqual([]);
  for (const box of boxes) {
    expect(box.x, `${label}: ${box.name} left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${label}: ${box.name} right edge`).toBeLessThanOrEqual(width + 0.5);
  }
  const bar = await page.locator("header").evaluate((h) => ({ right: h.getBoundingClientRect().right, scroll: h.scrollWidth, client: h.clientWidth }));
  expect(bar.right, `${label}: header's right edge`).toBeLessThanOrEqual(width + 0.5);
  expect(bar.scroll, `${label}: header content wider than the header`).toBeLessThanOrEqual(bar.client);
  // A trial click fails when another element would receive it (something covers the control).
  const header = page.locator("header");
  await header.getByRole("link", { name: "Notifications, 0 unread" }).click({ trial: true, timeout: 2_000 });
  await header.getByRole("button", { name: /^Account menu for/ }).click({ trial: true, timeout: 2_000 });
  await header.getByRole(width >= 640 ? "button" : "link", { name: "Search", exact: true }).click({ trial: true, timeout: 2_000 });
}

test.describe("signed in, with text at 200%", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        document.documentElement.style.fontSize = "200%";
      });
    });
  });

  test("at 1280 px no header control covers another and the sidebar keeps to a third of the width", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { email } = await signUp(page);
    for (const path of ["/", "/forum", "/account/security"]) {
      await gotoReady(page, path);
      await expectHeaderUsable(page, 1280, `${path} at 1280 px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: page width`).toBe(1280);
      const sidebar = (await page.locator("aside[aria-label='Site']").boundingBox())!;
      expect(sidebar.width, `${path}: sidebar width`).toBeLessThanOrEqual(1280 / 3);
      // The sidebar's own sign-out stays reachable and takes a click.
      await page.locator("aside[aria-label='Site']").getByRole("button", { name: "Sign out" }).click({ trial: true, timeout: 2_000 });
    }
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    const signOut = page.getByRole("menuitem", { name: "Sign out" });
    await expect(signOut).toBeVisible();
    await signOut.click({ trial: true, timeout: 2_000 });
  });

  test("at 375 px no header control covers another and none leaves the window", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const { email } = await signUp(page);
    for (const path of ["/", "/forum", "/account/security"]) {
      await gotoReady(page, path);
      await expectHeaderUsable(page, 375, `${path} at 375 px`);
    }
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
  });
});

test("at 375 px with text at 200% no page is wider than the phone (words wrap, nothing scrolls sideways)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      document.documentElement.style.fontSize = "200%";
    });
  });
  const wide: string[] = [];
  for (const path of ["/", "/forum", "/blog", "/about", "/blog/capsaicin-arthritis-guide", "/auth"]) {
    await gotoReady(page, path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 375) wide.push(`${path}: ${width} px`);
  }
  expect(wide, "pages wider than the 375 px window").toEqual([]);
});
