import { readFile } from "node:fs/promises";
import { expect, expectAccessible, expectLargeTargets, gotoReady, signUp, test } from "./fixtures";

test.describe("two-step setup on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 }, permissions: ["clipboard-read", "clipboard-write"] });

  test("open-in-app link, key in fours with Copy key, backup codes copy and download", async ({ page }) => {
    const { email, password } = await signUp(page);
    await gotoReady(page, "/account/security");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Set up" }).click();

    const link = page.getByRole("link", { name: "Open in your authenticator app" });
    await expect(link).toBeVisible();
    const uri = new URL((await link.getAttribute("href"))!);
    expect(uri.protocol).toBe("otpauth:");
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    const secret = uri.searchParams.get("secret")!;
    expect(uri.searchParams.get("issuer")).toBeTruthy();

    const shown = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(shown).toMatch(/^([A-Z2-7=]{4} )*[A-Z2-7=]{1,4}$/);
    expect(shown.replace(/ /g, "")).toBe(secret);

    await page.getByRole("button", { name: "Copy key" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const codes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
    expect(codes.length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Copy codes" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const c of codes) expect(copied).toContain(c.trim());

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download codes" }).click()]);
    expect(download.suggestedFilename()).toBe("capsiva-backup-codes.txt");
    const file = await readFile((await download.path())!, "utf8");
    for (const c of codes) expect(file).toContain(c.trim());

    await expectAccessible(page, "/account/security (phone enrolment)");
    await expectLargeTargets(page, "/account/security (phone enrolment)");
  });
});
