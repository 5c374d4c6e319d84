// A moderator silences a reported author for a day from the report card; the author, trying to
// answer, is told until when and where to write, and nothing is posted; the moderators' record
// lists the silence with its reason. The new pages are axe clean at 375 and 1280 px.
import {
  DESKTOP,
  expect,
  expectAccessible,
  expectLargeTargets,
  gotoReady,
  memberPage,
  PHONE,
  postAnswer,
  setDisplayName,
  signUpAdmin,
  test,
  askQuestion,
} from "./fixtures";

const ADMIN = "e2e-admin-silence@example.com";
const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test("a moderator silences a reported author for a day; the author reads why when answering; the record lists it", async ({ browser }) => {
  test.setTimeout(240_000);
  const modCtx = await browser.newContext(DESKTOP);
  const mod = await modCtx.newPage();
  await signUpAdmin(mod, ADMIN);

  const asker = await memberPage(browser);
  const questionId = await askQuestion(asker, `Hand splints at night ${tag()}`, "Do they help you sleep?");
  const writer = await memberPage(browser);
  const authorName = `Seller ${tag()}`;
  await setDisplayName(writer, authorName);
  const words = `Buy my miracle cream today ${tag()}`;
  await postAnswer(writer, questionId, words);

  const reporter = await memberPage(browser);
  await gotoReady(reporter, `/forum/${questionId}`);
  const answer = reporter.locator("li[id^='answer-']").filter({ hasText: words });
  await answer.getByText("Report", { exact: true }).click();
  await answer.getByRole("radio", { name: "Spam or advertising" }).check();
  await answer.getByRole("button", { name: "Send report" }).click();
  await expect(reporter.getByText("Thank you for your report", { exact: true })).toBeVisible();

  // The moderator silences the author from the card: a day (the first choice) and a reason.
  const reason = `Adverts in answers ${tag()}`;
  await gotoReady(mod, "/admin/reports");
  const card = mod.locator("li[data-report-card]").filter({ hasText: words });
  await card.getByText("Silence the author", { exact: true }).click();
  await expect(card.getByRole("radio", { name: "1 day" })).toBeChecked();
  await card.getByLabel("Reason (kept in the moderators' record)").first().fill(reason);
  await expectAccessible(mod, "/admin/reports with the silence form open, 1280");
  await card.getByRole("button", { name: "Silence for the chosen time" }).click();
  await expect(mod.getByText("Member silenced", { exact: true })).toBeVisible();
  await expect(
    mod
      .locator("li[data-report-card]")
      .filter({ hasText: words })
      .getByText(/^Silenced until /),
  ).toBeVisible();

  // The author tries to answer: told until when, and where to write; nothing is posted.
  const attempt = `One more advert ${tag()}`;
  await gotoReady(writer, `/forum/${questionId}`);
  await writer.getByLabel("Your answer", { exact: true }).fill(attempt);
  await writer.getByRole("button", { name: "Post Answer" }).click();
  await expect(writer.getByText(/A moderator has paused your posting until .* UTC\./).first()).toBeVisible();
  await expect(writer.getByText(/write to the moderators through the contact page/).first()).toBeVisible();
  await gotoReady(writer, `/forum/${questionId}`);
  await expect(writer.getByRole("status").filter({ hasText: /A moderator has paused your posting until/ })).toBeVisible();
  await expectAccessible(writer, "question page of a silenced member, 1280");
  // Their words stay in their draft (only they see it), never among the answers.
  await expect(writer.locator("li[id^='answer-']").filter({ hasText: attempt })).toHaveCount(0);
  await expect(writer.locator("li[id^='answer-']").filter({ hasText: words })).toHaveCount(1);

  // The record lists the silence, its reason and who did it; the pages are axe clean.
  for (const [size, options] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    const context = await browser.newContext({ ...options, storageState: await modCtx.storageState() });
    const page = await context.newPage();
    await gotoReady(page, "/admin/actions");
    const line = page.locator("li[data-action='silence']").filter({ hasText: reason });
    await expect(line).toBeVisible();
    await expect(line.getByRole("link", { name: authorName })).toBeVisible();
    await expect(line).toContainText("until");
    await expectAccessible(page, `/admin/actions, ${size}`);
    await expectLargeTargets(page, `/admin/actions, ${size}`);
    await line.getByRole("link", { name: authorName }).click();
    await expect(page.getByRole("heading", { name: authorName, level: 2 })).toBeVisible();
    await expect(page.getByText(/^Silenced until /).first()).toBeVisible();
    await expect(page.locator("[data-action-record] li").filter({ hasText: reason })).toBeVisible();
    await expectAccessible(page, `/admin/members, ${size}`);
    await expectLargeTargets(page, `/admin/members, ${size}`);
    await context.close();
  }
  await modCtx.close();
});
