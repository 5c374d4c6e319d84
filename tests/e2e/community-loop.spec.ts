// The whole community loop in browsers at phone width, with mail through a real SMTP server on
// loopback: a member asks in a topic; another finds it on the topic's page and answers; the asker
// is mailed, follows the mail's link to the answer (the unread count drops to zero) and marks it
// "Helped me most"; the answerer is notified; the asker unsubscribes with the mail's one-click
// link without signing in, and the next answer sends no mail.
import { expect, expectAccessible, expectLargeTargets, gotoReady, mailsTo, PHONE, signUp, test, uniqueEmail, waitForMail } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

test("ask in a topic, answer from the topic page, mail, Helped me most, notification, one-click unsubscribe", async ({ browser, playwright }) => {
  test.setTimeout(180_000);
  const askerCtx = await browser.newContext(PHONE);
  const asker = await askerCtx.newPage();
  const askerEmail = uniqueEmail("loop-asker");
  await signUp(asker, askerEmail);

  // The email setting on /account: at once for answers to one's questions, by default; by keyboard.
  await gotoReady(asker, "/account#email-notifications");
  const choices = asker.getByRole("group", { name: "Email me about notifications" });
  await expect(choices.getByRole("radio", { name: /At once, for answers to my questions/ })).toBeChecked();
  await choices.getByRole("radio", { name: /At once, for answers to my questions/ }).focus();
  await asker.keyboard.press("ArrowDown");
  await expect(choices.getByRole("radio", { name: /At once, for everything/ })).toBeChecked();
  await asker.keyboard.press("ArrowUp");
  await expect(choices.getByRole("radio", { name: /At once, for answers to my questions/ })).toBeChecked();
  await asker.getByRole("button", { name: "Save email settings" }).press("Enter");
  await expect(asker.getByText("Email settings saved", { exact: true })).toBeVisible();
  await gotoReady(asker, "/account");
  await expectAccessible(asker, "/account with email settings");
  await expectLargeTargets(asker, "/account with email settings");

  // A asks in Hands and fingers.
  const title = `Rings that fit swollen knuckles ${tag()}`;
  await gotoReady(asker, "/forum?ask=1");
  await asker.getByLabel("Title").fill(title);
  await asker.getByLabel("Topic").selectOption({ label: "Hands and fingers" });
  await asker.getByLabel("Content").fill("My rings no longer fit on bad days. What do you wear?");
  await asker.getByRole("button", { name: "Post Question" }).click();
  await expect(asker.getByText("Question posted!", { exact: true })).toBeVisible();

  // B finds it through the topic's page and answers.
  const answererCtx = await browser.newContext(PHONE);
  const answerer = await answererCtx.newPage();
  await signUp(answerer);
  await gotoReady(answerer, "/forum/topics/hands-and-fingers");
  await expect(answerer.getByRole("heading", { level: 1 })).toHaveText("Hands and fingers");
  await answerer.getByRole("link", { name: title, exact: true }).click();
  await expect(answerer.getByRole("heading", { level: 1 })).toHaveText(title);
  await answerer.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const answer = `Adjustable rings with an open back ${tag()}`;
  await answerer.getByLabel("Your answer", { exact: true }).fill(answer);
  await answerer.getByRole("button", { name: "Post Answer" }).click();
  await expect(answerer.getByText("Answer posted!", { exact: true }).first()).toBeVisible();

  // A's mail, with a link to the answer and the one-click unsubscribe headers.
  const mail = await waitForMail(askerEmail, /^New answer to "Rings that fit swollen knuckles/, 15_000);
  expect(mail.text).toContain(answer);
  const link = /https?:\/\/\S+\/notifications\/\d+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  expect(mail.unsubscribePost).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(.+)>$/.exec(mail.unsubscribe ?? "")?.[1];
  expect(unsubscribe, mail.unsubscribe).toMatch(/\/email\/unsubscribe\?token=/);

  await gotoReady(asker, "/forum");
  await expect(asker.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
  await asker.goto(new URL(link!).pathname);
  await expect(asker).toHaveURL(/\/forum\/\d+#answer-\d+$/);
  const questionPath = new URL(asker.url()).pathname;
  await expect(asker.getByRole("link", { name: "Notifications, 0 unread" })).toBeVisible();

  // A marks it "Helped me most"; B is told.
  await asker.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await asker.getByRole("listitem").filter({ hasText: answer }).getByRole("button", { name: "Helped me most" }).click();
  await expect(asker.getByText("Marked as the answer that helped you most", { exact: true })).toBeVisible();
  await gotoReady(answerer, "/forum");
  await expect(answerer.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
  await answerer.getByRole("link", { name: "Notifications, 1 unread" }).click();
  await expect(answerer.getByText("The asker says your answer helped them most")).toBeVisible();
  await expectAccessible(answerer, "/notifications with a Helped me most notification");
  await expectLargeTargets(answerer, "/notifications with a Helped me most notification");

  // Unsubscribing without signing in: the page (which changes nothing by itself), then the
  // mail program's one-click POST, with no cookie and no Origin.
  const strangerCtx = await browser.newContext(PHONE);
  const stranger = await strangerCtx.newPage();
  await gotoReady(stranger, new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
  await expect(stranger.getByRole("button", { name: "Unsubscribe from notification emails" })).toBeVisible();
  await expectAccessible(stranger, "unsubscribe page");
  await expectLargeTargets(stranger, "unsubscribe page");
  const mailProgram = await playwright.request.newContext();
  const oneClick = await mailProgram.post(unsubscribe!, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toContain("You are unsubscribed");
  await gotoReady(stranger, new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
  await expect(stranger.getByText("You already get no notification emails")).toBeVisible();
  await gotoReady(asker, "/account#email-notifications");
  await expect(asker.getByRole("radio", { name: /^Never/ })).toBeChecked();

  // The next answer: a notification on the site, but no mail.
  const before = mailsTo(askerEmail, /^New answer|answers to/).length;
  const again = `Silicone ring guards too ${tag()}`;
  await gotoReady(answerer, questionPath);
  await answerer.getByLabel("Your answer", { exact: true }).fill(again);
  await answerer.getByRole("button", { name: "Post Answer" }).click();
  await expect(answerer.getByText("Answer posted!", { exact: true }).first()).toBeVisible();
  await gotoReady(asker, "/forum");
  await expect(asker.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
  // Senders look every second here, and a question's next mail may go after one: wait well past
  // both. Not a condition: the decision not to mail is kept in the server's embedded database,
  // which no other process may open while it runs, and leaves nothing else to watch.
  await new Promise((r) => setTimeout(r, 5000));
  expect(mailsTo(askerEmail, /^New answer|answers to/)).toHaveLength(before);

  await mailProgram.dispose();
  await askerCtx.close();
  await answererCtx.close();
  await strangerCtx.close();
});
