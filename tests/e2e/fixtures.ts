import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import * as OTPAuth from "otpauth";
import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { postedFields, recordPostedTexts } from "./server-logs";

export { expect };

/** Runs axe-core on the page (WCAG 2.2 A and AA) and fails on any violation. */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

const MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR ?? ".e2e-mail");

/** Every visible control is at least 44 x 44 CSS px (inline links inside text are exempt). */
export async function expectLargeTargets(page: Page, label: string) {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=tab], [role=menuitem]",
    );
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden") continue;
      // Inline links in running text are exempt (WCAG 2.5.8 inline exception).
      if (el.tagName === "A" && style.display === "inline" && el.closest("p, li, dd, td, blockquote")) continue;
      if (el.closest(".sr-only")) continue;
      if ((el as HTMLInputElement).type === "radio" || (el as HTMLInputElement).type === "checkbox") {
        const lab = el.closest("label");
        if (lab && lab.getBoundingClientRect().height >= 44) continue;
      }
      if (r.width < 44 - 0.5 || r.height < 44 - 0.5)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
    }
    return out;
  });
  expect(small, `targets under 44px on ${label}`).toEqual([]);
}

/** A mail as the loopback SMTP server kept it (tests/e2e/global-setup.ts). */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers, when the mail has them. */
  unsubscribe?: string;
  unsubscribePost?: string;
}

/** Every mail to `to` matching `subject` received so far, newest first. */
export function mailsTo(to: string, subject: RegExp): ReceivedMail[] {
  const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
  return files
    .map((file) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, file), "utf8")) as ReceivedMail)
    .filter((mail) => mail.to?.includes(to) && subject.test(mail.subject));
}

/** Waits for a mail to `to` that the site sent through the loopback SMTP server. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [mail] = mailsTo(to, subject);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} matching ${subject}`);
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

/** Opens a page and waits until React has hydrated it (so clicks run the page's scripts). */
export async function gotoReady(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/** Signs up a fresh member through the real form and waits until signed in. */
export async function signUp(page: Page, email = uniqueEmail(), password = "a-long-password-1") {
  await gotoReady(page, "/auth?tab=signup");
  const form = page.locator("form[data-form='sign-up']");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByLabel("I am 16 or older").check();
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return { email, password };
}

/** A phone (375 px, touch) and a laptop window (1280 px), the two sizes journeys are checked at. */
export const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** A fresh member signed up through the form, in a browser context of their own: their page. */
export async function memberPage(browser: Browser, options: BrowserContextOptions = DESKTOP) {
  const page = await (await browser.newContext(options)).newPage();
  await signUp(page);
  return page;
}

/**
 * Signs up through the auth library's endpoint, without a browser (optionally from a given
 * visitor address): the address, the password and the session cookie as `name=value`.
 */
export async function signUpByApi(request: APIRequestContext, options: { email?: string; password?: string; from?: string } = {}) {
  const email = options.email ?? uniqueEmail("api");
  const password = options.password ?? "a-long-password-1";
  const res = await request.post("/api/auth/sign-up/email", {
    headers: { Origin: base.info().project.use.baseURL!, ...(options.from ? { "X-Forwarded-For": options.from } : {}) },
    data: { email, password, name: "", ageConfirmed: true },
  });
  expect(res.status()).toBe(200);
  const session = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("better-auth.session_token="));
  return { email, password, cookie: session!.value.split(";")[0] };
}

/** Saves a display name on /account, as a member does, and waits for the site to confirm it. */
export async function setDisplayName(page: Page, name: string) {
  await gotoReady(page, "/account");
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Save display name" }).click();
  await expect(page.getByText("Display name saved", { exact: true })).toBeVisible();
}

/** Asks a question through the form on /forum?ask=1 (optionally under a topic); returns its id. */
export async function askQuestion(page: Page, title: string, content: string, topic?: string) {
  await gotoReady(page, "/forum?ask=1");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill(content);
  if (topic) await page.getByLabel("Topic", { exact: true }).selectOption({ label: topic });
  await page.getByRole("button", { name: "Post Question" }).click();
  await expect(page.getByText("Question posted!", { exact: true })).toBeVisible();
  // The asker lands on their new question's page.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const path = new URL(page.url()).pathname;
  const id = Number(/^\/forum\/(\d+)$/.exec(path)?.[1]);
  expect(id, `the new question's address (${path})`).toBeGreaterThan(0);
  return id;
}

/**
 * Answers a question from its page and waits for "Answer posted!". Text the site takes for an
 * address or a phone number (hex digits can look like one) gets the "post it anyway" box ticked.
 */
export async function postAnswer(page: Page, questionId: number, content: string) {
  await gotoReady(page, `/forum/${questionId}`);
  await page.getByLabel("Your answer", { exact: true }).fill(content);
  await page.getByRole("button", { name: "Post Answer" }).click();
  const posted = page.getByText("Answer posted!", { exact: true });
  const anyway = page.getByRole("checkbox", { name: "Yes, post it anyway" });
  await expect(posted.or(anyway)).toBeVisible();
  if (await anyway.isVisible()) {
    await anyway.check();
    await page.getByRole("button", { name: "Post Answer" }).click();
    await expect(posted).toBeVisible();
  }
}

/**
 * Signs up with an address listed in ADMIN_EMAILS and opens the confirmation link the site mails
 * to it: the address is proved, so the account is an admin, signed in.
 */
export async function signUpAdmin(page: Page, email: string) {
  // Reading the mail and opening its link take a few seconds more than a plain sign-up.
  base.setTimeout(base.info().timeout + 20_000);
  const account = await signUp(page, email);
  const mail = await waitForMail(email, /Confirm your email/);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link, "confirmation link").toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
  return account;
}

export async function signIn(page: Page, email: string, password: string) {
  await gotoReady(page, "/auth");
  const form = page.locator("form[data-form='sign-in']");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Turns two-step verification on from /account/security, with a code from the shown key. */
export async function turnOnTwoStep(page: Page, password: string) {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set up" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel("6-digit code").fill(totp.generate());
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification is on" })).toBeVisible();
}

/** A documentation-range address (198.18.0.0/15), different for every browser context. */
function visitorAddress() {
  const n = crypto.randomInt(0, 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** With SERVER_LOG_DIR set, the titles and texts this browser posts, for the CI log scan to refuse. */
function listPostedTexts(context: BrowserContext) {
  if (!process.env.SERVER_LOG_DIR) return context;
  context.on("request", (request) => {
    if (request.method() === "POST") recordPostedTexts(...postedFields(request.postData(), request.headers()["content-type"]));
  });
  return context;
}

/**
 * Every browser context comes from its own address (sent as X-Forwarded-For to a test server
 * that trusts its proxy), as real visitors do: per-address limits such as Better Auth's sign-up
 * limit then apply to each test's visitor, not to the whole suite at once.
 */
export const test = base.extend<object, { visitorBrowser: void }>({
  context: async ({ context }, provide) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
    listPostedTexts(context);
    await provide(context);
  },
  visitorBrowser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options = {}) =>
        listPostedTexts(await newContext({ ...options, extraHTTPHeaders: { "X-Forwarded-For": visitorAddress(), ...options.extraHTTPHeaders } }));
      await provide();
    },
    { scope: "worker", auto: true },
  ],
});
