import { askQuestion, expect, expectAccessible, expectLargeTargets, gotoReady, signUp, signUpAdmin, test, uniqueEmail } from "./fixtures";

/** A short unique word (no long digit runs, which would look like a phone number). */
const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test.describe("forum", () => {
  test("a visitor sees the questions and a link to sign in", async ({ page }) => {
    await gotoReady(page, "/forum");
    await expect(page.getByRole("heading", { name: "Community Forum" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to ask questions" })).toHaveAttribute("href", /\/auth/);
    await expect(
      page
        .locator("summary")
        .filter({ hasText: /^Show [12] recent answers?/ })
        .first(),
    ).toBeVisible();
    await expectAccessible(page, "/forum signed out");
  });

  test("a member asks: 'Posting...', the toast, the question on top; markup stays text", async ({ page }) => {
    await signUp(page);
    await gotoReady(page, "/forum");
    // The submission is held until the busy state has been seen, then goes on: no fixed delay that
    // a slow machine could outlast or a fast one make needlessly long.
    let release = () => {};
    const seenBusy = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/forum.data*", async (route) => {
      if (route.request().method() === "POST") await seenBusy;
      await route.continue();
    });
    // The dialog's code loads after the page; until then the link opens the form on the page.
    await expect(page.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
    await page.getByRole("link", { name: "Ask Question" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask the community" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "ask dialog open");
    const title = `<script>alert("x")</script> Heat or ice? ${tag()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Content").fill("Which helps your wrists more in the morning?");
    await dialog.getByRole("button", { name: "Post Question" }).click();
    await expect(dialog.getByRole("button", { name: "Posting..." })).toBeDisabled();
    release();
    await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
    await expect(page.getByText("Your question has been shared with the community", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    // The asker lands on the new question's page; the forum's list starts with it.
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await gotoReady(page, "/forum");
    const first = page.getByRole("list", { name: "Questions, newest first" }).getByRole("listitem").first();
    await expect(first.getByRole("heading", { level: 2 })).toHaveText(title);
    // Opening the dialog again shows empty fields.
    // The dialog's code loads after the page; until then the link opens the form on the page.
    await expect(page.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
    await page.getByRole("link", { name: "Ask Question" }).click();
    await expect(page.getByRole("dialog").getByLabel("Title")).toHaveValue("");
    // As a person would: Escape once the dialog has taken the focus.
    await expect(page.getByRole("dialog").getByLabel("Title")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "Ask Question" })).toBeFocused();
  });

  test("empty fields get inline messages and nothing is posted", async ({ page }) => {
    await signUp(page);
    await gotoReady(page, "/forum");
    // The dialog's code loads after the page; until then the link opens the form on the page.
    await expect(page.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
    await page.getByRole("link", { name: "Ask Question" }).click();
    const dialog = page.getByRole("dialog");
    // Bypass the browser's own 'required' check to see the server's answer.
    await dialog.locator("form").evaluate((f) => f.setAttribute("novalidate", ""));
    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByRole("button", { name: "Post Question" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Failed to post your question", { exact: true })).toBeVisible();
    // Escape from inside the dialog closes it, although a toast appeared after it opened.
    await dialog.getByLabel("Title").focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Ask Question" })).toBeFocused();
  });

  test("answer a question, report it, and an admin hides it", async ({ browser }) => {
    const memberCtx = await browser.newContext();
    const page = await memberCtx.newPage();
    await signUp(page);
    // Another member's question of its own: the page is the same whatever else the forum holds.
    const askerCtx = await browser.newContext();
    const asker = await askerCtx.newPage();
    await signUp(asker);
    const questionId = await askQuestion(asker, `Heat or ice for sore wrists ${tag()}?`, "Which helps your wrists more in the morning?");
    await askerCtx.close();
    await gotoReady(page, `/forum/${questionId}`);
    const questionUrl = page.url();
    const answer = `A warm shower helps me ${tag()}`;
    await page.getByLabel("Your answer", { exact: true }).fill(answer);
    await page.getByRole("button", { name: "Post Answer" }).click();
    await expect(page.getByText("Answer posted!", { exact: true })).toBeVisible();
    await expect(page.locator("p", { hasText: answer })).toBeVisible();
    await expect(page.getByLabel("Your answer", { exact: true })).toHaveValue("");
    await expectAccessible(page, "question page");

    // The member reports the question (someone else's).
    const question = page.locator("article");
    await question.getByText("Report", { exact: true }).click();
    await question.getByLabel("What is wrong with it?").fill("This looks like spam");
    await question.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Thank you for your report", { exact: true })).toBeVisible();
    const title = await page.getByRole("heading", { level: 1 }).textContent();

    const adminCtx = await browser.newContext();
    const admin = await adminCtx.newPage();
    await signUpAdmin(admin, "e2e-admin-forum@example.com");
    await admin.goto("/admin/reports");
    const card = admin.getByRole("listitem").filter({ hasText: "This looks like spam" });
    await expect(card).toBeVisible();
    await expectAccessible(admin, "/admin/reports");
    await card.getByRole("button", { name: "Hide" }).click();
    await expect(admin.getByText("Content hidden", { exact: true })).toBeVisible();

    const gone = await page.goto(questionUrl);
    expect(gone?.status()).toBe(404);
    await gotoReady(page, "/forum");
    await expect(page.getByRole("heading", { name: title!, exact: true })).toHaveCount(0);
    await memberCtx.close();
    await adminCtx.close();
  });

  test("a moderator hides an answer from the question page and restores it there, by touch at 375px", async ({ browser }) => {
    const memberCtx = await browser.newContext();
    const page = await memberCtx.newPage();
    await signUp(page);
    await gotoReady(page, "/forum");
    await page
      .getByRole("link", { name: /No answers yet|Read all answers/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    const questionUrl = new URL(page.url()).pathname;
    const answer = `Try my miracle cure ${tag()}`;
    await page.getByLabel("Your answer", { exact: true }).fill(answer);
    await page.getByRole("button", { name: "Post Answer" }).click();
    await expect(page.getByText("Answer posted!", { exact: true })).toBeVisible();

    const modCtx = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const mod = await modCtx.newPage();
    await signUpAdmin(mod, "e2e-admin-moderate@example.com");
    await gotoReady(mod, questionUrl);
    const item = mod.getByRole("listitem").filter({ hasText: answer });
    await expectAccessible(mod, "question page, moderator");
    await expectLargeTargets(mod, "question page, moderator");
    await item.getByRole("button", { name: "Hide this answer" }).click();
    await expect(mod.getByText("Answer hidden", { exact: true })).toBeVisible();
    // Still on the moderator's page, said in words, with Restore beside it.
    await expect(item.getByText("This answer is hidden from readers.")).toBeVisible();
    // Checked again once the toast (which floats over the page for a while) is gone.
    await gotoReady(mod, questionUrl);
    await expect(item.getByText("This answer is hidden from readers.")).toBeVisible();
    await expectAccessible(mod, "question page with a hidden answer, moderator");
    await expectLargeTargets(mod, "question page with a hidden answer, moderator");

    // Readers no longer see it; its author still does, marked as hidden from others.
    const readerCtx = await browser.newContext();
    const reader = await readerCtx.newPage();
    await reader.goto(questionUrl);
    await expect(reader.locator("p", { hasText: answer })).toHaveCount(0);
    await page.goto(questionUrl);
    const own = page.getByRole("listitem").filter({ hasText: answer });
    await expect(own.locator("[data-hidden-from-others]")).toContainText("Hidden from others");

    await item.getByRole("button", { name: "Restore this answer" }).click();
    await expect(mod.getByText("Answer restored", { exact: true })).toBeVisible();
    await expect(item.getByText("This answer is hidden from readers.")).toHaveCount(0);
    await reader.goto(questionUrl);
    await expect(reader.locator("p", { hasText: answer })).toBeVisible();
    await page.goto(questionUrl);
    await expect(own.locator("[data-hidden-from-others]")).toHaveCount(0);
    await memberCtx.close();
    await modCtx.close();
    await readerCtx.close();
  });

  test("/forum/abc is the 404 page", async ({ page }) => {
    const response = await page.goto("/forum/abc");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
  });
});

test.describe("forum without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("asking and answering work as plain forms", async ({ page }) => {
    const email = uniqueEmail("nojs-forum");
    await page.goto("/auth?tab=signup");
    const up = page.locator("form[data-form='sign-up']");
    await up.getByLabel("Email").fill(email);
    await up.getByLabel("Password").fill("nojs-password");
    await up.getByLabel("I am 16 or older").check();
    await up.getByRole("button", { name: "Create Account" }).click();
    await page.goto("/forum");
    await page.getByRole("link", { name: "Ask Question" }).click();
    await expect(page).toHaveURL(/ask=1/);
    const title = `No-script question ${tag()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Content").fill("Asked without JavaScript.");
    await page.getByRole("button", { name: "Post Question" }).click();
    // Redirected to the new question's page.
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.getByLabel("Your answer", { exact: true }).fill("Answered without JavaScript.");
    await page.getByRole("button", { name: "Post Answer" }).click();
    await expect(page.locator("p", { hasText: "Answered without JavaScript." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "1 Answer" })).toBeVisible();
  });
});
