import type { Page } from "@playwright/test";
import { askQuestion, expect, expectAccessible, expectLargeTargets, gotoReady, postAnswer, signUp, test } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);
// --color-primary, the brand red of the main action and of the old "New" badges and card edges.
const BRAND_RED = "rgb(179, 38, 30)";

/**
 * The page's entries, each with its link's text and anything heavy in it: a brand-red or tinted
 * box larger than a marker, or a card's thick or red edge (its Mark read button aside).
 */
async function entries(page: Page) {
  const list = page.getByRole("main").locator("ul").first();
  await expect(list).toBeVisible();
  return list.locator(":scope > li").evaluateAll((items, red) => {
    const ground = getComputedStyle(document.body).backgroundColor;
    return items.map((li) => {
      const heavy = [li, ...li.querySelectorAll<HTMLElement>("*")].filter((el) => {
        if (el.closest("button")) return false;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const bg = style.backgroundColor;
        const tinted = bg !== "rgba(0, 0, 0, 0)" && bg !== ground && box.width * box.height > 16 * 16;
        const edge = parseFloat(style.borderTopWidth) >= 2 || (parseFloat(style.borderTopWidth) > 0 && style.borderTopColor === red);
        return tinted || edge;
      });
      return {
        link: li.querySelector("a")?.textContent?.replace(/\s+/g, " ").trim(),
        heavy: heavy.map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}" ${getComputedStyle(el).backgroundColor}`),
        marker: Boolean(li.querySelector("[data-unread-marker]")),
      };
    });
  }, BRAND_RED);
}

test.describe("notifications page", () => {
  test("notifications about the same question come as one light entry with a count, latest activity first; Mark read and opening read a group", async ({
    browser,
  }) => {
    const askerCtx = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const asker = await askerCtx.newPage();
    await signUp(asker);
    const braces = `Wrist braces at night ${tag()}`;
    const jars = `Opening jars without pain ${tag()}`;
    const bracesId = await askQuestion(asker, braces, "Do night braces help morning stiffness?");
    const jarsId = await askQuestion(asker, jars, "What helps you open jars?");

    const helperCtx = await browser.newContext();
    const helper = await helperCtx.newPage();
    await signUp(helper);
    // Two answers on the braces question, two on the jars question, then a third on braces: the
    // braces question has the latest activity.
    await postAnswer(helper, bracesId, `A soft splint keeps my wrist straight ${tag()}`);
    await postAnswer(helper, bracesId, `Mine eased the tingling within a week ${tag()}`);
    await postAnswer(helper, jarsId, `A rubber grip mat under the lid ${tag()}`);
    await postAnswer(helper, jarsId, `An under-cabinet opener changed my mornings ${tag()}`);
    const latest = `Warm water first, then the brace ${tag()}`;
    await postAnswer(helper, bracesId, latest);

    for (const width of [375, 1280]) {
      await asker.setViewportSize({ width, height: 740 });
      await gotoReady(asker, "/notifications");
      await expect(asker.getByRole("link", { name: "Notifications, 5 unread" })).toBeVisible();
      await expect(asker.getByRole("main").locator("ul").first().locator(":scope > li")).toHaveCount(2);
      const found = await entries(asker);
      expect(found.map((e) => e.link)).toEqual([`Unread: 3 new answers on “${braces}”`, `Unread: 2 new answers on “${jars}”`]);
      expect(
        found.map((e) => e.heavy),
        `no red or tinted cards or badges at ${width} px`,
      ).toEqual([[], []]);
      expect(found.map((e) => e.marker)).toEqual([true, true]);
      await expectAccessible(asker, `/notifications at ${width} px`);
      await expectLargeTargets(asker, `/notifications at ${width} px`);
    }

    // Mark read on the jars group reads its two; the braces group stays unread.
    await asker.getByRole("button", { name: `Mark read: ${jars}` }).click();
    await expect(asker.getByText("2 notifications marked as read.", { exact: true })).toBeVisible();
    await expect(asker.getByRole("link", { name: "Notifications, 3 unread" })).toBeVisible();
    const afterMark = await entries(asker);
    expect(afterMark.map((e) => e.link)).toEqual([`Unread: 3 new answers on “${braces}”`, `2 answers on “${jars}”`]);
    expect(afterMark.map((e) => e.marker)).toEqual([true, false]);

    // The group's one link opens the latest answer and reads the whole group.
    await asker.getByRole("link", { name: `3 new answers on “${braces}”` }).click();
    await expect(asker).toHaveURL(new RegExp(`/forum/${bracesId}#answer-\\d+$`));
    await expect(asker.getByText(latest)).toBeVisible();
    await expect(asker.getByRole("link", { name: "Notifications, 0 unread" })).toBeVisible();
    await askerCtx.close();
    await helperCtx.close();
  });
});
