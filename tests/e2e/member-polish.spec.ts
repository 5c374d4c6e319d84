// What a member on a phone and on a desktop notices, checked in the built site at 375 and 1280 px:
// pressed toggles that look pressed, jump links that land below the sticky header, whole cards as
// touch targets, the forum list's disclosure and excerpts, the menu without JavaScript, and the
// Report form's layout.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { DESKTOP, expect, expectAccessible, expectLargeTargets, gotoReady, memberPage, PHONE, signUpAdmin, test } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);
const SIZES = [
  ["375", PHONE],
  ["1280", DESKTOP],
] as const;

/** Asks a question through the inline form; returns the question's path. */
async function ask(page: Page, title: string, content = "What has helped you with this?") {
  await gotoReady(page, "/forum?ask=1#ask");
  const form = page.locator("#ask");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Content").fill(content);
  await form.getByRole("button", { name: "Post Question" }).click();
  await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
  await gotoReady(page, "/forum");
  await page.getByRole("link", { name: title, exact: true }).first().click();
  await expect(page).toHaveURL(/\/forum\/\d+$/);
  return new URL(page.url()).pathname;
}

async function answer(page: Page, path: string, text: string) {
  await gotoReady(page, path);
  await page.getByLabel("Your answer", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Post Answer" }).click();
  await expect(page.getByText("Answer posted!", { exact: true }).first()).toBeVisible();
}

// One asker and their question with two answers from another member, made once for the tests
// below: each test opens a browser context of its own size with the asker's saved sign-in
// instead of signing up, asking and answering again (two sign-ups, a question and two answers
// cost a test about ten seconds).
const FIRST_ANSWER = "A warm shower first.";
let shared: { asker: Awaited<ReturnType<BrowserContext["storageState"]>>; title: string; path: string };
test.beforeAll(async ({ browser }) => {
  const asker = await memberPage(browser, PHONE);
  const title = `Slow mornings ${tag()}`;
  const long = `Mornings are the worst for me: my fingers will not bend for an hour, I cannot open jars or do buttons, and by lunch it is better. ${tag()} What do you do first thing?`;
  const path = await ask(asker, title, long);
  const helper = await memberPage(browser, PHONE);
  await answer(helper, path, FIRST_ANSWER);
  await answer(helper, path, "Gentle finger stretches in bed.");
  shared = { asker: await asker.context().storageState(), title, path };
  await asker.context().close();
  await helper.context().close();
});

/** The shared asker, signed in, in a new browser context of the given size. */
const asAsker = async (browser: Browser, options: BrowserContextOptions) => (await browser.newContext({ ...options, storageState: shared.asker })).newPage();

test.describe("pressed toggles look pressed", () => {
  test("Helpful and Helped me most show a filled icon and say so when pressed, at 375 and 1280 px", async ({ browser }) => {
    const asker = await asAsker(browser, PHONE);
    const { path } = shared;
    const text = FIRST_ANSWER;

    await gotoReady(asker, path);
    const card = asker.locator("li[id^='answer-']").filter({ hasText: text });
    const helpful = card.getByRole("button", { name: "Helpful" });
    const helpedMost = card.getByRole("button", { name: "Helped me most" });
    const look = (button: typeof helpful) =>
      button.evaluate((b) => ({
        background: getComputedStyle(b).backgroundColor,
        iconFill: b.querySelector("svg") ? getComputedStyle(b.querySelector("svg")!).fill : "no icon",
      }));
    const unpressed = await look(helpful);
    await expect(card.getByText("You found this helpful")).toHaveCount(0);

    await helpful.click();
    await expect(asker.getByText("Marked as helpful", { exact: true })).toBeVisible();
    await helpedMost.click();
    await expect(asker.getByText("Marked as the answer that helped you most", { exact: true })).toBeVisible();

    for (const [size, options] of SIZES) {
      const context = await browser.newContext({ ...options, storageState: await asker.context().storageState() });
      const page = await context.newPage();
      await gotoReady(page, path);
      const chosen = page.locator("li[id^='answer-']").filter({ hasText: text });
      await expect(chosen.getByRole("button", { name: "Helpful" })).toHaveAttribute("aria-pressed", "true");
      // Seen, not only announced: words beside the button, a filled icon and a pressed colour.
      await expect(chosen.getByText("You found this helpful", { exact: true })).toBeVisible();
      await expect(chosen.getByText("You chose this answer", { exact: true })).toBeVisible();
      for (const name of ["Helpful", "Helped me most"]) {
        const pressed = await look(chosen.getByRole("button", { name }));
        expect(pressed.iconFill, `${name} icon at ${size}`).not.toBe("none");
        expect(pressed.iconFill, `${name} icon at ${size}`).not.toBe("no icon");
        expect(pressed.background, `${name} at ${size}`).not.toBe(unpressed.background);
      }
      await expectAccessible(page, `question page with pressed toggles at ${size}`);
      await expectLargeTargets(page, `question page with pressed toggles at ${size}`);
      await context.close();
    }
    expect(unpressed.iconFill).toBe("none");
    await asker.context().close();
  });
});

/** The sticky header's bottom edge. */
const headerBottom = (page: Page) =>
  page
    .locator("header")
    .first()
    .evaluate((h) => h.getBoundingClientRect().bottom);

test.describe("jump links", () => {
  for (const [size, options] of SIZES) {
    test(`#ask and #share-story land below the sticky header at ${size} px`, async ({ browser }) => {
      const page = await asAsker(browser, options);
      for (const [path, target] of [
        ["/forum?ask=1#ask", "#ask"],
        ["/blog#share-story", "#share-story"],
      ]) {
        await gotoReady(page, path);
        const box = page.locator(target);
        await expect(box).toBeVisible();
        // The page scrolled to it (it is not at the top of the page), and its top edge is in view.
        await expect.poll(() => page.evaluate(() => window.scrollY), path).toBeGreaterThan(0);
        const top = await box.evaluate((el) => el.getBoundingClientRect().top);
        expect(top, `${path}: top of ${target} below the header`).toBeGreaterThanOrEqual(await headerBottom(page));
      }
      await page.context().close();
    });
  }
});

test.describe("cards are touch targets", () => {
  test("on home, blog and forum a press anywhere on a card opens it, at 375 px", async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    for (const [path, card] of [
      ["/", "main ul li"],
      ["/blog", "main ul li"],
      ["/forum", "li[data-question-row]"],
    ]) {
      await gotoReady(page, path);
      const first = page.locator(card).first();
      const title = first.locator("h2 a, h3 a").first();
      const href = await title.getAttribute("href");
      await first.scrollIntoViewIfNeeded();
      // A point in the card's lower-left corner, away from the title: it belongs to the title's link.
      const hit = await first.evaluate((li) => {
        const r = li.getBoundingClientRect();
        const el = document.elementFromPoint(r.left + 12, r.bottom - 6);
        return el?.closest("a")?.getAttribute("href") ?? el?.tagName ?? null;
      });
      expect(hit, path).toBe(href);
      expect((await first.boundingBox())!.height, path).toBeGreaterThanOrEqual(44);
      await expectLargeTargets(page, `${path} at 375 px`);
    }
    await context.close();
  });
});

