// WCAG 2.2 AA on every page, at desktop and phone widths, signed out and signed in; the hands
// checks (keyboard, focus, 44px targets); reading at 320px; and every page without JavaScript.
import { GUIDE_SLUGS } from "../../app/routes";
import { expect, expectAccessible, expectLargeTargets, gotoReady, signUp, signUpAdmin, test } from "./fixtures";

const GUIDES = GUIDE_SLUGS;

const PUBLIC_PAGES = [
  "/",
  "/blog",
  "/article/how-i-learned-to-pace-my-mornings",
  "/forum",
  "/forum/1",
  "/auth",
  "/auth?tab=signup",
  "/auth/forgot",
  ...GUIDES.map((g) => `/blog/${g}`),
  "/new-york/arthritis-pain-relief",
  "/chicago/arthritis-pain-relief",
  "/search?q=capsaicin",
  "/community-guidelines",
  "/about",
  "/privacy",
  "/terms",
  "/contact",
  "/no/such/page",
];
const MEMBER_PAGES = ["/", "/forum", "/forum/1", "/account", "/account/security", "/blog"];
const ADMIN_PAGES = [
  "/admin",
  "/admin/posts",
  "/admin/reports",
  "/admin/places",
  "/admin/places?tab=services",
  "/admin/places?tab=pages",
  "/admin/places?tab=import",
];

const PHONE = { width: 375, height: 740 };

test.describe("axe on every page", () => {
  // Four more public pages (About, Privacy, Terms, Contact) made the signed-out runs longer.
  test.describe.configure({ timeout: 300_000 });
  for (const width of ["desktop", "phone"] as const) {
    test(`signed out, ${width}`, async ({ browser }) => {
      const context = await browser.newContext(width === "phone" ? { viewport: PHONE, hasTouch: true, isMobile: true } : {});
      const page = await context.newPage();
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expectAccessible(page, `${path} (${width}, signed out)`);
        if (width === "phone") await expectLargeTargets(page, path);
      }
      await context.close();
    });

    test(`signed in as an admin, ${width}`, async ({ browser }) => {
      const context = await browser.newContext(width === "phone" ? { viewport: PHONE, hasTouch: true, isMobile: true } : {});
      const page = await context.newPage();
      if (width === "phone") await signUpAdmin(page, "e2e-admin-a11y@example.com");
      else await signUp(page);
      const pages = width === "phone" ? [...MEMBER_PAGES, ...ADMIN_PAGES] : MEMBER_PAGES;
      for (const path of pages) {
        await page.goto(path);
        await expectAccessible(page, `${path} (${width}, signed in)`);
        if (width === "phone") await expectLargeTargets(page, `${path} signed in`);
      }
      // With the ask dialog and the account menu open.
      await gotoReady(page, "/forum");
      // The dialog's code loads after the page; until then the link opens the form on the page.
      await expect(page.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
      await page.getByRole("link", { name: "Ask Question" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, `ask dialog (${width})`);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /Account menu/ }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectAccessible(page, `account menu (${width})`);
      await context.close();
    });
  }
});

