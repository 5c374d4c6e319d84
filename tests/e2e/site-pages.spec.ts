// The pages about the site itself (About, Privacy, Terms, Contact): reachable from every page's
// footer, each with its own title, description and canonical address, and saying plainly who runs
// the site, what it stores and how to reach the people behind it.
import { expect, expectAccessible, gotoReady, test } from "./fixtures";

const PAGES = [
  { path: "/about", link: "About", heading: "About this site", title: /^About this site \| / },
  { path: "/privacy", link: "Privacy", heading: "Privacy", title: /^Privacy \| / },
  { path: "/terms", link: "Terms", heading: "Terms of use", title: /^Terms of use \| / },
  { path: "/contact", link: "Contact", heading: "Contact us", title: /^Contact us \| / },
];

test.describe("pages about the site", () => {
  test("are linked from the footer of every kind of page", async ({ page }) => {
    for (const path of ["/", "/forum", "/blog/capsaicin-arthritis-guide", "/new-york/arthritis-pain-relief", "/auth", "/no/such/page"]) {
      await page.goto(path);
      const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "About this site" });
      for (const { path: href, link } of PAGES)
        await expect(footer.getByRole("link", { name: link, exact: true }), `${path} -> ${href}`).toHaveAttribute("href", href);
    }
  });

  test("each has its own title, description and canonical address, and passes axe", async ({ page, baseURL }) => {
    const descriptions = new Set<string>();
    for (const { path, heading, title } of PAGES) {
      const response = await gotoReady(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      await expect(page.locator('meta[name="robots"]')).not.toHaveAttribute("content", /noindex/);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description, path).toBeTruthy();
      descriptions.add(description!);
      await expectAccessible(page, path);
    }
    expect(descriptions.size).toBe(PAGES.length);
  });

  test("say who runs the site, what is stored and how to reach us", async ({ page }) => {
    await gotoReady(page, "/about");
    await expect(page.getByRole("main")).toContainText("Capsiva sells capsaicin products, and this site promotes them");

    await gotoReady(page, "/privacy");
    const privacy = page.getByRole("main");
    await expect(privacy).toContainText("No advertising or analytics trackers.");
    await expect(privacy).toContainText("Logs never contain what you wrote");
    await expect(privacy.getByRole("link", { name: "account page" })).toHaveAttribute("href", "/account");

    await gotoReady(page, "/contact");
    const contact = page.getByRole("main");
    await expect(contact.getByRole("link", { name: "support@capsiva.example" })).toHaveAttribute("href", "mailto:support@capsiva.example");
    await expect(contact.getByRole("link", { name: "1-800-CAPSIVA" })).toHaveAttribute("href", "tel:+18002277482");
    await expect(contact.locator("address")).toHaveText("Capsiva Health, 100 Main Street, Suite 200, Portland, OR 97204, USA");
  });

  test("footer links are at least 44 px tall and wide on a phone", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await gotoReady(page, "/privacy");
    const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "About this site" });
    for (const { link } of PAGES) {
      const box = await footer.getByRole("link", { name: link, exact: true }).boundingBox();
      expect(box!.height, link).toBeGreaterThanOrEqual(44);
      expect(box!.width, link).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
