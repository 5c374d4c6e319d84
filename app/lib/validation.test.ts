// The text rules every form and the API apply, on generated input:
// stored text is NFC, without control or invisible formatting characters, within its limit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { controlChars, NASTY } from "../../tests/helpers/fuzz-inputs";
import { LIMITS, multiLine, singleLine } from "./validation";

describe("the text rules in app/lib/validation.ts", () => {
  it("one-line fields: NFC, no control or invisible formatting characters, collapsed spaces, within the limit", () => {
    const title = singleLine("Title", LIMITS.titleMax);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 250 }), controlChars, fc.constantFrom(...NASTY)), (input) => {
        const result = title.safeParse(input);
        if (!result.success) return;
        const v = result.data;
        expect(v).toBe(v.normalize("NFC"));
        // eslint-disable-next-line no-control-regex
        expect(/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/.test(v)).toBe(false);
        expect(v).not.toMatch(/\s{2}|^\s|\s$/);
        expect(v.length).toBeGreaterThan(0);
        expect(v.length).toBeLessThanOrEqual(LIMITS.titleMax);
      }),
      { numRuns: 500 },
    );
    expect(title.parse("Cafe\u0301 \u202Emeet\u202C\u0000up")).toBe("Café meet up");
  });

  it("multi-line fields keep line breaks and tabs, drop other control characters", () => {
    const content = multiLine("Content", LIMITS.contentMax);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), controlChars), (input) => {
        const result = content.safeParse(input);
        if (!result.success) return;
        expect(result.data).toBe(result.data.normalize("NFC"));
        // eslint-disable-next-line no-control-regex
        expect(/[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\u007F-\u009F]/.test(result.data)).toBe(false);
      }),
      { numRuns: 500 },
    );
    expect(content.parse("line one\r\nline\u0007 two\n\n\tindented")).toBe("line one\nline two\n\n\tindented");
  });
});
