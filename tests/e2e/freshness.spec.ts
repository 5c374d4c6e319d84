// Readers get pages from the anonymous page cache; a member's question must still reach them on
// their very next request, not when the cache happens to expire.
import { expect, gotoReady, signUp, test } from "./fixtures";

/** A short unique word (no digits, which could look like a phone number). */
const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test("writes show up for readers at once", async ({ browser, page: memberPage }) => {
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  try {
    // The reader warms the cache: the second visit of each page is served from it.
    for (const path of ["/forum", "/"]) {
      await readerPage.goto(path);
      const again = await readerPage.goto(path);
      expect(again?.headers()["x-cache"], `${path} second visit`).toBe("HIT");
    }

    // A member asks a question through the forum's dialog.
    const title = `Warm gloves at night ${tag()}?`;
    await signUp(memberPage);
    await gotoReady(memberPage, "/forum");
    await expect(memberPage.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
    await memberPage.getByRole("link", { name: "Ask Question" }).click();
    const dialog = memberPage.getByRole("dialog", { name: "Ask the community" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Content").fill("Do heated gloves help your fingers overnight?");
    await dialog.getByRole("button", { name: "Post Question" }).click();
    await expect(memberPage.getByText("Question posted!", { exact: true })).toBeVisible();

    // The reader's next request for each page shows it, newly rendered.
    const forum = await readerPage.goto("/forum");
    expect(forum?.headers()["x-cache"]).toBe("MISS");
    await expect(readerPage.getByRole("list", { name: "Questions, newest first" }).getByRole("listitem").first().getByRole("heading", { level: 2 })).toHaveText(
      title,
    );
    const home = await readerPage.goto("/");
    expect(home?.headers()["x-cache"]).toBe("MISS");
    await expect(readerPage.getByRole("region", { name: "Recent Community Activity" }).getByRole("link", { name: title })).toBeVisible();

    // And from then on it is served from the cache again, with the question.
    const cached = await readerPage.goto("/forum");
    expect(cached?.headers()["x-cache"]).toBe("HIT");
    await expect(readerPage.getByRole("heading", { level: 2, name: title })).toBeVisible();
  } finally {
    await reader.close();
  }
});
