import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectLargeTargets, gotoReady, signUp, signUpAdmin, test } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test.describe("formatted posts", () => {
  test("an answer with Markdown, a 300-character address, a long word and a <script> renders safely and never widens the page", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await signUp(page);
    await gotoReady(page, "/forum");
    await page
      .getByRole("link", { name: /No answers yet|Read all answers/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    const address = `https://example.com/${"a".repeat(280)}`;
    const word = `Pneumono${"o".repeat(292)}`;
    const marker = tag();
    const answer = `This **really helped** me ${marker}.\n\n- warm water\n- gentle stretches\n\nMore at ${address}\n\n${word}\n\n<script>alert("hacked")</script>`;
    await expect(
      page.getByText("You can use **bold**, *italic*, lists (start lines with - or 1.) and links. Web addresses become links.").first(),
    ).toBeVisible();
    await page.getByLabel("Your answer", { exact: true }).fill(answer);
    await page.getByRole("button", { name: "Post Answer" }).click();
    await expect(page.getByText("Answer posted!", { exact: true })).toBeVisible();

    const item = page.getByRole("listitem").filter({ hasText: marker });
    await expect(item.locator("strong", { hasText: "really helped" })).toBeVisible();
    await expect(item.getByRole("listitem").filter({ hasText: "gentle stretches" })).toBeVisible();
    const link = item.getByRole("link", { name: address });
    await expect(link).toHaveAttribute("href", address);
    await expect(link).toHaveAttribute("rel", "ugc nofollow noopener noreferrer");
    // The script is shown as the text that was typed, and never runs.
    await expect(item.locator("p", { hasText: '<script>alert("hacked")</script>' })).toBeVisible();
    expect(await page.locator("main script").count()).toBe(0);

    const questionPath = new URL(page.url()).pathname;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await gotoReady(page, questionPath);
      await expect(item.locator("strong", { hasText: "really helped" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `page wider than the window at ${width}px`).toBeLessThanOrEqual(0);
    }
    // At the top of the page: scrolled down, the sticky top bar lies over the posts above.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, "question page with a formatted answer");
    expect(dialogs).toEqual([]);
  });

  test("a story in Markdown, with a <script>, an <img onerror> and a javascript: link, renders safely to its author, its editor and readers at 375 px", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const phone = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
    const memberCtx = await browser.newContext(phone);
    const member = await memberCtx.newPage();
    const dialogs: string[] = [];
    const watch = (page: Page) =>
      page.on("dialog", async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
    watch(member);
    await signUp(member);

    const marker = tag();
    const title = `Small wins ${marker}`;
    const address = `https://example.com/${"a".repeat(280)}`;
    const story = [
      `My **good** week, *finally*. <script>alert("story")</script>`,
      `<img src=x onerror="alert('img')">`,
      "",
      "- warm gloves",
      "- a [jar opener](javascript:alert('link'))",
      "",
      `[Arthritis Foundation](https://www.arthritis.org/) and ${address}`,
    ].join("\n");

    // The story form says what works.
    await gotoReady(member, "/blog#share-story");
    const share = member.locator("#share-story");
    await expect(share.getByText("You can use **bold**, *italic*, lists (start lines with - or 1.) and links. Web addresses become links.")).toBeVisible();
    await share.getByLabel("Title").fill(title);
    await share.getByLabel("Your story").fill(story);
    await share.getByRole("button", { name: "Send for review" }).click();
    await expect(member).toHaveURL(/\/account#story-\d+$/);

    /** The story as rendered: the marks as elements, the typed tags as text, no script address. */
    const expectRendered = async (page: Page, where: string) => {
      const body = page.getByRole("region", { name: title });
      await expect(body.locator("strong", { hasText: "good" }), where).toBeVisible();
      await expect(body.locator("em", { hasText: "finally" }), where).toBeVisible();
      await expect(body.getByRole("listitem").filter({ hasText: "warm gloves" }), where).toBeVisible();
      await expect(body.getByText('<script>alert("story")</script>', { exact: false }), where).toBeVisible();
      await expect(body.getByText(`<img src=x onerror="alert('img')">`, { exact: false }), where).toBeVisible();
      const link = body.getByRole("link", { name: "Arthritis Foundation" });
      await expect(link, where).toHaveAttribute("href", "https://www.arthritis.org/");
      await expect(link, where).toHaveAttribute("rel", "ugc nofollow noopener noreferrer");
      await expect(body.getByRole("link", { name: address }), where).toHaveAttribute("href", address);
      await expect(body.getByRole("link", { name: "jar opener" }), where).toHaveCount(0);
      expect(await body.locator("script, img, [onerror], a[href^='javascript' i]").count(), where).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${where}: page wider than the window`).toBeLessThanOrEqual(0);
    };

    // The author's own view: the story as readers will see it, and the text as typed to edit.
    await member.getByRole("link", { name: title }).click();
    await expect(member.getByRole("heading", { level: 1, name: "Your story" })).toBeVisible();
    await expect(member.getByText("As readers will see it")).toBeVisible();
    await expectRendered(member, "the author's view");
    await expect(member.getByLabel("Your story")).toHaveValue(story);
    await expect(member.getByText("You can use **bold**, *italic*").first()).toBeVisible();
    await expectAccessible(member, "a story in Markdown waiting for review");
    await expectLargeTargets(member, "a story in Markdown waiting for review");

    // A change is previewed first, rendered by the server; the field keeps what was typed.
    const changed = `${story}\n\n1. soak\n2. stretch`;
    await member.getByLabel("Your story").fill(changed);
    await member.getByRole("button", { name: "Preview changes" }).click();
    await expect(member.getByText("Preview of your changes (not saved yet)")).toBeVisible();
    await expect(member.getByRole("region", { name: title }).locator("ol > li", { hasText: "stretch" })).toBeVisible();
    await expect(member.getByLabel("Your story")).toHaveValue(changed);
    await expectRendered(member, "the author's preview");
    await expectAccessible(member, "a preview of changes to a story");
    await member.getByRole("button", { name: "Save changes" }).click();
    await expect(member.getByText("Story saved", { exact: true })).toBeVisible();

    // The editor reviews it as it would be published, at 375 px too, and publishes it.
    const editorCtx = await browser.newContext(phone);
    const editor = await editorCtx.newPage();
    watch(editor);
    await signUpAdmin(editor, "e2e-admin-stories@example.com");
    await gotoReady(editor, "/admin/posts");
    await editor.getByRole("link", { name: title }).click();
    await expect(editor.getByText("As it would be published")).toBeVisible();
    await expectRendered(editor, "the editor's review");
    await expect(editor.getByLabel("Content", { exact: true })).toHaveValue(changed);
    await expectAccessible(editor, "an editor reviewing a story in Markdown");
    await editor.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(editor.getByText("Post published", { exact: true })).toBeVisible();
    const slug = (await editor.getByLabel("Slug").inputValue()).trim();

    // A reader opens the published story.
    const readerCtx = await browser.newContext(phone);
    const reader = await readerCtx.newPage();
    watch(reader);
    await gotoReady(reader, `/article/${slug}`);
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const article = reader.locator("article");
    await expect(article.locator("strong", { hasText: "good" })).toBeVisible();
    await expect(article.locator("ol > li", { hasText: "stretch" })).toBeVisible();
    await expect(article.getByText('<script>alert("story")</script>', { exact: false })).toBeVisible();
    await expect(article.getByRole("link", { name: "Arthritis Foundation" })).toHaveAttribute("rel", "ugc nofollow noopener noreferrer");
    expect(await article.locator("script, img, [onerror], a[href^='javascript' i]").count()).toBe(0);
    const overflow = await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "the article is wider than the window").toBeLessThanOrEqual(0);
    await expectAccessible(reader, "a published story in Markdown");

    expect(dialogs).toEqual([]);
    await memberCtx.close();
    await editorCtx.close();
    await readerCtx.close();
  });
});
