import { describe, expect, it } from "vitest";
import { paragraphs } from "./paragraphs";

describe("paragraphs of a story", () => {
  it("starts a paragraph at a blank line and keeps a single line break inside one", () => {
    expect(paragraphs("Roses are red,\nmy knuckles too.\n\nThat was my first flare.")).toEqual(["Roses are red,\nmy knuckles too.", "That was my first flare."]);
  });

  it("skips extra blank lines and spaces, whatever the line endings", () => {
    expect(paragraphs("  First line.\r\n\r\n \r\n\r\nSecond line.\r\n")).toEqual(["First line.", "Second line."]);
  });
});
