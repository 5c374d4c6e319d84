// Text at 200% as a member sets it: the browser's default font size at 32 px (not a page zoom),
// on a 375 px phone and a 1280 px laptop. The top bar gives the page back, headings wrap between
// words, no control spills out of its card, and the Ask dialog shows its first field at once.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, gotoReady, signUp, test } from "./fixtures";

/** The browser's own text-size setting, as a member with low vision sets it (rem and em follow). */
async function defaultFontSize(page: Page, px: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: px, fixed: px } });
}

/** Headings in which a line ends between two letters of one word (or a word and its "?"). */
function brokenHeadingWords(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const heading of document.querySelectorAll<HTMLElement>("main h1, main h2, main h3, [role=dialog] h2")) {
      if (!heading.getClientRects().length) continue;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      const chars: { ch: string; top: number; width: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect) chars.push({ ch: text[i], top: rect.top, width: rect.width });
        }
      }
      // A word wider than the heading (a member's title may hold one) cannot help but break.
      const longerThanLine = (all: typeof chars, at: number, lineWidth: number) => {
        let [start, end] = [at, at];
        while (start > 0 && /\S/.test(all[start - 1].ch)) start--;
        while (end < all.length && /\S/.test(all[end].ch)) end++;
        return all.slice(start, end).reduce((sum, c) => sum + c.width, 0) > lineWidth;
      };
      for (let i = 1; i < chars.length; i++) {
        const [a, b] = [chars[i - 1], chars[i]];
        if (b.top > a.top + 2 && /\S/.test(a.ch) && /\S/.test(b.ch) && !/[-\u2010-\u2014/]/.test(a.ch) && !longerThanLine(chars, i, heading.clientWidth)) {
          out.push(`"${heading.textContent?.trim()}" broken between "${a.ch}" and "${b.ch}"`);
        }
      }
    }
    return out;
  });
}

/** Controls (links styled as buttons, buttons, fields) that reach outside the card or panel they sit in. */
function controlsOutsideCards(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>("main .rounded-xl, main .rounded-2xl")) {
      const box = card.getBoundingClientRect();
      if (!box.width) continue;
      for (const el of card.querySelectorAll<HTMLElement>("a[class*='min-h-11'], button, input:not([type=hidden]), select, textarea")) {
        const r = el.getBoundingClientRect();
        if (!r.width) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1)
          out.push(
            `${el.textContent?.trim() || el.tagName} (${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(box.left)}-${Math.round(box.right)})`,
          );
      }
    }
    return out;
  });
}

async function headerShare(page: Page) {
  const header = (await page.locator("header").first().boundingBox())!;
  const height = page.viewportSize()!.height;
  return header.height / height;
}

for (const { width, height } of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`at ${width} px with the browser's text at 200%: a small top bar, whole words in headings, controls in their cards, the Ask dialog's first field on its first screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await defaultFontSize(page, 32);
    await signUp(page);
    const problems: string[] = [];
    for (const path of ["/", "/forum", "/blog", "/blog/capsaicin-arthritis-guide", "/notifications", "/account", "/search?q=stiffness"]) {
      await gotoReady(page, path);
      const share = await headerShare(page);
      if (share > 0.15) problems.push(`${path}: the top bar takes ${Math.round(share * 100)}% of the screen's height`);
      for (const broken of await brokenHeadingWords(page)) problems.push(`${path}: ${broken}`);
      for (const spill of await controlsOutsideCards(page)) problems.push(`${path}: ${spill} spills out of its card`);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scroll > width) problems.push(`${path}: ${scroll} px wide`);
      // Halfway down, a sticky bar would still take its share of the screen.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      const header = (await page.locator("header").first().boundingBox())!;
      const covered = Math.max(0, Math.min(header.y + header.height, height));
      if (covered > 0.15 * height) problems.push(`${path}: scrolled, the top bar still covers ${Math.round(covered)} px`);
    }
    expect(problems).toEqual([]);

    await gotoReady(page, "/forum");
    await page.getByRole("link", { name: "Ask Question" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask the community" });
    await expect(dialog).toBeVisible();
    const title = (await dialog.getByLabel("Title").boundingBox())!;
    expect(title.y + title.height, "the Title field's bottom edge").toBeLessThanOrEqual(height);
    expect(await brokenHeadingWords(page), "the dialog's heading").toEqual([]);
    await expectAccessible(page, `the Ask dialog at ${width} px, text at 200%`);
  });
}
