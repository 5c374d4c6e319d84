// A signed-in member in a browser of their own, and what they must see on every page: their own
// name in the greeting, their own address on the account menu, a bell that counts, and nothing of
// another member's, nor any text the page was not rendered with (a stand-in such as
// `mt0123456789abcdef0123e` left where the member's value belongs).
import type { Browser, Locator, Page, Response } from "@playwright/test";
import { expect, setDisplayName, signUp } from "./fixtures";

/** Text shaped like the stand-in values members' pages were once rendered with. */
export const STAND_IN = /mt[0-9a-f]{20}[iednku]/;

export interface Member {
  page: Page;
  email: string;
  name: string;
  /** A 375 px phone (the sidebar is a drawer there), or a desktop window. */
  phone: boolean;
  /** How many unread notifications their bell must count. */
  unread: number;
}

/** A short unique word of letters (no digit runs, which a page might show as a phone number). */
export const word = () => Math.random().toString(36).slice(2).replace(/[0-9]/g, "").slice(0, 6);

/** A new member in a browser context of their own, signed up and greeted by `name`. */
export async function newMember(browser: Browser, name: string, options: { phone?: boolean } = {}): Promise<Member> {
  const phone = options.phone ?? false;
  const context = await browser.newContext(
    phone ? { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 900 } },
  );
  const page = await context.newPage();
  const { email } = await signUp(page);
  await setDisplayName(page, name);
  return { page, email, name, phone, unread: 0 };
}

const drawerOf = (page: Page) => page.getByRole("dialog", { name: "Navigation" });

/** Follows a link of the main navigation: the sidebar on a desktop, the drawer on a phone. */
export async function navigate(member: Member, name: string) {
  const { page } = member;
  if (member.phone) {
    await page.getByRole("button", { name: "Menu", exact: true }).tap();
    await drawerOf(page).getByRole("link", { name, exact: true }).tap();
    await expect(drawerOf(page)).toBeHidden();
  } else {
    await page.locator("aside[aria-label='Site']").getByRole("link", { name, exact: true }).click();
  }
}

/** Clicks (or taps) a control. */
export const press = (member: Member, locator: Locator) => (member.phone ? locator.tap() : locator.click());

/**
 * Runs `act` and waits for the page it leads to: its address and main heading. With
 * `client: true` the move must be made by the page's scripts (React Router fetching the page's
 * `.data`), not by loading a new document.
 */
export async function arrive(member: Member, act: () => Promise<unknown>, to: { url: RegExp; heading: string | RegExp; client: boolean }) {
  const { page } = member;
  const data = to.client ? page.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith(".data") && r.request().method() === "GET") : undefined;
  const documents: string[] = [];
  const onRequest = (r: { isNavigationRequest(): boolean; url(): string; frame(): unknown }) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url());
  };
  page.on("request", onRequest);
  await act();
  if (data) await data;
  await expect(page, `the address after moving to ${to.url}`).toHaveURL(to.url);
  await expect(page.getByRole("heading", { level: 1 }), `the main heading at ${page.url()}`).toHaveText(to.heading);
  page.off("request", onRequest);
  if (to.client) expect(documents, `${to.url} was reached by loading a whole new document`).toEqual([]);
  else await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The page `member` is on is theirs: the greeting names them, the account menu carries their
 * address, the bell counts their unread notifications; and nowhere in it is `other`'s address or a
 * stand-in value.
 */
export async function expectOwnView(member: Member, other: Member, label: string) {
  const { page } = member;
  const where = `${member.name}${member.phone ? " (phone)" : ""} on ${label}`;
  let shell = page.locator("aside[aria-label='Site']");
  if (member.phone) {
    await page.getByRole("button", { name: "Menu", exact: true }).tap();
    shell = drawerOf(page);
  }
  const greeting = shell.locator("p").filter({ hasText: /^Welcome,/ });
  await expect(greeting, `the greeting, ${where}`).toHaveText(`Welcome, ${member.name}${member.email}`);
  if (member.phone) {
    await page.keyboard.press("Escape");
    await expect(drawerOf(page)).toBeHidden();
  }
  await expect(page.getByRole("button", { name: /^Account menu for / }), `the account menu, ${where}`).toHaveAccessibleName(`Account menu for ${member.email}`);
  const bell = page.getByRole("link", { name: /^Notifications,/ });
  await expect(bell, `the bell, ${where}`).toHaveAccessibleName(`Notifications, ${member.unread} unread`);
  // The badge shows the count, and is not there at all when nothing is unread.
  if (member.unread > 0) await expect(bell.locator("[data-count]"), `the bell's badge, ${where}`).toHaveText(String(member.unread));
  else await expect(bell.locator("[data-count]"), `the bell's badge, ${where}`).toHaveCount(0);

  const text = await page.locator("body").innerText();
  expect(text.match(STAND_IN)?.[0] ?? null, `text shown to ${where}`).toBeNull();
  const html = await page.content();
  expect(html.match(STAND_IN)?.[0] ?? null, `the document of ${where}`).toBeNull();
  expect(html.includes(other.email), `${other.name}'s address in the document of ${where}`).toBe(false);
}

/** The owner controls (Edit, Delete) of a post (`post`: its element): shown to its author only. */
export async function expectOwnerControls(member: Member, post: Locator, shown: boolean, label: string) {
  await expect(post, `${label} on ${member.name}'s page`).toBeVisible();
  const controls = post.locator("summary").filter({ hasText: /^(?:Edit|Delete)$/ });
  if (shown) await expect(controls, `owner controls of ${label} for ${member.name}`).toHaveText(["Edit", "Delete"]);
  else await expect(controls, `owner controls of ${label} for ${member.name}`).toHaveCount(0);
}
