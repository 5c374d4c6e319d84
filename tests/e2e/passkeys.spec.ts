// Passkeys end to end in Chromium with its virtual authenticator (a platform authenticator that
// holds resident keys and verifies the user): a member adds a named passkey, renames it, signs
// out, signs in with it and no password, and the session counts as two-step; then removes it.
// Adding and removing one ask for the password first, and the member is told by mail and notification.
import type { CDPSession, Page } from "@playwright/test";
import { expect, expectAccessible, gotoReady, signUp, test, waitForMail } from "./fixtures";

async function virtualAuthenticator(page: Page, options: { isUserVerified?: boolean } = {}) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: options.isUserVerified ?? true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test.describe("passkeys", () => {
  test.describe.configure({ timeout: 240_000 });
  test("a member adds, names and renames a passkey, signs out, signs in with it, and removes it", async ({ page }) => {
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const { email, password } = await signUp(page);

    await gotoReady(page, "/account/security");
    const card = page.locator("[data-passkeys]");
    await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
    await expectAccessible(page, "security page without passkeys");

    // A session alone is not enough: a wrong password adds nothing.
    const nameField = card.getByLabel("Name for the new passkey");
    await nameField.fill("My laptop");
    await card.getByLabel("Your password").fill("not my password at all");
    await card.getByRole("button", { name: "Add a passkey" }).click();
    await expect(card.getByRole("alert")).toContainText("That is not right. Check your password");
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(0);

    // By keyboard: the right password, then Enter in the field.
    await card.getByLabel("Your password").fill(password);
    await card.getByLabel("Your password").press("Enter");
    await expect(card.getByRole("status")).toContainText("Passkey 'My laptop' added.");
    const list = card.getByRole("list", { name: "Your passkeys" });
    await expect(list.getByText("My laptop", { exact: true })).toBeVisible();
    const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date());
    await expect(list.locator("[data-passkey-dates]")).toHaveText(`Added ${today}. Not used to sign in yet.`);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);

    // The member is told, by mail and in the notifications, with the way to remove it.
    const mail = await waitForMail(email, /A passkey was added to your account/);
    expect(mail.text).toContain("'My laptop'");
    expect(mail.text).toContain("/account/security");
    await gotoReady(page, "/notifications");
    await expect(page.getByText("A passkey was added to your account")).toBeVisible();
    await page.getByRole("link", { name: "Not you? Review and remove passkeys on your security page" }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    expect(credentials[0].isResidentCredential).toBe(true);
    await expectAccessible(page, "security page with a passkey");

    await card.getByLabel("New name for My laptop").fill("Kitchen tablet");
    await card.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText("Passkey renamed", { exact: true })).toBeVisible();
    await expect(list.getByText("Kitchen tablet", { exact: true })).toBeVisible();

    // Sign out, then back in with the passkey and no password.
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByText("You have been successfully signed out", { exact: true })).toBeVisible();

    await gotoReady(page, "/auth?redirectTo=%2Faccount%2Fsecurity");
    await expectAccessible(page, "sign-in page with the passkey button");
    const passkeyButton = page.getByRole("button", { name: "Sign in with a passkey" });
    await passkeyButton.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/account\/security$/);
    // Greeted as after every other sign-in.
    await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
    await expect(page.locator("[data-passkey-session]")).toHaveText("You signed in with a passkey, so this session counts as two-step verified.");
    await expect(page.locator("[data-passkey-dates]")).toHaveText(`Added ${today}. Last used to sign in ${today}.`);

    // Removing it asks for the password too, as adding did.
    await page.getByRole("button", { name: "Remove passkey Kitchen tablet" }).click();
    const confirmRemoval = card.getByLabel("Your password, to remove this passkey");
    await expect(confirmRemoval).toBeVisible();
    await expectAccessible(page, "security page asking for the password to remove a passkey");
    await confirmRemoval.fill(password);
    await card.getByRole("button", { name: "Remove passkey", exact: true }).click();
    await expect(page.getByText("Passkey removed", { exact: true })).toBeVisible();
    await expect(page.locator("[data-passkeys]").getByText("You have no passkeys yet.")).toBeVisible();
  });

  test("says so clearly when the person cancels or the browser has no passkey support", async ({ page }) => {
    await gotoReady(page, "/auth");
    await page.evaluate(() => {
      // Make the request end at once, as when the person closes the passkey prompt.
      navigator.credentials.get = () => Promise.reject(new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"));
    });
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toContainText("You were not signed in: the request was cancelled");
    await expectAccessible(page, "sign-in page after a cancelled passkey");

    await gotoReady(page, "/auth");
    await page.evaluate(() => {
      // @ts-expect-error an old browser without WebAuthn
      delete window.PublicKeyCredential;
    });
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toContainText("This browser cannot use passkeys.");
  });
});