test.describe("the forum list", () => {
  for (const [size, options] of SIZES) {
    test(`"Show 2 recent answers" looks like a disclosure and each question shows up to two lines, at ${size} px`, async ({ browser }) => {
      const page = await asAsker(browser, options);
      const { title } = shared;
      await gotoReady(page, "/forum");
      const row = page.locator("li[data-question-row]").filter({ has: page.getByRole("link", { name: title, exact: true }) });
      const summary = row.locator("summary");
      await expect(summary).toHaveText(/^Show 2 recent answers/);
      await expect(summary.locator("svg")).toHaveCount(1);
      const excerpt = row.locator("[data-excerpt]");
      const lines = await excerpt.evaluate((p) => {
        const style = getComputedStyle(p);
        return { clamp: style.webkitLineClamp, lines: p.getBoundingClientRect().height / parseFloat(style.lineHeight) };
      });
      expect(lines.clamp).toBe("2");
      // At 375 px the text needs more than two lines: it shows two. At 1280 px it may fit in fewer.
      if (size === "375") expect(Math.round(lines.lines)).toBe(2);
      await summary.click();
      await expect(row.getByText(FIRST_ANSWER)).toBeVisible();
      // Opened, the chevron turns (Tailwind's rotate-180 sets the rotate property).
      const turned = await summary.locator("svg").evaluate((svg) => [getComputedStyle(svg).rotate, getComputedStyle(svg).transform]);
      expect(turned).not.toEqual(["none", "none"]);
      await expectAccessible(page, `forum list at ${size}`);
      await page.context().close();
    });
  }
});

