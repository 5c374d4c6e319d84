// A moderator's day, in browsers: a member reports an answer as "may be at risk of harming
// themselves" and is shown where to find help now; the moderator sees the count beside Admin on
// the next page they open, gets the urgent mail, and finds the report at the top of the queue
// with its author, the words as reported and the earlier report of the same answer. Every page on
// the way is axe clean at 375 and 1280 px.
import {
  askQuestion,
  DESKTOP,
  expect,
  expectAccessible,
  expectLargeTargets,
  gotoReady,
  memberPage,
  PHONE,
  postAnswer,
  setDisplayName,
  signUp,
  signUpAdmin,
  test,
  uniqueEmail,
  waitForMail,
} from "./fixtures";

const ADMIN = "e2e-admin-moderation-day@example.com";
const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test("an 'at risk' report reaches the moderator at once, with its context, and the reporter is shown help", async ({ browser }) => {
  test.setTimeout(240_000);
  const modCtx = await browser.newContext(DESKTOP);
  const mod = await modCtx.newPage();
  await signUpAdmin(mod, ADMIN);
  await gotoReady(mod, "/forum");
  const adminLink = mod
    .getByRole("navigation")
    .getByRole("link", { name: /^Admin/ })
    .first();
  // What already waits (the seeded stories to review), so the count below is this test's own.
  await expect(adminLink).toHaveAccessibleName(/^Admin/);
  const before = Number(/(\d+) items? waiting/.exec((await adminLink.textContent()) ?? "")?.[1] ?? 0);
  const after = before + 2;

  const asker = await memberPage(browser);
  const questionId = await askQuestion(asker, `A long week ${tag()}`, "Flares every day this week.");
  const writer = await memberPage(browser);
  const authorName = `Writer ${tag()}`;
  await setDisplayName(writer, authorName);
  const words = `I cannot see the point of going on ${tag()}`;
  await postAnswer(writer, questionId, words);

  // An earlier report of the same answer, for another reason.
  const first = await memberPage(browser);
  await gotoReady(first, `/forum/${questionId}`);
  const answerOf = (page: typeof first) => page.locator("li[id^='answer-']").filter({ hasText: words });
  await answerOf(first).getByText("Report", { exact: true }).click();
  await answerOf(first).getByRole("radio", { name: "Spam or advertising" }).check();
  await answerOf(first).getByRole("button", { name: "Send report" }).click();
  await expect(first.getByText("Thank you for your report", { exact: true })).toBeVisible();

  // The urgent one, at a phone's width; the form is checked for axe while open.
  const rep = await memberPage(browser, PHONE);
  await gotoReady(rep, `/forum/${questionId}`);
  await answerOf(rep).getByText("Report", { exact: true }).click();
  await answerOf(rep).getByRole("radio", { name: "May be at risk of harming themselves" }).check();
  await expectAccessible(rep, "report form open, 375");
  await expectLargeTargets(rep, "report form open, 375");
  await answerOf(rep).getByRole("button", { name: "Send report" }).click();
  await expect(rep).toHaveURL(/\/help-now$/);
  await expect(rep.getByText("Thank you for your report", { exact: true })).toBeVisible();
  await expect(rep.getByRole("heading", { name: "If you or someone else may be in danger now" })).toBeVisible();
  await expect(rep.getByText("In the US, call or text 988 to reach the Suicide & Crisis Lifeline.")).toBeVisible();
  await expect(rep.getByText("In an emergency in the US, call 911.")).toBeVisible();
  await expectAccessible(rep, "/help-now after an at-risk report, 375");

  // The moderator opens another page: the count is there, the urgent one apart.
  await gotoReady(mod, "/blog");
  // Other tests on the same server may report too: at least this test's two, one of them urgent.
  await expect(adminLink).toHaveAccessibleName(/^Admin \d+ items waiting for review, 1 urgent$/);
  const shown = Number(/^Admin (\d+) items/.exec((await adminLink.textContent())?.replace(/^.*?(\d+ items)/, "Admin $1") ?? "")?.[1]);
  expect(shown).toBeGreaterThanOrEqual(after);
  await expect(adminLink.getByText(`(${shown})`, { exact: true })).toBeVisible();
  await expect(adminLink.getByText("1 urgent", { exact: true })).toBeVisible();

  const mail = await waitForMail(ADMIN, /Urgent report: a member may be at risk/);
  expect(mail.text).toContain("/admin/reports");
  expect(mail.text).not.toContain(words);

  for (const [size, options] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    const context = await browser.newContext({ ...options, storageState: await modCtx.storageState() });
    const page = await context.newPage();
    await gotoReady(page, "/admin/reports");
    const card = page.locator("li[data-report-card]").first();
    await expect(card.getByText("Urgent: may be at risk", { exact: true })).toBeVisible();
    await expect(card.getByText(`Written by ${authorName}`)).toBeVisible();
    await expect(card.getByText("As reported", { exact: true })).toBeVisible();
    await expect(card.getByText(words)).toBeVisible();
    await expect(card.getByText("2 reports of this answer")).toBeVisible();
    await expect(card.getByText("May be at risk of harming themselves", { exact: true })).toBeVisible();
    await expect(card.getByText("Spam or advertising", { exact: true })).toBeVisible();
    await expectAccessible(page, `/admin/reports, ${size}`);
    await expectLargeTargets(page, `/admin/reports, ${size}`);
    await gotoReady(page, "/help-now");
    await expectAccessible(page, `/help-now, ${size}`);
    await context.close();
  }
  await modCtx.close();
});

