// The actions under an answer, as a moderator sees them at 375 px (touch) and 1280 px: Helpful is
// the row's main action (a bordered, bolder button); Report and Hide are quieter plain words after
// it, yet still 44 px targets that the keyboard reaches.
import { askQuestion, DESKTOP, expect, expectAccessible, expectLargeTargets, gotoReady, PHONE, postAnswer, signUp, signUpAdmin, test } from "./fixtures";

const tag = () => Math.random().toString(36).replace(/[0-9]/g, "").slice(0, 8);

const weight = (el: Element) => {
  const s = getComputedStyle(el);
  return { fontWeight: Number(s.fontWeight), fontSize: parseFloat(s.fontSize), border: parseFloat(s.borderTopWidth) };
};

test("Helpful outweighs Report and Hide under an answer, all 44 px targets the keyboard reaches, at 375 and 1280 px", async ({ browser }) => {
  test.setTimeout(180_000);
  const askerCtx = await browser.newContext();
  const asker = await askerCtx.newPage();
  await signUp(asker);
  const questionId = await askQuestion(asker, `Jar openers that work ${tag()}`, "Which one can you use with sore thumbs?");
  const answer = `A rubber grip mat and a lever opener ${tag()}`;
  await postAnswer(asker, questionId, answer);
  await askerCtx.close();

  const modCtx = await browser.newContext(PHONE);
  const mod = await modCtx.newPage();
  await signUpAdmin(mod, "e2e-admin-actions@example.com");
  for (const [size, options] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    const context = await browser.newContext({ ...options, storageState: await modCtx.storageState() });
    const page = await context.newPage();
    await gotoReady(page, `/forum/${questionId}`);
    const card = page.locator("li[id^='answer-']").filter({ hasText: answer });
    const helpful = card.getByRole("button", { name: "Helpful" });
    const report = card.locator("summary", { hasText: "Report" });
    const hide = card.getByRole("button", { name: "Hide this answer" });
    const main = await helpful.evaluate(weight);
    for (const [name, quiet] of [
      ["Report", report],
      ["Hide", hide],
    ] as const) {
      const other = await quiet.evaluate(weight);
      expect(other.fontWeight, `${name} is lighter than Helpful at ${size}`).toBeLessThan(main.fontWeight);
      expect(other.fontSize, `${name} is smaller than Helpful at ${size}`).toBeLessThan(main.fontSize);
      expect(other.border, `${name} has no button border at ${size}`).toBe(0);
    }
    expect(main.border, `Helpful is a bordered button at ${size}`).toBeGreaterThan(0);
    // Helpful comes first; the quieter ones after it.
    const left = async (l: typeof helpful) => (await l.boundingBox())!;
    const [h, r, x] = [await left(helpful), await left(report), await left(hide)];
    expect(h.y * 10000 + h.x).toBeLessThan(r.y * 10000 + r.x);
    expect(r.y * 10000 + r.x).toBeLessThan(x.y * 10000 + x.x);
    // The keyboard reaches each, in that order.
    await helpful.focus();
    const reached: string[] = [];
    for (let i = 0; i < 6 && !reached.includes("Hide this answer"); i++) {
      await page.keyboard.press("Tab");
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? ""));
    }
    expect(reached, `Tab from Helpful at ${size}`).toContain("Report");
    expect(reached.indexOf("Report"), `Tab order at ${size}`).toBeLessThan(reached.indexOf("Hide this answer"));
    await expectAccessible(page, `answer actions, moderator, ${size}`);
    await expectLargeTargets(page, `answer actions, moderator, ${size}`);
    await context.close();
  }
  await modCtx.close();
});
