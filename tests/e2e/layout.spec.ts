import { expect, expectAccessible, test } from "./fixtures";

test.describe("layout", () => {
  test("Ctrl+B collapses and expands the sidebar, and the choice survives a reload", async ({ page, context }) => {
    await page.goto("/");
    const sidebar = page.locator("aside[aria-label='Site']");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(sidebar.getByRole("link", { name: "Forum" })).toBeVisible();
    await expectAccessible(page, "home (desktop)");

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(48);
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar:state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    // Collapsed icons still name themselves (tooltip and accessible name).
    await expect(sidebar.getByRole("link", { name: "Blog" })).toBeVisible();

    await page.keyboard.press("Meta+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(256);
  });

  test("the shortcut does nothing while typing in a field", async ({ page }) => {
    await page.goto("/");
    const sidebar = page.locator("aside[aria-label='Site']");
    await page.getByLabel("Search the site").fill("stiff");
    await page.getByLabel("Search the site").press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
  });

  test("under 768px the sidebar is a drawer that opens and closes by keyboard and by touch", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("aside[aria-label='Site']")).toBeHidden();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await expect(drawer).toBeHidden();

    // Touch: tap the trigger, tap outside to close.
    await page.getByRole("button", { name: "Menu", exact: true }).tap();
    await expect(drawer).toBeVisible();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(288);
    await expectAccessible(page, "home with the drawer open (375px)");
    await page.touchscreen.tap(360, 400);
    await expect(drawer).toBeHidden();

    // Keyboard: focus the trigger, Enter opens, Escape closes and focus returns to the trigger.
    await page.getByRole("button", { name: "Menu", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Forum" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeFocused();

    // The shortcut opens the drawer too; following a link closes it.
    await page.keyboard.press("Control+b");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Forum" }).tap();
    await expect(page).toHaveURL(/\/forum$/);
    await expect(drawer).toBeHidden();
    await context.close();
  });

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (m) => messages.push(m.text()));
    const response = await page.goto("/this/does/not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect.poll(() => messages.some((m) => m.includes("/this/does/not-exist"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("pages hydrate without warnings or errors in the console (relative times included)", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${page.url()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
    for (const path of [
      "/",
      "/blog",
      "/forum",
      "/forum/1",
      "/article/how-i-learned-to-pace-my-mornings",
      "/blog/capsaicin-arthritis-guide",
      "/new-york/arthritis-pain-relief",
      "/auth",
    ]) {
      await page.goto(path);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    }
    // Client-side navigation too.
    await page.getByRole("link", { name: "Forum" }).first().click();
    await expect(page).toHaveURL(/\/forum$/);
    expect(problems).toEqual([]);
  });
});