test.describe("without JavaScript", () => {
  test("the phone menu opens and shows the site's navigation", async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    const nav = page.locator("aside[aria-label='Site']");
    await expect(nav).toBeHidden();
    await page.getByRole("link", { name: "Menu" }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Forum" })).toBeVisible();
    await nav.getByRole("link", { name: "Forum" }).click();
    await expect(page).toHaveURL(/\/forum$/);
    await context.close();
  });
});

test.describe("the Report form", () => {
  for (const [size, options] of SIZES) {
    test(`opens full width below the buttons without moving Follow, and closes after Send report, at ${size} px`, async ({ browser }) => {
      // A member who neither asked nor answered (their Follow button is unpressed).
      const page = await memberPage(browser, options);
      await gotoReady(page, shared.path);
      const follow = page.getByRole("button", { name: "Follow" });
      const before = (await follow.boundingBox())!;
      // The question's own Report (its answers have one each too).
      const question = page.locator("article");
      await question.getByText("Report", { exact: true }).click();
      const field = question.getByLabel("What is wrong with it?");
      await expect(field).toBeVisible();
      const after = (await follow.boundingBox())!;
      expect(after.x, "Follow stays where it was").toBe(before.x);
      expect(after.y, "Follow stays where it was").toBe(before.y);
      const article = (await question.boundingBox())!;
      expect((await field.boundingBox())!.width, "the field has the column's width").toBeGreaterThan(article.width * 0.8);
      await expectAccessible(page, `open Report form at ${size}`);
      await field.fill("Selling something, I think.");
      await question.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByText("Thank you for your report", { exact: true })).toBeVisible();
      await expect(field).toBeHidden();
      await page.context().close();
    });
  }
});

test.describe("the admin's topic Edit form", () => {
  test("opens full width on a line of its own without moving Delete, at 1280 and 375 px", async ({ browser }) => {
    const admin = await (await browser.newContext(DESKTOP)).newPage();
    await signUpAdmin(admin, "e2e-admin-polish@example.com");
    const state = await admin.context().storageState();
    for (const [size, options] of SIZES) {
      const context = await browser.newContext({ ...options, storageState: state });
      const page = await context.newPage();
      await gotoReady(page, "/admin/topics");
      const card = page
        .locator("main li")
        .filter({ has: page.locator("summary", { hasText: /^Edit/ }) })
        .first();
      const del = card.locator("summary", { hasText: /^Delete/ });
      const before = (await del.boundingBox())!;
      await card.locator("summary", { hasText: /^Edit/ }).click();
      const name = card.getByLabel("Name");
      await expect(name).toBeVisible();
      expect(await del.boundingBox(), `Delete stays where it was at ${size}`).toEqual(before);
      const content = (await card.boundingBox())!;
      expect((await name.boundingBox())!.width, `the field has the card's width at ${size}`).toBeGreaterThan(content.width * 0.7);
      await context.close();
    }
    await admin.context().close();
  });
});
