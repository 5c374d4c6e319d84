// Without JavaScript on a phone: the message after signing in leaves the menu's Sign out free and
// can be dismissed, and the ask form shows similar questions after a first submit, then posts.
// (axe needs scripts in the page: the same markup is checked with them in member-journeys.spec.ts
// and html-valid.spec.ts.)
import { expect, test, uniqueEmail } from "./fixtures";

test("without JavaScript at 375 px: the sign-in message stays under the menu and can be dismissed; similar questions after a first submit", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const email = uniqueEmail("noscript");
  const password = "a-long-password-1";
  await page.goto("/auth?tab=signup");
  const signUp = page.locator("form[data-form='sign-up']");
  await signUp.getByLabel("Email").fill(email);
  await signUp.getByLabel("Password", { exact: true }).fill(password);
  // Showing the password needs scripts: without them there is no button that would do nothing.
  await expect(signUp.getByRole("button", { name: "Show password" })).toHaveCount(0);
  await signUp.getByLabel("I am 16 or older").check();
  await signUp.getByRole("button", { name: "Create Account" }).tap();
  await expect(page.getByText("Account created!", { exact: true })).toBeVisible();
  await page.goto("/#site-sidebar");
  await page.locator("aside").getByRole("button", { name: "Sign out" }).tap();
  await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
  await page.goto("/auth");
  const signIn = page.locator("form[data-form='sign-in']");
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password", { exact: true }).fill(password);
  await signIn.getByRole("button", { name: "Sign In", exact: true }).tap();
  const message = page.getByRole("status").filter({ hasText: "Welcome back!" });
  await expect(message).toBeVisible();

  // The menu opens over the message: its Sign out takes a tap.
  await page.getByRole("link", { name: "Menu", exact: true }).tap();
  const drawer = page.locator("aside");
  await drawer.getByRole("button", { name: "Sign out" }).tap({ trial: true, timeout: 2_000 });
  await drawer.getByRole("link", { name: "Close menu" }).tap();
  await message.getByRole("link", { name: "Dismiss" }).tap();
  await expect(message).toBeHidden();

  // Asking: the first submit shows similar questions with the form as typed; the next posts.
  await page.goto("/forum?ask=1#ask");
  const ask = page.locator("#ask");
  const title = `Jar openers that grip, ${email.slice(9, 14)}`;
  await ask.getByLabel("Title").fill(title);
  await ask.getByLabel("Content").fill("Which one works with weak hands?");
  await ask.getByRole("button", { name: "Post Question" }).tap();
  await expect(ask.getByText("Similar questions already asked")).toBeVisible();
  await expect(ask.getByRole("link", { name: /^Tips for opening jars\?/ })).toBeVisible();
  await expect(ask.getByLabel("Title")).toHaveValue(title);
  await expect(ask.getByLabel("Content")).toHaveValue("Which one works with weak hands?");
  await ask.getByRole("button", { name: "Post Question" }).tap();
  await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await context.close();
});
