// Half-written text is kept as the member's draft on the server: the Ask dialog closed and opened
// again, an answer after a reload and on another device, two tabs saving one draft (the second is
// told and chooses), posting removes the draft everywhere, "Save draft" without scripts, and no
// draft text left in the browser's storage after signing out.
import type { Browser, Locator, Page } from "@playwright/test";
import { askQuestion, DESKTOP, expect, expectAccessible, gotoReady, postAnswer, signIn, signUp, test } from "./fixtures";
import { word } from "./member-view";
import { recordPostedTexts } from "./server-logs";

/** Text typed into a form, made known to the log scan: a draft must never reach a log. */
function typed(text: string) {
  recordPostedTexts(text);
  return text;
}

/** About 900 characters of an answer, different each run. */
function longAnswer() {
  const w = word();
  const sentence = `What helped my hands in the morning was warm water and slow stretches ${w}, then a short walk before breakfast. `;
  return typed(sentence.repeat(Math.ceil(900 / sentence.length)).trim());
}

const saved = (page: Page | Locator) => page.locator("[data-draft-status]").filter({ hasText: "Draft saved" });

async function member(browser: Browser) {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  const account = await signUp(page);
  return { context, page, account };
}

test("the Ask dialog closed with Esc and opened again still holds the question, after a reload too", async ({ browser }) => {
  const { context, page } = await member(browser);
  const title = typed(`Morning stiffness that lasts past noon ${word()}`);
  const content = typed(`Does anyone else need two hours to get going? I have tried a hot shower first ${word()}.`);
  await gotoReady(page, "/forum");
  const open = page.getByRole("link", { name: "Ask Question" });
  // Until the dialog's code has arrived the link leads to the form on the page, as without scripts.
  const dialogReady = () => expect(open).toHaveAttribute("aria-haspopup", "dialog");
  await dialogReady();
  await open.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Content").fill(content);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await open.click();
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect(dialog.getByLabel("Content")).toHaveValue(content);
  await expect(saved(dialog)).toBeVisible();
  // The draft is the server's: a fresh page shows it in the dialog and in the form on the page.
  await gotoReady(page, "/forum");
  await dialogReady();
  await open.click();
  await expect(dialog.getByLabel("Content")).toHaveValue(content);
  await gotoReady(page, "/forum?ask=1");
  await expect(page.locator("#ask").getByLabel("Title")).toHaveValue(title);
  await context.close();
});