// The same day for a moderator who is not an admin: an admin makes them one on /admin/members
// (with a reason), and they do the rest: read the urgent report, silence its author for a day
// from the card, and find the silence in the record. The silenced author is told and nothing posts.
test("a moderator (not an admin) handles an 'at risk' report: silences the author for a day; the author cannot post; the record lists it", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const adminCtx = await browser.newContext(DESKTOP);
  const admin = await adminCtx.newPage();
  await signUpAdmin(admin, "e2e-admin-moderator-day@example.com");

  const modCtx = await browser.newContext(DESKTOP);
  const mod = await modCtx.newPage();
  const { email: modEmail } = await signUp(mod, uniqueEmail("e2e-moderator"));
  const modName = `Lucia ${tag()}`;
  await setDisplayName(mod, modName);
  await gotoReady(admin, `/admin/members?q=${encodeURIComponent(modName)}`);
  await admin.getByRole("link", { name: new RegExp(modName) }).click();
  await expect(admin.getByRole("heading", { name: modName, level: 2, exact: true })).toBeVisible();
  await admin.getByLabel("New role").selectOption({ label: "Moderator" });
  await admin.locator("#member-role-reason").fill("Keeps the forum kind on weekends");
  await admin.getByRole("button", { name: "Change the role" }).click();
  await expect(admin.getByText("They are now a moderator.")).toBeVisible();

  // Each moderator's count before, on the page they are on: what follows is this test's own.
  const adminLink = (page: typeof mod) =>
    page
      .getByRole("navigation")
      .getByRole("link", { name: /^Admin/ })
      .first();
  const urgentOf = async (page: typeof mod) => Number(/(\d+) urgent/.exec((await adminLink(page).textContent()) ?? "")?.[1] ?? 0);
  await gotoReady(mod, "/forum");
  await expect(adminLink(mod)).toBeVisible();
  await gotoReady(admin, "/blog");
  const urgentBefore = { mod: await urgentOf(mod), admin: await urgentOf(admin) };

  const asker = await memberPage(browser);
  const questionId = await askQuestion(asker, `Nights are hard ${tag()}`, "How do you sleep through a flare?");
  const writerCtx = await browser.newContext(DESKTOP);
  const writer = await writerCtx.newPage();
  await signUp(writer);
  const authorName = `Author ${tag()}`;
  await setDisplayName(writer, authorName);
  const words = `Nothing helps and I want it all to stop ${tag()}`;
  await postAnswer(writer, questionId, words);
  const answerOf = (page: typeof mod) => page.locator("li[id^='answer-']").filter({ hasText: words });

  // An earlier report, then the urgent one.
  for (const reason of ["Harassment", "May be at risk of harming themselves"]) {
    const reporter = await memberPage(browser);
    await gotoReady(reporter, `/forum/${questionId}`);
    await answerOf(reporter).getByText("Report", { exact: true }).click();
    await answerOf(reporter).getByRole("radio", { name: reason }).check();
    await answerOf(reporter).getByRole("button", { name: "Send report" }).click();
    await expect(reporter.getByText("Thank you for your report", { exact: true })).toBeVisible();
  }

  // Every moderator, on the page they are on, sees one more urgent report, and gets the mail.
  for (const [who, page] of [
    ["mod", mod],
    ["admin", admin],
  ] as const) {
    // The page they are on, opened again (the count is the layout's, read with each page).
    await gotoReady(page, new URL(page.url()).pathname);
    await expect(adminLink(page)).toHaveAccessibleName(/^Admin \d+ items? waiting for review, \d+ urgent$/);
    expect(await urgentOf(page), `urgent reports shown to the ${who}`).toBe(urgentBefore[who] + 1);
  }
  for (const to of [modEmail, "e2e-admin-moderator-day@example.com"]) {
    const mail = await waitForMail(to, /Urgent report: a member may be at risk/);
    expect(mail.text).toContain("/admin/reports");
    expect(mail.text).not.toContain(words);
  }

  // The moderator's card: author, the words as reported, the earlier report; then a day's silence.
  await gotoReady(mod, "/admin/reports");
  const card = mod.locator("li[data-report-card]").filter({ hasText: words });
  await expect(card.getByText("Urgent: may be at risk", { exact: true })).toBeVisible();
  await expect(card.getByText(`Written by ${authorName}`)).toBeVisible();
  await expect(card.getByText("As reported", { exact: true })).toBeVisible();
  await expect(card.getByText("2 reports of this answer")).toBeVisible();
  await expect(card.getByText("Harassment", { exact: true })).toBeVisible();
  await card.getByText("Silence the author", { exact: true }).click();
  await expect(card.getByRole("radio", { name: "1 day" })).toBeChecked();
  const reason = `Posts that need a pause and a kind word ${tag()}`;
  await card.getByLabel("Reason (kept in the moderators' record)").first().fill(reason);
  for (const [size, options] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await mod.setViewportSize(options.viewport!);
    // Checked from the top: scrolled down to the form, the sticky top bar lies over the card's buttons.
    await mod.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(mod, `/admin/reports, a moderator, silence form open, ${size}`);
    await expectLargeTargets(mod, `/admin/reports, a moderator, silence form open, ${size}`);
  }
  await card.getByRole("button", { name: "Silence for the chosen time" }).click();
  await expect(mod.getByText("Member silenced", { exact: true })).toBeVisible();

  // The author tries to answer: told until when, and nothing is posted.
  const attempt = `Trying once more ${tag()}`;
  await gotoReady(writer, `/forum/${questionId}`);
  // Told before typing, above the form; then told again on sending, and nothing is posted.
  await expect(writer.getByRole("status").filter({ hasText: /A moderator has paused your posting until .* UTC\./ })).toBeVisible();
  await writer.getByLabel("Your answer", { exact: true }).fill(attempt);
  await writer.getByRole("button", { name: "Post Answer" }).click();
  await expect(
    writer.getByText(/A moderator has paused your posting until .* UTC\. You can still read and sign in\. Nothing was posted\./).first(),
  ).toBeVisible();
  await gotoReady(writer, `/forum/${questionId}`);
  await expect(writer.locator("li[id^='answer-']").filter({ hasText: attempt })).toHaveCount(0);

  // The record lists the silence, by this moderator, with its reason.
  await gotoReady(mod, "/admin/actions");
  const line = mod.locator("li[data-action='silence']").filter({ hasText: reason });
  await expect(line).toBeVisible();
  await expect(line).toContainText(modName);
  await expect(line.getByRole("link", { name: authorName })).toBeVisible();
  await expect(line).toContainText("until");
  await Promise.all([adminCtx.close(), modCtx.close(), writerCtx.close()]);
});
