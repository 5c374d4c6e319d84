import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/** axe-core (WCAG 2.2 A and AA) on the page's own content, inside the shared layout's <main>. */
async function expectContentAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b["@type"] === "LocalBusiness");
}

const metaContent = (page: Page, name: string) => page.locator(`meta[name="${name}"]`);

test.describe("city-service landing pages", () => {
  test("a page with its own record shows its content, the community card and contact details", async ({ page }) => {
    const response = await page.goto("/new-york/arthritis-pain-relief");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Arthritis Pain Relief in New York, NY | Capsiva");
    await expect(page.getByRole("heading", { level: 1, name: "Arthritis Pain Relief in New York, NY" })).toBeVisible();
    await expect(page.locator("article header").getByText("New York, NY", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Living with arthritis in New York" })).toBeVisible();

    await expect(page.getByRole("heading", { name: "Get Connected" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Join Forum" })).toHaveAttribute("href", "/forum");
    await expect(page.getByRole("link", { name: "Browse Articles" })).toHaveAttribute("href", "/blog");

    const contact = page.getByRole("region", { name: "Contact Us" });
    await expect(contact.getByRole("link", { name: /1-800-CAPSIVA/ })).toHaveAttribute("href", "tel:+18002277482");
    await expect(contact.getByRole("link", { name: /support@capsiva\.example/ })).toHaveAttribute("href", "mailto:support@capsiva.example");

    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/new-york\/arthritis-pain-relief$/);
    await expect(metaContent(page, "geo.position")).toHaveAttribute("content", "40.7128;-74.006");
    await expect(metaContent(page, "ICBM")).toHaveAttribute("content", "40.7128, -74.006");
    await expect(metaContent(page, "geo.placename")).toHaveAttribute("content", "New York, NY");
    const ld = await jsonLd(page);
    expect(ld).toMatchObject({
      address: { addressLocality: "New York", addressRegion: "NY" },
      geo: { latitude: 40.7128, longitude: -74.006 },
    });
    // No rating unless the operator turns one on (AGGREGATE_RATING): none is invented.
    expect(ld).not.toHaveProperty("aggregateRating");

    await expectAccessible(page, "city-service page with a record (desktop)");
    await page.getByRole("link", { name: "Join Forum" }).click();
    await expect(page).toHaveURL(/\/forum$/);
  });

  test("a page without a record shows the default content and its four bullets", async ({ page }) => {
    const response = await page.goto("/chicago/arthritis-pain-relief");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Arthritis Pain Relief in Chicago, IL | Capsiva");
    await expect(page.getByRole("heading", { level: 1, name: "Arthritis Pain Relief in Chicago, IL" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome to Arthritis Pain Relief in Chicago" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why choose Arthritis Pain Relief in Chicago?" })).toBeVisible();
    const bullets = page.getByTestId("place-content").getByRole("listitem");
    await expect(bullets).toHaveText([
      "Local community support and resources",
      "Expert guidance on pain management",
      "Connect with others in Chicago",
      "Access to proven arthritis relief solutions",
    ]);
    await expectAccessible(page, "city-service default page (desktop)");
  });

  test("a city without coordinates has no geo metadata", async ({ page }) => {
    await page.goto("/portland/arthritis-pain-relief");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Arthritis Pain Relief in Portland, OR");
    await expect(metaContent(page, "geo.position")).toHaveCount(0);
    await expect(metaContent(page, "ICBM")).toHaveCount(0);
    expect((await jsonLd(page))?.geo).toBeUndefined();
  });

  for (const [label, path] of [
    ["an inactive city", "/boston/arthritis-pain-relief"],
    ["an inactive service", "/austin/joint-pain-clinic"],
    ["an unknown city", "/atlantis/arthritis-pain-relief"],
  ]) {
    test(`${label} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
    });
  }

  // At 375px the shared top bar (app-shell) has its own target-size findings, so this checks the
  // page's content; the whole document is checked at desktop width above.
  test("both kinds of page are accessible and fit a 375px screen", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    for (const path of ["/new-york/arthritis-pain-relief", "/chicago/arthritis-pain-relief"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectContentAccessible(page, `${path} (375px)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      for (const name of ["Join Forum", "Browse Articles"]) {
        const box = (await page.getByRole("link", { name }).boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }
    }
    await context.close();
  });
});
