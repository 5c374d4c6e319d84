import { expect, expectAccessible, expectLargeTargets, gotoReady, PHONE, signUp, test } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test.describe("notifications", () => {
  test("an answer reaches the asker's top bar; opening it goes to the answer and clears the count; follow by keyboard", async ({ browser }) => {
    const askerCtx = await browser.newContext(PHONE);
    const asker = await askerCtx.newPage();
    await signUp(asker);
    const title = `Wrist braces while typing ${tag()}`;
    await gotoReady(asker, "/forum?ask=1");
    await asker.getByLabel("Title").fill(title);
    await asker.getByLabel("Content").fill("Do braces help your wrists at a keyboard?");
    await asker.getByRole("button", { name: "Post Question" }).click();
    await expect(asker.getByText("Question posted!", { exact: true })).toBeVisible();
    await expect(asker.getByRole("link", { name: "Notifications, 0 unread" })).toBeVisible();

    const helperCtx = await browser.newContext(PHONE);
    const helper = await helperCtx.newPage();
    await signUp(helper);
    await gotoReady(helper, "/forum");
    await helper.getByRole("link", { name: title, exact: true }).click();
    await expect(helper.getByRole("heading", { level: 1 })).toHaveText(title);
    // Follow by keyboard: focus the button and press Space.
    const followButton = helper.getByRole("button", { name: "Follow" });
    await expect(followButton).toHaveAttribute("aria-pressed", "false");
    await followButton.focus();
    await helper.keyboard.press("Space");
    await expect(helper.getByText("Following this question", { exact: true })).toBeVisible();
    await expect(helper.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
    await gotoReady(helper, new URL(helper.url()).pathname);
    await expectAccessible(helper, "question page with Follow");
    await expectLargeTargets(helper, "question page with Follow");
    const reply = `A soft brace and a lower desk helped me ${tag()}`;
    await helper.getByLabel("Your answer", { exact: true }).fill(reply);
    await helper.getByRole("button", { name: "Post Answer" }).click();
    await expect(helper.getByText("Answer posted!", { exact: true })).toBeVisible();

    await gotoReady(asker, "/forum");
    const bell = asker.getByRole("link", { name: "Notifications, 1 unread" });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(asker.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expectAccessible(asker, "/notifications with an unread one");
    await expectLargeTargets(asker, "/notifications with an unread one");
    await asker.getByRole("link", { name: title }).click();
    await expect(asker).toHaveURL(/\/forum\/\d+#answer-\d+$/);
    await expect(asker.getByText(reply)).toBeVisible();
    await expect(asker.getByRole("link", { name: "Notifications, 0 unread" })).toBeVisible();
    await askerCtx.close();
    await helperCtx.close();
  });
});
