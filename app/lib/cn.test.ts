// cn() must give the same classes as tailwind-merge (which it replaces in the browser bundle)
// for every class list the app writes, alone and with any other one appended as an override.
import fs from "node:fs";
import path from "node:path";
import { clsx } from "clsx";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn, mergeClasses } from "./cn";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith(".tsx") ? [full] : [];
  });
}

// Every string literal that is a list of classes (in className=, cn(...), cva variants).
const CLASS = /^[a-z!\-[(][\w\-:/[\]().%!&>*=]*$/;
const lists = new Set<string>();
for (const file of sourceFiles(path.resolve(import.meta.dirname, ".."))) {
  for (const m of fs.readFileSync(file, "utf8").matchAll(/(?:className=|cn\(|\? |: |, |\w+: )"([^"]+)"/g)) {
    if (
      m[1]
        .trim()
        .split(/\s+/)
        .every((t) => CLASS.test(t))
    )
      lists.add(m[1]);
  }
}
const corpus = [...lists];

/** Exact repeats of a class change nothing in the page; tailwind-merge drops some of them. */
function withoutRepeats(classes: string) {
  const seen = new Set<string>();
  return classes
    .split(" ")
    .reverse()
    .filter((c) => (seen.has(c) ? false : (seen.add(c), true)))
    .reverse()
    .join(" ");
}

describe("cn", () => {
  it("lets later classes override earlier ones of the same property", () => {
    expect(cn("p-6 pt-0", "pt-6")).toBe("p-6 pt-6");
    expect(cn("p-6 pt-0", "p-2")).toBe("p-2");
    expect(cn("text-xl font-semibold leading-tight", "text-lg")).toBe("font-semibold text-lg");
    expect(cn("text-muted-foreground", "text-foreground")).toBe("text-foreground");
    expect(cn("border bg-card", "border-destructive")).toBe("border bg-card border-destructive");
    expect(cn("flex", "hidden md:flex")).toBe("hidden md:flex");
    expect(cn("bg-primary", false, undefined, ["hover:bg-accent"])).toBe("bg-primary hover:bg-accent");
  });

  it(`merges each of the app's ${corpus.length} class lists, and every pair of them, as tailwind-merge does`, () => {
    expect(corpus.length).toBeGreaterThan(200);
    const differences: string[] = [];
    const check = (input: string) => {
      const expected = withoutRepeats(twMerge(clsx(input)));
      const actual = withoutRepeats(mergeClasses(clsx(input)));
      if (actual !== expected && differences.length < 5) differences.push(`${input}\n  tailwind-merge: ${expected}\n  cn:             ${actual}`);
    };
    for (const a of corpus) {
      check(a);
      for (const b of corpus) check(`${a} ${b}`);
    }
    expect(differences).toEqual([]);
  });
});
