// An editor returns a member's story with a note, at phone and desktop widths: the author hears of
// it in the top bar, on /notifications and by mail, reads the note on their story's page, changes
// the story and sends it back, and the note is gone.
import { expect, expectAccessible, expectLargeTargets, gotoReady, setDisplayName, signUp, signUpAdmin, test, waitForMail } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);
const views = [
  { width: 375, options: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } },
  { width: 1280, options: { viewport: { width: 1280, height: 800 } } },
];

for (const view of views) {
  test(`at ${view.width} px an editor returns a story with a note; the author reads it, is told on the site and by mail, and resubmits`, async ({
    browser,
  }) => {
    const authorCtx = await browser.newContext(view.options);
    const author = await authorCtx.newPage();
    const { email } = await signUp(author);
    const name = `Rae ${tag()}`;
    await setDisplayName(author, name);
    const title = `Cold mornings and warm water ${tag()}`;
    await gotoReady(author, "/blog#share-story");
    const share = author.locator("#share-story");
    await share.getByLabel("Title").fill(title);
    await share.getByLabel("Your story").fill("A warm shower loosens my hands before work.");
    await share.getByRole("button", { name: "Send for review" }).click();
    await expect(author).toHaveURL(/\/account#story-\d+$/);

    const editorCtx = await browser.newContext(view.options);
    const editor = await editorCtx.newPage();
    await signUpAdmin(editor, `e2e-admin-return-${view.width}@example.com`);
    await gotoReady(editor, "/admin/posts");
    await editor.getByRole("link", { name: title }).click();
    await expect(editor.getByText(`Written by ${name}`)).toBeVisible();
    await editor.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await editor.getByText("Return with a note", { exact: true }).click();
    const note = editor.getByLabel("Note to the author");
    // Only spaces: refused with a message, and the form stays open with it.
    await note.fill("   ");
    await editor.getByRole("button", { name: "Return to the author" }).click();
    await expect(editor.getByText("Note to the author is required")).toBeVisible();
    const text = `Please say which <em>gloves</em> help, without the shop's name ${tag()}.`;
    await note.fill(text);
    await editor.getByRole("button", { name: "Return to the author" }).click();
    await expect(editor.getByText("Story returned", { exact: true })).toBeVisible();
    await expect(editor.getByText("Returned to the author with a note:")).toBeVisible();
    // Sent: the note is on the page as sent, and there is no form left to send it a second time.
    await expect(editor.getByText(text, { exact: true })).toBeVisible();
    await expect(editor.getByRole("button", { name: "Return to the author" })).toHaveCount(0);
    await expect(editor.getByLabel("Note to the author")).toHaveCount(0);
    await expectAccessible(editor, "an editor's page of a returned story");
    if (view.width === 375) await expectLargeTargets(editor, "an editor's page of a returned story");

    // The author: the top bar's count, the notice, and the note on the story's page.
    await gotoReady(author, "/account");
    await expect(author.getByText("Returned with a note", { exact: true })).toBeVisible();
    await author.getByRole("link", { name: "Notifications, 1 unread" }).click();
    await expect(author.getByText(`Your story “${title}” was returned with a note from the editors.`)).toBeVisible();
    await expectAccessible(author, "/notifications with a returned story");
    if (view.width === 375) await expectLargeTargets(author, "/notifications with a returned story");
    await author.getByRole("link", { name: "Read the note and edit your story" }).click();
    await expect(author).toHaveURL(/\/account\/stories\/\d+$/);
    await expect(author.getByRole("heading", { name: "Returned by the editors with a note:" })).toBeVisible();
    await expect(author.getByText(text, { exact: true })).toBeVisible();
    expect(await author.locator("em", { hasText: "gloves" }).count(), "the note is text, not markup").toBe(0);
    const overflow = await author.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "the story page is wider than the window").toBeLessThanOrEqual(0);
    await expectAccessible(author, "a returned story's page");
    if (view.width === 375) await expectLargeTargets(author, "a returned story's page");

    const mail = await waitForMail(email, /was returned with a note from the editors/);
    expect(mail.subject).toBe(`Your story “${title}” was returned with a note from the editors`);
    expect(mail.text).toMatch(/\/notifications\/\d+/);
    expect(mail.text).not.toContain("gloves");

    // Changed and saved: sent back for review, and the note is gone.
    await author.getByLabel("Your story").fill("A warm shower and thin cotton gloves loosen my hands before work.");
    await author.getByRole("button", { name: "Save changes" }).click();
    await expect(author.getByText("Story saved", { exact: true })).toBeVisible();
    await expect(author.getByText("Waiting for review", { exact: true })).toBeVisible();
    await author.getByRole("link", { name: title }).click();
    await expect(author.getByRole("heading", { level: 1, name: "Your story" })).toBeVisible();
    await expect(author.getByText("Returned by the editors with a note:")).toHaveCount(0);

    await gotoReady(editor, "/admin/posts");
    await expect(editor.getByRole("listitem").filter({ hasText: title }).getByText("Waiting for review")).toBeVisible();
    await authorCtx.close();
    await editorCtx.close();
  });
}
