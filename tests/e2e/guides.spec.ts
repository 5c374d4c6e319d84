import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { GUIDE_SLUGS } from "../../app/routes";
import { expect, expectAccessible, test } from "./fixtures";

const FAQ = "/blog/rheumatoid-arthritis-pain-relief-faq";
const DISCLAIMER =
  "This guide is for information only and is not medical advice. It does not replace a conversation with your doctor, rheumatologist or pharmacist. Always read the product label, and talk to a health professional before changing any treatment.";

async function openStates(page: Page) {
  return page.locator('details[name="guide-faq"]').evaluateAll((els) => els.map((d) => (d as HTMLDetailsElement).open));
}

/** Interactive elements of the page's content smaller than 44 x 44 CSS px (links inside running text are exempt). */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("main a[href], main button, main summary, main input, main select, main textarea")) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === "hidden") continue; // not shown (e.g. skip link)
      const inText = el.tagName === "A" && style.display === "inline" && el.closest("p, li") !== null;
      if (inText) continue;
      if (rect.width < 44 || rect.height < 44) {
        small.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}" ${Math.round(rect.width)}x${Math.round(rect.height)}`);
      }
    }
    return small;
  });
}

test.describe("guides", () => {
  test("the FAQ opens one question at a time, by mouse and by keyboard", async ({ page }) => {
    await page.goto(FAQ);
    const items = page.locator('details[name="guide-faq"]');
    await expect(items).toHaveCount(10);
    expect(await openStates(page)).toEqual(Array(10).fill(false));

    const summary = (i: number) => items.nth(i).locator("summary");
    const answer = (i: number) => items.nth(i).locator("p");

    // Click one: it opens and its answer shows.
    await summary(0).click();
    await expect(answer(0)).toBeVisible();
    expect(await openStates(page)).toEqual([true, ...Array(9).fill(false)]);

    // Click a second: it opens and the first closes.
    await summary(1).click();
    await expect(answer(1)).toBeVisible();
    await expect(answer(0)).toBeHidden();
    expect(await openStates(page)).toEqual([false, true, ...Array(8).fill(false)]);

    // Click the open one: everything is closed.
    await summary(1).click();
    await expect(answer(1)).toBeHidden();
    expect(await openStates(page)).toEqual(Array(10).fill(false));

    // Keyboard: Tab from the store link just before the FAQ reaches the first question;
    // Enter opens it, Space closes it.
    await page.getByRole("link", { name: /Visit the Capsiva store/ }).focus();
    await page.keyboard.press("Tab");
    await expect(summary(0)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(answer(0)).toBeVisible();
    await page.keyboard.press("Space");
    await expect(answer(0)).toBeHidden();

    // Tab to the next question and open it with Space; the keyboard also keeps one open at a time.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(summary(1)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(answer(1)).toBeVisible();
    expect(await openStates(page)).toEqual([false, true, ...Array(8).fill(false)]);
    await page.keyboard.press("Enter");
    expect(await openStates(page)).toEqual(Array(10).fill(false));
  });

  test("the FAQ guide passes axe on desktop, with a question open", async ({ page }) => {
    await page.goto(FAQ);
    await expectAccessible(page, "FAQ guide (desktop)");
    await page.locator('details[name="guide-faq"] summary').first().click();
    await expectAccessible(page, "FAQ guide with a question open (desktop)");
  });

  test("at 375px the guide fits the screen, passes axe and every target is at least 44 x 44", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    for (const path of [FAQ, "/blog/comprehensive-rheumatoid-arthritis-resource", "/blog/arthritis-hand-cream-guide"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(375);
      expect(await smallTargets(page), path).toEqual([]);
      // The page's own content; the shell around it (top bar, drawer) is covered by the layout tests.
      const results = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        `${path} (375px)`,
      ).toEqual([]);
    }
    await context.close();
  });

  test("every guide answers 200 with one canonical link, valid JSON-LD, the disclaimer and the store link in a new tab", async ({ page }) => {
    for (const slug of GUIDE_SLUGS) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status(), slug).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect((await page.title()).trim().length, slug).toBeGreaterThan(0);

      const canonicals = await page.locator('link[rel="canonical"]').evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).href));
      expect(canonicals, slug).toEqual([new URL(`/blog/${slug}`, page.url()).toString()]);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const types = blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"]);
      expect(types, slug).toContain("Article");

      await expect(page.getByRole("note", { name: "Disclaimer" })).toContainText(DISCLAIMER);
      const store = page.getByRole("link", { name: "Visit the Capsiva store (opens in a new tab)" });
      await expect(store).toBeVisible();
      await expect(store).toHaveAttribute("target", "_blank");
      await expect(store).toHaveAttribute("rel", /(^|\s)noopener(\s|$)/);
      await expect(store).toHaveAttribute("rel", /(^|\s)noreferrer(\s|$)/);
      const outbound = await page
        .locator("main a[href^='http']")
        .evaluateAll((as) =>
          as.filter((a) => (a as HTMLAnchorElement).target !== "_blank" || !/noopener/.test(a.getAttribute("rel") ?? "")).map((a) => a.getAttribute("href")),
        );
      expect(outbound, slug).toEqual([]);
    }
  });

  test("the hero image is loaded eagerly and every image has alt text and a size", async ({ page }) => {
    await page.goto("/blog/arthritis-hand-cream-guide");
    const hero = page.locator("article img").first();
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    expect(await hero.getAttribute("loading")).toBeNull();
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const problems = await page
      .locator("main img")
      .evaluateAll((imgs) =>
        imgs.filter((i) => !(i.getAttribute("alt") ?? "").trim() || !i.getAttribute("width") || !i.getAttribute("height")).map((i) => i.getAttribute("src")),
      );
    expect(problems).toEqual([]);
  });

  test("the contact section dials the support number and writes to support", async ({ page }) => {
    await page.goto("/blog/comprehensive-rheumatoid-arthritis-resource");
    const contact = page.getByRole("region", { name: "Contact us" });
    await expect(contact.getByRole("link", { name: "1-800-CAPSIVA" })).toHaveAttribute("href", "tel:+18002277482");
    await expect(contact.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  });
});