test.describe("hands", () => {
  test("keyboard only: skip link, visible focus, ask a question and answer it without a mouse", async ({ page }) => {
    await signUp(page);
    await gotoReady(page, "/forum");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();

    // Tab to the Ask Question link; its focus ring is visible.
    const ask = page.getByRole("link", { name: "Ask Question" });
    await expect(ask).toHaveAttribute("aria-haspopup", "dialog");
    for (let i = 0; i < 10 && !(await ask.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(ask).toBeFocused();
    const ring = await ask.evaluate((el) => {
      const s = getComputedStyle(el);
      return s.outlineStyle !== "none" || s.boxShadow !== "none";
    });
    expect(ring).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Ask the community" });
    await expect(dialog).toBeVisible();
    // Focus is trapped inside the dialog.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const title = `Keyboard question ${Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 6)}`;
    await page.keyboard.press("Tab");
    // Round the dialog's cycle (title, content, topic, display name, Post, guidelines, Close) back to Title.
    for (let i = 0; i < 10 && !(await dialog.getByLabel("Title").evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Title")).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Typed with the keyboard only.");
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      if (await dialog.getByRole("button", { name: "Post Question" }).evaluate((el) => el === document.activeElement)) break;
    }
    await page.keyboard.press("Enter");
    await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The asker lands on the new question's page, and answers it by keyboard.
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByLabel("Your answer", { exact: true }).focus();
    await page.keyboard.type("Answered by keyboard.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Answer posted!", { exact: true })).toBeVisible();
  });

  test("at 375px the journeys work by touch: sign up, set a display name, ask, answer", async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signUp(page);
    await page.getByLabel("Display name").fill("Phone user");
    await page.getByRole("button", { name: "Save display name" }).tap();
    await expect(page.getByText("Display name saved", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Menu", exact: true }).tap();
    await page.getByRole("dialog", { name: "Navigation" }).getByRole("link", { name: "Forum" }).tap();
    // The dialog's code loads after the page; until then the link opens the form on the page.
    await expect(page.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
    await page.getByRole("link", { name: "Ask Question" }).tap();
    const dialog = page.getByRole("dialog", { name: "Ask the community" });
    await dialog.getByLabel("Title").fill("Asked on a phone");
    await dialog.getByLabel("Content").fill("Typed on a small screen.");
    await dialog.getByRole("button", { name: "Post Question" }).tap();
    await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
    // The asker lands on the new question, shown under the name they chose.
    await expect(page.getByRole("heading", { level: 1, name: "Asked on a phone" })).toBeVisible();
    await expect(page.locator("article").getByText("Phone user")).toBeVisible();
    await page.getByLabel("Your answer", { exact: true }).fill("And answered on a phone.");
    await page.getByRole("button", { name: "Post Answer" }).tap();
    await expect(page.getByText("Answer posted!", { exact: true })).toBeVisible();
    await expectLargeTargets(page, "question page after answering");
    await context.close();
  });
});

test.describe("reading", () => {
  test("text reflows at 320px and at 200% zoom without sideways scrolling", async ({ browser }) => {
    // 200% zoom of a 1280px window lays the page out in 640 CSS px, at twice the pixel density.
    for (const [viewport, scale] of [
      [{ width: 320, height: 640 }, 1],
      [{ width: 640, height: 400 }, 2],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: scale });
      const page = await context.newPage();
      for (const path of ["/", "/blog", "/forum", "/blog/arthritis-hand-cream-guide", "/auth", "/new-york/arthritis-pain-relief"]) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${viewport.width}px, scale ${scale}`).toBeLessThanOrEqual(1);
      }
      await context.close();
    }
  });

  test("reduced motion is honoured", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    const duration = await page.locator("aside[aria-label='Site']").evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(parseFloat(duration)).toBeLessThan(0.02);
    await context.close();
  });

  test("form errors are announced and tied to their fields; toasts are in a live region", async ({ page }) => {
    await gotoReady(page, "/auth?tab=signup");
    const form = page.locator("form[data-form='sign-up']");
    await form.evaluate((f) => f.setAttribute("novalidate", ""));
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Password").fill("123");
    await form.getByLabel("I am 16 or older").check();
    await form.getByRole("button", { name: "Create Account" }).click();
    const email = form.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    const describedBy = await email.getAttribute("aria-describedby");
    await expect(page.locator(`#${describedBy}`)).toHaveText("Please enter a valid email address");
    await expect(page.locator(`#${describedBy}`)).toHaveAttribute("role", "alert");

    await gotoReady(page, "/auth");
    const signIn = page.locator("form[data-form='sign-in']");
    await signIn.getByLabel("Email").fill("someone@example.com");
    await signIn.getByLabel("Password").fill("wrong-password");
    await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
    // Toasts live in a labelled landmark that Radix announces to screen readers.
    await expect(page.getByRole("region", { name: /Notification/ }).getByText("Invalid email or password")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every page renders its content", async ({ page }) => {
    const expectations: [string, string][] = [
      ["/", "Recent Community Activity"],
      ["/blog", "Community Stories"],
      ["/article/how-i-learned-to-pace-my-mornings", "How I learned to pace my mornings"],
      ["/forum", "Community Forum"],
      ["/forum/1", "Does anyone else find mornings the hardest?"],
      ["/auth", "Join Our Community"],
      ["/blog/rheumatoid-arthritis-pain-relief-faq", "not medical advice"],
      ["/new-york/arthritis-pain-relief", "Get Connected"],
      ["/search?q=capsaicin", "capsaicin"],
    ];
    for (const [path, text] of expectations) {
      await page.goto(path);
      await expect(page.getByText(text).first(), path).toBeVisible();
    }
    // FAQ answers are readable without JavaScript (native disclosure).
    await page.goto("/blog/rheumatoid-arthritis-pain-relief-faq");
    const first = page.locator("details").first();
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
  });
});
