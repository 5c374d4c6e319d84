import * as OTPAuth from "otpauth";
import { expect, expectAccessible, gotoReady, signIn, signUp, test, uniqueEmail, waitForMail } from "./fixtures";

test.describe("accounts", () => {
  test("sign up shows the toast and signs in; the menu shows the email; sign out", async ({ page }) => {
    await gotoReady(page, "/auth");
    await expect(page.getByRole("heading", { name: "Join Our Community" })).toBeVisible();
    await expect(page.getByText("Connect with others who understand your journey")).toBeVisible();
    await expect(page.getByText("Sign in to your account or create a new one to join our supportive community")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page, "/auth");

    const email = uniqueEmail("signup");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const form = page.locator("form[data-form='sign-up']");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("abcdefgh-42");
    await form.getByLabel("I am 16 or older").check();
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Account created!", { exact: true })).toBeVisible();
    await expect(page.getByText("Welcome to the RA community", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await expect(page.getByRole("menu").getByText(email)).toBeVisible();
    await expect(page.locator("aside[aria-label='Site']").getByText(email)).toBeVisible();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByText("You have been successfully signed out", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  });

  test("a wrong password gives the destructive Error toast and does not say whether the email exists", async ({ page }) => {
    await signIn(page, "nobody-at-all@example.com", "wrong-password");
    const toast = page.locator("[data-variant='destructive']");
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast).toContainText("Invalid email or password");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  });

  test("signing out in one tab signs out the other", async ({ browser }) => {
    const context = await browser.newContext();
    const a = await context.newPage();
    const { email } = await signUp(a);
    const b = await context.newPage();
    await gotoReady(b, "/forum");
    await expect(b.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
    await a.getByRole("button", { name: `Account menu for ${email}` }).click();
    await a.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(a.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    // Tab B updates by itself: no reload.
    await expect(b.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    await expect(b.getByRole("button", { name: `Account menu for ${email}` })).toHaveCount(0);
    await context.close();
  });

  test("enrol TOTP, sign out, and sign in again with a generated code", async ({ page }) => {
    const { email, password } = await signUp(page);
    await gotoReady(page, "/account/security");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Set up" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await expectAccessible(page, "/account/security (enrolment)");
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    // A code is good once; the one used here is refused if offered again within its window.
    const enrolmentCode = totp.generate();
    await page.getByLabel("6-digit code").fill(enrolmentCode);
    await page.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(page.getByRole("heading", { name: "Two-step verification is on" })).toBeVisible();

    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/auth\/two-factor/);
    const code = totp.generate();
    if (code === enrolmentCode) {
      await page.getByLabel("Authentication code").fill(code);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("This code has already been used. Please wait for the next code from your authenticator app.")).toBeVisible();
      // The authenticator's next code, as a member would wait for it.
      await expect.poll(() => totp.generate(), { timeout: 31_000, intervals: [1000] }).not.toBe(enrolmentCode);
    }
    await page.getByLabel("Authentication code").fill(totp.generate());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
  });

  test("reset a forgotten password through the mail received by the SMTP server", async ({ page }) => {
    const { email } = await signUp(page);
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    await gotoReady(page, "/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
    const mail = await waitForMail(email, /Reset your/);
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/reset\?token=/);
    await page.getByLabel("New password", { exact: true }).fill("my-new-password");
    await page.getByLabel("Confirm new password").fill("my-new-password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("Password updated", { exact: true })).toBeVisible();
    await signIn(page, email, "my-new-password");
    await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
  });
});

test.describe("accounts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign up and sign in work as plain HTML forms", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/tab=signup/);
    const up = page.locator("form[data-form='sign-up']");
    await up.getByLabel("Email").fill(email);
    await up.getByLabel("Password").fill("nojs-password");
    await up.getByLabel("I am 16 or older").check();
    await up.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Welcome to the RA community!")).toBeVisible();
    await expect(page.locator("aside[aria-label='Site']").getByText(email)).toBeAttached();

    await page.goto("/account");
    await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

    await page.goto("/auth");
    const inForm = page.locator("form[data-form='sign-in']");
    await inForm.getByLabel("Email").fill(email);
    await inForm.getByLabel("Password").fill("wrong-password");
    await inForm.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").getByText("Error", { exact: true })).toBeVisible();
    await inForm.getByLabel("Password").fill("nojs-password");
    await inForm.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Join Discussions" })).toBeVisible();
  });
});
