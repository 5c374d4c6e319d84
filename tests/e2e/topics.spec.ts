import { expect, expectAccessible, expectLargeTargets, gotoReady, PHONE, signUp, signUpAdmin, test } from "./fixtures";

/** A short unique word (no long digit runs, which would look like a phone number). */
const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test.describe("forum topics", () => {
  test("a member files a question under a topic, finds it on the topic's page, changes the topic, and sorts the forum by keyboard; at 375px", async ({
    browser,
  }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signUp(page);

    // Asking: the dialog's Topic select starts at "No topic"; the member picks Diet.
    await gotoReady(page, "/forum");
    await expect(page.getByRole("link", { name: "Ask Question" })).toHaveAttribute("aria-haspopup", "dialog");
    await page.getByRole("link", { name: "Ask Question" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask the community" });
    await expect(dialog).toBeVisible();
    const topic = dialog.getByLabel("Topic");
    await expect(topic).toHaveValue("");
    await expect(topic.locator("option:checked")).toHaveText("No topic");
    const title = `Soup that is easy to make with sore hands ${tag()}`;
    await dialog.getByLabel("Title").fill(title);
    await topic.selectOption({ label: "Diet" });
    await dialog.getByLabel("Content").fill("What do you cook on days when chopping is hard?");
    await expectAccessible(page, "ask dialog with a topic chosen");
    await expectLargeTargets(page, "ask dialog with a topic chosen");
    await dialog.getByRole("button", { name: "Post Question" }).click();
    await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    // In the forum's list, the new row names its topic as a link to the topic's page.
    await gotoReady(page, "/forum");
    const row = page
      .getByRole("list", { name: "Questions, newest first" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title }) });
    await expect(row.getByRole("link", { name: "Topic: Diet" })).toBeVisible();
    await expectAccessible(page, "/forum with topics");
    await expectLargeTargets(page, "/forum with topics");
    await row.getByRole("link", { name: "Topic: Diet" }).click();
    await expect(page).toHaveURL(/\/forum\/topics\/diet$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Diet");
    await expect(page.getByText(/Food, cooking and eating well/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Questions, newest first" }).getByRole("heading", { name: title })).toBeVisible();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectAccessible(page, "topic page");
    await expectLargeTargets(page, "topic page");

    // The asker moves it to another topic from the question page.
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("link", { name: "Diet" })).toHaveAttribute("href", "/forum/topics/diet");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByText("Change topic", { exact: true }).click();
    await page.getByLabel("Topic", { exact: true }).selectOption({ label: "Work and daily life" });
    await expectAccessible(page, "question page, changing the topic");
    await expectLargeTargets(page, "question page, changing the topic");
    await page.getByRole("button", { name: "Save topic" }).click();
    await expect(page.getByText("Topic changed", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Work and daily life" })).toHaveAttribute("href", "/forum/topics/work-and-daily-life");

    // Sorting /forum with the keyboard alone: the Sort by select, then the button.
    await gotoReady(page, "/forum");
    const sort = page.getByLabel("Sort by");
    await expect(sort).toHaveValue("newest");
    await sort.focus();
    await page.keyboard.press("ArrowDown");
    await expect(sort).toHaveValue("unanswered");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Show questions" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/forum\?sort=unanswered$/);
    const unanswered = page.getByRole("list", { name: "Unanswered questions, newest first" });
    // The member's new question is on the first page of unanswered ones (other tests post beside
    // this one, so it need not be the very first row).
    await expect(unanswered.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(unanswered.getByText(/^\d+ answers?$/).filter({ hasNotText: /^0 answers$/ })).toHaveCount(0);
    await expect(page.getByLabel("Sort by")).toHaveValue("unanswered");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectAccessible(page, "/forum sorted: unanswered");
    await expectLargeTargets(page, "/forum sorted: unanswered");

    // Every topic is listed on /forum/topics.
    await gotoReady(page, "/forum/topics");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forum topics");
    await expect(page.getByRole("link", { name: "Work and daily life" })).toBeVisible();
    await expectAccessible(page, "/forum/topics");
    await expectLargeTargets(page, "/forum/topics");
    await context.close();
  });

  test("an admin adds a topic (a bad slug first), moves it up by keyboard and deletes it; at 375px", async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signUpAdmin(page, "e2e-admin-topics@example.com");
    await gotoReady(page, "/admin");
    await page.getByRole("link", { name: "Forum topics" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forum topics");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectAccessible(page, "/admin/topics");
    await expectLargeTargets(page, "/admin/topics");

    const name = `Sleep and rest ${tag()}`;
    const adding = page.locator("form").filter({ has: page.getByRole("button", { name: "Add topic" }) });
    await adding.getByLabel("Name").fill(name);
    await adding.getByLabel("Slug").fill("Not A Slug");
    await adding.getByRole("button", { name: "Add topic" }).click();
    await expect(adding.getByText("Use lowercase letters, digits and single hyphens only")).toBeVisible();
    await expect(adding.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    // Scrolled to the form, its first field sits under the sticky top bar, which axe counts as an
    // obscured target: check the page from its top, as it was loaded.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, "/admin/topics with an error");
    await adding.getByLabel("Slug").fill("");
    await adding.getByLabel("Description").fill("Sleep, rest and pacing through the day.");
    await adding.getByRole("button", { name: "Add topic" }).click();
    await expect(page.getByText("Topic added", { exact: true })).toBeVisible();
    const items = page
      .getByRole("list")
      .filter({ has: page.getByRole("button", { name: /^Move up / }) })
      .getByRole("listitem");
    await expect(items.last().getByRole("heading", { level: 3 })).toHaveText(name);

    // Move up, by keyboard: the new topic is then second from last.
    await page.getByRole("button", { name: `Move up ${name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Topic moved", { exact: true })).toBeVisible();
    await expect(items.nth(-2).getByRole("heading", { level: 3 })).toHaveText(name);
    await gotoReady(page, "/forum");
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

    // Delete it: it is gone from the forum's topics.
    await gotoReady(page, "/admin/topics");
    const item = items.filter({ has: page.getByRole("heading", { name, exact: true }) });
    await item.locator("summary", { hasText: "Delete" }).click();
    await item.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Topic deleted", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
    await context.close();
  });
});
