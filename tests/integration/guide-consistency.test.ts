// Advice that several guides repeat must say the same thing everywhere: a reader who meets two
// versions of "when to wash your hands" or "when to see a doctor" cannot tell which one to follow.
// The guides' Markdown (body and FAQ front matter) is read as written.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GUIDE_SLUGS } from "../../app/routes";

const GUIDES_DIR = join(import.meta.dirname, "../../app/content/guides");

/** Each guide's paragraphs, list items and FAQ answers, one a line, without Markdown emphasis. Image alt texts describe pictures, not advice, and are left out. */
function adviceLines(slug: string) {
  return readFileSync(join(GUIDES_DIR, `${slug}.md`), "utf8")
    .split("\n")
    .filter((line) => !/^\s*(!\[|alt:)/.test(line))
    .map((line) => line.replace(/\*\*/g, ""));
}

const WAIT = /wait (at least )?30 minutes\b[^.]*\bwashing/i;
const HANDS_TREATED = /if your hands are the (treated area|area you are treating)/i;
const WASH_AFTER = /wash your hands after applying/i;
const OTHER_AREA = /(if you are treating another area|treating another area)/i;

describe("guides that give the same advice", () => {
  it("agree on washing hands after applying capsaicin: wait only when the hands are treated, wash at once otherwise", () => {
    const mentioning = GUIDE_SLUGS.filter((slug) => adviceLines(slug).some((line) => WAIT.test(line) || WASH_AFTER.test(line)));
    expect(mentioning.length).toBeGreaterThanOrEqual(4);
    for (const slug of mentioning) {
      const lines = adviceLines(slug);
      for (const line of lines.filter((l) => WAIT.test(l))) {
        expect(line, `${slug}: waiting before washing must be for treated hands only`).toMatch(HANDS_TREATED);
      }
      for (const line of lines.filter((l) => WASH_AFTER.test(l))) {
        expect(line, `${slug}: washing right after applying must be for another area only`).toMatch(OTHER_AREA);
      }
      // Both halves of the advice are given wherever one is.
      expect(
        lines.some((l) => WAIT.test(l)),
        `${slug} says when to wait`,
      ).toBe(true);
      expect(
        lines.some((l) => WASH_AFTER.test(l)),
        `${slug} says when to wash at once`,
      ).toBe(true);
    }
  });

  it("tell readers to see a doctor sooner than six weeks if a joint is hot, swollen or getting worse", () => {
    const faq = adviceLines("rheumatoid-arthritis-pain-relief-faq").join("\n");
    expect(faq).toMatch(/more than six weeks[^"\n]*sooner if a joint is hot, swollen or getting worse/);
    const early = adviceLines("early-arthritis-detection-guide").join("\n");
    expect(early).toMatch(/getting worse quickly, or a joint suddenly becomes very hot, red and swollen/);
  });
});
