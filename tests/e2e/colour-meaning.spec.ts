// Colour by meaning, as a member sees it in the built site: the brand red fills the primary
// action only; danger is outlined in its own darker red; "Make new backup codes" is a neutral
// outlined button; content-type badges and unread markers take the quiet accent; links are blue.
import { askQuestion, expect, expectAccessible, gotoReady, postAnswer, signUp, test, turnOnTwoStep } from "./fixtures";

const BRAND_RED = "rgb(179, 38, 30)";
const DANGER_RED = "rgb(142, 27, 20)";
const ACCENT = "rgb(29, 79, 134)";
const ACCENT_MUTED = "rgb(232, 240, 249)";
const LINK_BLUE = "rgb(26, 85, 153)";
const PAGE_BACKGROUND = "rgb(255, 253, 249)";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

type Look = { background: string; color: string; border: string };
const look = (el: Element): Look => {
  const s = getComputedStyle(el);
  return { background: s.backgroundColor, color: s.color, border: s.borderTopColor };
};

test.describe("colour by meaning", () => {
  test("primary, destructive, neutral, badge, unread marker and link colours each say one thing", async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { password } = await signUp(page);
    const title = `Morning stiffness and showers ${tag()}`;
    const questionId = await askQuestion(page, title, "Does a warm shower first thing help you?");
    const helperCtx = await browser.newContext();
    const helper = await helperCtx.newPage();
    await signUp(helper);
    await postAnswer(helper, questionId, `A warm shower and slow stretches ${tag()}`);
    await helperCtx.close();

    // The primary action is the brand red, filled.
    await gotoReady(page, "/forum?ask=1");
    const primary = await page.getByRole("button", { name: "Post Question" }).evaluate(look);
    expect(primary.background).toBe(BRAND_RED);

    // A destructive action: outlined in the darker danger red, not filled, not the brand red.
    await gotoReady(page, "/account");
    const destructive = await page.getByRole("button", { name: "Delete my account" }).evaluate(look);
    expect(destructive).toEqual({ background: PAGE_BACKGROUND, color: DANGER_RED, border: DANGER_RED });

    // Unread: the header's count and the notifications' markers take the accent, not the brand red.
    await gotoReady(page, "/");
    const count = await page.locator("header [data-count]").first().evaluate(look);
    expect(count.background).toBe(ACCENT);
    // "Blog Post" on the home page's latest activity: the accent's light tint, dark accent text.
    const blogPost = await page.getByText("Blog Post", { exact: true }).first().evaluate(look);
    expect(blogPost.background).toBe(ACCENT_MUTED);
    expect(blogPost.color).toBe(ACCENT);
    await expectAccessible(page, "home with an unread notification");
    await gotoReady(page, "/notifications");
    // An unread notification's marker: the accent, not the brand red.
    const marker = await page.locator("[data-unread-marker]").first().evaluate(look);
    expect(marker.background).toBe(ACCENT);
    await expectAccessible(page, "/notifications with an unread one");

    // A link is blue, never the red of danger or of the brand.
    await gotoReady(page, "/forum");
    const link = await page
      .getByRole("link", { name: /^(Read all answers|No answers yet)/ })
      .first()
      .evaluate(look);
    expect(link.color).toBe(LINK_BLUE);

    // Two-step on: "Make new backup codes" is a neutral outlined button; turning it off is destructive.
    await gotoReady(page, "/account/security");
    await turnOnTwoStep(page, password);
    const codes = await page.getByRole("button", { name: "Make new backup codes" }).evaluate(look);
    expect(codes.background).toBe(PAGE_BACKGROUND);
    expect(codes.color).not.toBe(BRAND_RED);
    expect(codes.border).not.toBe(BRAND_RED);
    expect(codes.border).not.toBe(DANGER_RED);
    const off = await page.getByRole("button", { name: "Turn off two-step verification" }).evaluate(look);
    expect(off).toEqual({ background: PAGE_BACKGROUND, color: DANGER_RED, border: DANGER_RED });
    await expectAccessible(page, "/account/security with two-step on");
  });
});
