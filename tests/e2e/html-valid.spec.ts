// Every kind of page a member uses, as the browser holds it once scripts have run (at 375 and
// 1280 px, signed in, with the Ask dialog open on the forum, and the sign-in page signed out), is
// valid HTML to the Nu HTML checker (vnu-jar, on Java), and passes axe.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, expectAccessible, gotoReady, signUp, test } from "./fixtures";

const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

/** The checker's errors (and warnings it counts as errors) for these files. */
async function validate(files: string[]): Promise<VnuMessage[]> {
  const run = promisify(execFile);
  // The checker exits 1 when it finds anything; its findings are on stderr as JSON either way.
  const { stderr } = await run("java", ["-jar", VNU_JAR, "--format", "json", "--errors-only", ...files], { maxBuffer: 32 * 1024 * 1024 }).catch(
    (error: { stderr: string }) => ({ stderr: error.stderr }),
  );
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
}

for (const width of [375, 1280]) {
  test(`at ${width} px the pages members use are valid HTML and pass axe`, async ({ browser }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capsiva-vnu-"));
    const files: string[] = [];
    const keep = async (name: string, html: string) => {
      const file = path.join(dir, `${width}-${files.length}-${name}.html`);
      fs.writeFileSync(file, html);
      files.push(file);
    };
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signUp(page);
    await gotoReady(page, "/forum?sort=active");
    const question = (await page.getByRole("link", { name: "Does anyone else find mornings the hardest?", exact: true }).getAttribute("href"))!;
    // axe runs here on the pages no other spec checks at both widths (accessibility.spec.ts has
    // the home page, forum, question, blog, guide and account pages; member-journeys.spec.ts the
    // Ask dialog, search with a correction and the sign-in page; story-return.spec.ts an editor's
    // page of a story).
    const pages: [string, boolean][] = [
      ["/", false],
      ["/forum", false],
      [question, false],
      ["/blog", false],
      ["/blog/capsaicin-arthritis-guide", false],
      ["/search?q=stifness+morning", false],
      ["/search", true],
      ["/account", false],
      ["/notifications", true],
      ["/forum?ask=1", true],
    ];
    for (const [at, axe] of pages) {
      await gotoReady(page, at);
      if (axe) await expectAccessible(page, `${at} at ${width} px`);
      await keep(at.replace(/\W+/g, "-"), await page.content());
    }
    // The forum with the Ask dialog open and its similar questions shown.
    await gotoReady(page, "/forum");
    await page.getByRole("link", { name: "Ask Question" }).click();
    await page.getByRole("dialog").getByLabel("Title").fill("Jar openers for weak hands");
    await expect(page.getByRole("dialog").getByText("Similar questions already asked")).toBeVisible();
    await keep("dialog", await page.content());
    // Signed out: the sign-in page with its Show password button.
    await context.clearCookies();
    await gotoReady(page, "/auth?tab=signup&redirectTo=%2Fforum");
    await keep("auth", await page.content());
    await context.close();
    const messages = await validate(files);
    expect(messages.map((m) => `${path.basename(m.url)}: ${m.message} ${m.extract ?? ""}`)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
}
