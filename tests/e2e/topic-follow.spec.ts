// Following a topic: a member presses Follow on a topic's page (a toggle that says "Following"
// once pressed), another member asks there, and the follower finds it in their notifications.
import { askQuestion, DESKTOP, expect, expectAccessible, expectLargeTargets, gotoReady, memberPage, PHONE, test } from "./fixtures";

/** A short unique word (no long digit runs, which would look like a phone number). */
const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test("a member follows a topic from its page and is told when another member asks there; at 1280 and 375 px", async ({ browser }) => {
  const follower = await memberPage(browser, DESKTOP);
  await gotoReady(follower, "/forum/topics/diet");
  const follow = follower.getByRole("button", { name: "Follow", exact: true });
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await follow.click();
  await expect(follower.getByText("Following Diet", { exact: true })).toBeVisible();
  const following = follower.getByRole("button", { name: "Following", exact: true });
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await expect(follower.getByText("You are told of new questions in this topic.")).toBeVisible();
  await expectAccessible(follower, "a followed topic's page at 1280px");
  await expectLargeTargets(follower, "a followed topic's page at 1280px");
  await follower.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(follower, "a followed topic's page at 375px");
  await expectLargeTargets(follower, "a followed topic's page at 375px");

  const asker = await memberPage(browser, PHONE);
  const title = `Breakfasts that need no chopping ${tag()}`;
  await askQuestion(asker, title, `What do you eat on mornings when your hands are stiff ${tag()}?`, "Diet");

  await gotoReady(follower, "/notifications");
  const entry = follower.locator("[data-notification-group]").filter({ hasText: title });
  await expect(entry).toContainText("asked a new question in a topic you follow");
  await expectAccessible(follower, "notifications with a followed topic's question at 375px");
  await entry.getByRole("link", { name: new RegExp(title) }).click();
  await expect(follower.getByRole("heading", { level: 1 })).toHaveText(title);

  // The account page lists the topic, with Unfollow.
  await gotoReady(follower, "/account");
  const list = follower.getByRole("list", { name: "Topics you follow" });
  await expect(list.getByRole("link", { name: "Diet", exact: true })).toBeVisible();
  await expectAccessible(follower, "the account page with a followed topic at 375px");
  await list.getByRole("button", { name: "Unfollow Diet" }).click();
  await expect(follower.getByText("No longer following Diet", { exact: true })).toBeVisible();
  await expect(follower.getByText("You do not follow any topic yet.", { exact: false })).toBeVisible();
  await asker.context().close();
  await follower.context().close();
});