test("an answer being typed survives a reload, and shows on another device of the same member", async ({ browser }) => {
  const { context, page, account } = await member(browser);
  const questionId = await askQuestion(
    page,
    typed(`Jar openers for sore thumbs ${word()}`),
    typed(`Which ones work for you, and where did you find them ${word()}?`),
  );
  const answer = longAnswer();
  await gotoReady(page, `/forum/${questionId}`);
  const box = page.getByLabel("Your answer", { exact: true });
  await box.fill(answer);
  await expect(saved(page)).toBeVisible();
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(box).toHaveValue(answer);
  await expect(saved(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Discard draft" })).toBeVisible();
  await context.close();

  const other = await browser.newContext(DESKTOP);
  const phone = await other.newPage();
  await signIn(phone, account.email, account.password);
  await expect(phone.getByRole("button", { name: `Account menu for ${account.email}` })).toBeVisible();
  await gotoReady(phone, `/forum/${questionId}`);
  await expect(phone.getByLabel("Your answer", { exact: true })).toHaveValue(answer);
  await other.close();
});

test("two tabs saving one draft: the second is told, sees both texts and chooses; nothing is lost", async ({ browser }) => {
  const { context, page: first } = await member(browser);
  const questionId = await askQuestion(first, typed(`Cold packs or heat ${word()}`), typed(`Which do you reach for in a flare ${word()}?`));
  const second = await context.newPage();
  await gotoReady(first, `/forum/${questionId}`);
  await gotoReady(second, `/forum/${questionId}`);
  const inFirst = typed(`Heat in the morning, cold in the evening ${word()}`);
  const inSecond = typed(`Only heat for me, a wheat bag for ten minutes ${word()}`);
  await first.getByLabel("Your answer", { exact: true }).fill(inFirst);
  await expect(saved(first)).toBeVisible();
  await second.getByLabel("Your answer", { exact: true }).fill(inSecond);
  const choice = second.locator("[data-draft-choice]");
  await expect(choice).toBeVisible();
  await expect(choice).toContainText(inFirst);
  await expect(choice).toContainText(inSecond);
  await expect(second.getByLabel("Your answer", { exact: true })).toHaveValue(inSecond);
  await expectAccessible(second, "the choice between two drafts");
  await choice.getByRole("button", { name: "Keep the text here" }).click();
  await expect(saved(second)).toBeVisible();
  // The first tab, saving again from its old version, is told in turn and can take the other text.
  await first.getByLabel("Your answer", { exact: true }).fill(`${inFirst} and a warm bath`);
  const back = first.locator("[data-draft-choice]");
  await expect(back).toContainText(inSecond);
  await back.getByRole("button", { name: "Keep the other text" }).click();
  await expect(first.getByLabel("Your answer", { exact: true })).toHaveValue(inSecond);
  await first.reload();
  await expect(first.getByLabel("Your answer", { exact: true })).toHaveValue(inSecond);
  await context.close();
});

test("posting the answer removes its draft everywhere: the other tab, reloaded, is empty", async ({ browser }) => {
  const { context, page } = await member(browser);
  const questionId = await askQuestion(page, typed(`Gloves at night ${word()}`), typed(`Do compression gloves help anyone sleep ${word()}?`));
  const other = await context.newPage();
  const text = typed(`Yes, thin ones with the fingertips open ${word()}`);
  await gotoReady(page, `/forum/${questionId}`);
  await page.getByLabel("Your answer", { exact: true }).fill(text);
  await expect(saved(page)).toBeVisible();
  await gotoReady(other, `/forum/${questionId}`);
  await expect(other.getByLabel("Your answer", { exact: true })).toHaveValue(text);
  await page.getByRole("button", { name: "Post Answer" }).click();
  await expect(page.getByText("Answer posted!", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Your answer", { exact: true })).toHaveValue("");
  await other.reload();
  await other.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(other.locator("li[id^='answer-']").filter({ hasText: text })).toBeVisible();
  await expect(other.getByLabel("Your answer", { exact: true })).toHaveValue("");
  await expect(saved(other)).toHaveCount(0);
  await context.close();
});

test("without JavaScript, Save draft keeps the answer and shows the form again with it", async ({ browser }) => {
  const { context, account } = await member(browser);
  const asker = await context.newPage();
  const questionId = await askQuestion(asker, typed(`Typing with swollen fingers ${word()}`), typed(`Any keyboards or tricks that help ${word()}?`));
  await context.close();
  const plain = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto("/auth");
  const form = page.locator("form[data-form='sign-in']");
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("button", { name: `Account menu for ${account.email}` })).toBeVisible();
  await page.goto(`/forum/${questionId}`);
  const text = typed(`A split keyboard and dictation on bad days ${word()}`);
  await page.getByLabel("Your answer", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Your answer", { exact: true })).toHaveValue(text);
  await expect(saved(page)).toBeVisible();
  // And it is the server's: the page opened again shows it.
  await page.goto(`/forum/${questionId}`);
  await expect(page.getByLabel("Your answer", { exact: true })).toHaveValue(text);
  await page.getByRole("button", { name: "Discard draft" }).click();
  await expect(page.getByLabel("Your answer", { exact: true })).toHaveValue("");
  await plain.close();
});

test("signing out leaves no draft text in the browser's storage", async ({ browser }) => {
  const { context, page, account } = await member(browser);
  const questionId = await askQuestion(page, typed(`Walking sticks that fold ${word()}`), typed(`Which ones are light enough to carry ${word()}?`));
  const text = typed(`Mine folds into four and weighs very little ${word()}`);
  // The server cannot be reached for drafts: the text stays on this device and says so.
  await page.route("**/drafts", (route) => route.abort());
  await gotoReady(page, `/forum/${questionId}`);
  await page.getByLabel("Your answer", { exact: true }).fill(text);
  await expect(page.getByText("Draft not saved - kept on this device, will retry")).toBeVisible();
  const stored = () => page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(await stored()).toContain(text.slice(0, 20));
  // Leaving with text the server does not have asks first: the member says yes.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Account menu for ${account.email}` }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByText("You have been successfully signed out", { exact: true })).toBeVisible();
  await expect.poll(stored).not.toContain(text.slice(0, 20));
  await context.close();
});

test("a story being written is kept as a draft, and sending it for review removes the draft", async ({ browser }) => {
  const { context, page } = await member(browser);
  const title = typed(`The year my hands changed ${word()}`);
  const story = typed(`It started with my wrists in the spring, and by the summer I could not open a jar ${word()}.`);
  await gotoReady(page, "/blog");
  const form = page.locator("#share-story");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Your story").fill(story);
  await expect(saved(form)).toBeVisible();
  await gotoReady(page, "/blog");
  await expect(form.getByLabel("Your story")).toHaveValue(story);
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await form.getByRole("button", { name: "Send for review" }).click();
  await expect(page.getByText("Thank you for sharing your story!", { exact: true })).toBeVisible();
  await gotoReady(page, "/blog");
  await expect(form.getByLabel("Your story")).toHaveValue("");
  await context.close();
});

test("leaving a page whose text the server could not take asks first; staying keeps the text", async ({ browser }) => {
  const { context, page } = await member(browser);
  const questionId = await askQuestion(page, typed(`Shoes for sore feet ${word()}`), typed(`Which brands have room for swollen toes ${word()}?`));
  const text = typed(`Wide fitting trainers with a soft upper ${word()}`);
  await page.route("**/drafts", (route) => route.abort());
  await gotoReady(page, `/forum/${questionId}`);
  await page.getByLabel("Your answer", { exact: true }).fill(text);
  await expect(page.getByText("Draft not saved - kept on this device, will retry")).toBeVisible();
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "← Back to the forum" }).click();
  await expect.poll(() => asked).toEqual(["Your text is not saved yet. Leave this page anyway?"]);
  await expect(page).toHaveURL(new RegExp(`/forum/${questionId}$`));
  await expect(page.getByLabel("Your answer", { exact: true })).toHaveValue(text);
  await context.close();
});

test("an edit of one's answer is kept as a draft: after a reload the editor opens with it; saving the edit removes it", async ({ browser }) => {
  const { context, page } = await member(browser);
  const questionId = await askQuestion(page, typed(`Pillows for sore necks ${word()}`), typed(`What shape helps you sleep ${word()}?`));
  await postAnswer(page, questionId, typed(`A low memory foam one ${word()}`));
  const answer = page.locator("li[id^='answer-']").first();
  await answer.getByText("Edit", { exact: true }).click();
  const edit = typed(`A low memory foam one, and a rolled towel under my neck ${word()}`);
  await answer.getByLabel("Edit your answer").fill(edit);
  await expect(saved(answer)).toBeVisible();
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The editor is open again with the unfinished edit, when it was saved, and a way to let it go.
  await expect(answer.getByLabel("Edit your answer")).toHaveValue(edit);
  await expect(saved(answer)).toBeVisible();
  await expect(answer.getByRole("button", { name: "Discard draft" })).toBeVisible();
  // Checked from the top: a reload keeps the scroll, where the sticky header covers part of a link.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page, "an answer's edit restored from its draft");
  await answer.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Answer updated", { exact: true })).toBeVisible();
  await expect(answer).toContainText("a rolled towel under my neck");
  await gotoReady(page, `/forum/${questionId}`);
  await expect(answer.getByLabel("Edit your answer")).toBeHidden();
  await expect(saved(page)).toHaveCount(0);
  await context.close();
});

test("a story's new version is kept as a draft on its page, and saving the version removes it", async ({ browser }) => {
  const { context, page } = await member(browser);
  const title = typed(`Learning to pace myself ${word()}`);
  await gotoReady(page, "/blog");
  const share = page.locator("#share-story");
  await share.getByLabel("Title").fill(title);
  await share.getByLabel("Your story").fill(typed(`Some days I do one thing, and that is enough ${word()}.`));
  await share.getByRole("button", { name: "Send for review" }).click();
  await expect(page.getByText("Thank you for sharing your story!", { exact: true })).toBeVisible();
  await gotoReady(page, "/account");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your story" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const version = typed(`Some days I do one thing, and that is enough. A timer helps me stop ${word()}.`);
  await page.getByLabel("Your story").fill(version);
  await expect(saved(page)).toBeVisible();
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByLabel("Your story")).toHaveValue(version);
  await expect(page.getByRole("button", { name: "Discard draft" })).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Story saved", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByLabel("Your story")).toHaveValue(version);
  await expect(saved(page)).toHaveCount(0);
  await context.close();
});

test("closing a page with text typed moments ago, not yet confirmed by the server, asks first", async ({ browser }) => {
  const { context, page } = await member(browser);
  const questionId = await askQuestion(page, typed(`Tap turners ${word()}`), typed(`Are lever taps worth it ${word()}?`));
  // The save is held back, so the text is still waiting when the page is closed.
  await page.route("**/drafts", () => undefined);
  await gotoReady(page, `/forum/${questionId}`);
  await page.getByLabel("Your answer", { exact: true }).click();
  await page.keyboard.type(typed(`Yes, lever taps ${word()}`));
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(["beforeunload"]);
  expect(page.isClosed()).toBe(false);
  await context.close();
});

test("closing a page with a report's reason typed and not sent asks first, as draft forms do", async ({ browser }) => {
  const { context, page } = await member(browser);
  const questionId = await askQuestion(page, typed(`Grip aids for pens ${word()}`), typed(`Which pens are easiest to hold ${word()}?`));
  const other = await browser.newContext(DESKTOP);
  const reader = await other.newPage();
  await signUp(reader);
  await gotoReady(reader, `/forum/${questionId}`);
  await reader.locator("#question summary", { hasText: "Report" }).click();
  await reader.getByLabel("What is wrong with it?").click();
  await reader.keyboard.type(typed(`This looks like an advert ${word()}`));
  const asked: string[] = [];
  reader.once("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await reader.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(["beforeunload"]);
  await other.close();
  await context.close();
});
