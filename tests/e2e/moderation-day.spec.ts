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
  signUpAdmin,
  test,
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
