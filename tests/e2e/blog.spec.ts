import { expect, expectAccessible, expectLargeTargets, gotoReady, signUp, signUpAdmin, test } from "./fixtures";

const word = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test.describe("home and blog", () => {
  test("the hero offers Join Community and Browse Content to visitors, Join Discussions and Read Stories to members", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join Community" })).toHaveAttribute("href", "/auth?tab=signup");
    await expect(page.getByRole("link", { name: "Browse Content" })).toHaveAttribute("href", "/blog");
    await expect(page.getByText("Community Members")).toBeVisible();
    await expect(page.getByText("Questions Answered")).toBeVisible();
    await expect(page.getByText("Blog Articles")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent Community Activity" })).toBeVisible();
    await expect(page.getByText("Blog Post", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Question", { exact: true }).first()).toBeVisible();
    await expectAccessible(page, "home signed out");

    await signUp(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Join Discussions" })).toHaveAttribute("href", "/forum");
    await expect(page.getByRole("link", { name: "Read Stories" })).toHaveAttribute("href", "/blog");
    await expectAccessible(page, "home signed in");
  });

  test("the blog shows the five featured guides and community stories; a featured card opens its guide", async ({ page }) => {
    await page.goto("/blog");
    for (const badge of ["Featured", "Expert Guide", "Essential", "FAQ", "Product Guide"]) {
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Community Stories" })).toBeVisible();
    await expect(page.getByText("Community", { exact: true }).first()).toBeVisible();
    await expectAccessible(page, "/blog");
    const card = page.getByRole("listitem").filter({ has: page.getByText("FAQ", { exact: true }) });
    await card.getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/rheumatoid-arthritis-pain-relief-faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an editor publishes a post: it appears on /blog, in the home activity and at its address; unpublishing makes it a 404", async ({ browser }) => {
    const editorCtx = await browser.newContext();
    const editor = await editorCtx.newPage();
    await signUpAdmin(editor, "e2e-admin-blog@example.com");
    await gotoReady(editor, "/admin/posts");
    await expectAccessible(editor, "/admin/posts");
    const title = `Spring walks with RA ${word()}`;
    await editor.getByLabel("Title").fill(title);
    await editor.getByLabel("Content", { exact: true }).fill("Short walks help me.\n\nI rest on benches.");
    await editor.getByRole("button", { name: "Preview" }).click();
    await expect(editor.getByRole("heading", { name: title })).toBeVisible();
    await editor.getByRole("button", { name: "Save and publish" }).click();
    await expect(editor.getByText("Post published", { exact: true })).toBeVisible();
    const slug = (await editor.getByLabel("Slug").inputValue()).trim();
    expect(slug).toMatch(/^spring-walks-with-ra-/);

    const readerCtx = await browser.newContext();
    const reader = await readerCtx.newPage();
    await reader.goto("/blog");
    await expect(reader.getByRole("link", { name: title })).toBeVisible();
    await reader.goto("/");
    await expect(reader.getByRole("link", { name: title })).toBeVisible();
    await reader.getByRole("link", { name: title }).click();
    await expect(reader).toHaveURL(new RegExp(`/article/${slug}$`));
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText("I rest on benches.")).toBeVisible();
    await expect(reader.getByRole("link", { name: "Read More Stories" })).toBeVisible();
    await expectAccessible(reader, "article");

    await editor.getByRole("button", { name: "Unpublish" }).click();
    await expect(editor.getByText("Post unpublished", { exact: true })).toBeVisible();
    const gone = await reader.goto(`/article/${slug}`);
    expect(gone?.status()).toBe(404);
    await expect(reader.getByRole("heading", { name: "Article not found" })).toBeVisible();
    await expect(reader.getByRole("link", { name: "Back to Blog" })).toBeVisible();
    await editorCtx.close();
    await readerCtx.close();
  });

  test("a member's story waits for review", async ({ page }) => {
    await signUp(page);
    await gotoReady(page, "/blog#share-story");
    const title = `My first flare ${word()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Your story").fill("It was frightening, and this community helped.");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByText("Thank you for sharing your story!", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/account#story-\d+$/);
    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect(row.getByText("Waiting for review")).toBeVisible();
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  });

  test("a member opens, edits and withdraws their story while it waits for review, by touch at 375px", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signUp(page);
    await gotoReady(page, "/blog#share-story");
    const title = `Mornings ${word()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Your story").fill("Warm water helps my hands.");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page).toHaveURL(/\/account#story-\d+$/);

    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your story" })).toBeVisible();
    await expect(page.getByLabel("Your story")).toHaveValue("Warm water helps my hands.");
    await expectAccessible(page, "a story waiting for review");
    await expectLargeTargets(page, "a story waiting for review");

    // An empty title is refused with a message; the story text stays as typed.
    await page.getByLabel("Title").fill("");
    await page.getByLabel("Your story").fill("Warm water and gloves help my hands.");
    await page.getByLabel("Title").evaluate((el) => el.removeAttribute("required"));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByLabel("Your story")).toHaveValue("Warm water and gloves help my hands.");

    const renamed = `${title}, later`;
    await page.getByLabel("Title").fill(renamed);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Story saved", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/account#story-\d+$/);
    await page.getByRole("link", { name: renamed }).click();
    await expect(page.getByLabel("Your story")).toHaveValue("Warm water and gloves help my hands.");

    await page.getByRole("button", { name: "Withdraw story" }).click();
    await expect(page.getByText(`Withdraw and delete "${renamed}"? This cannot be undone.`)).toBeVisible();
    await expectLargeTargets(page, "withdrawing a story");
    await page.getByRole("button", { name: "Yes, withdraw it" }).click();
    await expect(page.getByText("Story withdrawn", { exact: true })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: renamed })).toHaveCount(0);
    await context.close();
  });
});
