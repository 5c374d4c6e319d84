// The documentation points at what is there: every relative link and every file path written in
// backticks in README.md and docs/ names a file or folder of the repository (or one the build or a
// run writes, which .gitignore lists), and nothing in the repository cites a file kept outside it
// (a rule is restated in the project's own words instead).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tracked = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
  .split("\0")
  .filter((file) => file && fs.existsSync(path.join(ROOT, file)));
const trackedSet = new Set(tracked);
const folders = new Set(
  tracked.flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);
const basenames = new Set(tracked.map((file) => path.posix.basename(file)));
const docs = tracked.filter((file) => file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md")));

// What a build, a test run or a running server writes: named in the docs, never committed.
const GENERATED = /^(build|data|node_modules|test-results|playwright-report|\.react-router|bench\/results)(\/|$)/;

/** A repository path (from the root, or from the document's folder) that exists. */
function exists(doc: string, target: string) {
  const clean = target.replace(/\/$/, "");
  for (const candidate of [clean, path.posix.join(path.posix.dirname(doc), clean)]) {
    const normal = path.posix.normalize(candidate);
    if (trackedSet.has(normal) || folders.has(normal) || GENERATED.test(normal)) return true;
  }
  return false;
}

/** Relative link targets of a Markdown document, without their #fragment. */
function links(text: string) {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith("#"))
    .map((href) => decodeURIComponent(href.split("#")[0]));
}

const FILE = /\.(ts|tsx|js|mjs|md|json|ya?ml|sh|sql|conf|service|css|html|toml)$/;
const TOP_LEVEL = new Set(tracked.filter((file) => file.includes("/")).map((file) => file.split("/")[0]));

/**
 * What is written in backticks and shaped like a file or folder of the project: a file name with
 * its extension, a folder with its slash, or a path under one of the repository's own folders
 * (not `application/json`, `LISTEN/NOTIFY` or `.ts` alone).
 */
function backtickedPaths(text: string) {
  const withoutCodeBlocks = text.replace(/```[\s\S]*?```/g, "");
  return [...withoutCodeBlocks.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1])
    .filter((token) => /^[\w.-]+(\/[\w.-]+)*\/?$/.test(token) && !/^\.\w+$/.test(token))
    .filter((token) => FILE.test(token) || token.endsWith("/") || (token.includes("/") && TOP_LEVEL.has(token.split("/")[0])));
}

describe("the documentation's references", () => {
  it("finds the documents", () => {
    expect(docs).toContain("README.md");
    expect(docs).toContain("docs/development.md");
  });

  it.each(docs)("%s: every relative link leads to a file or folder of the repository", (doc) => {
    const missing = links(fs.readFileSync(path.join(ROOT, doc), "utf8")).filter((target) => !exists(doc, target));
    expect(missing).toEqual([]);
  });

  it.each(docs)("%s: every path in backticks names a file or folder of the repository", (doc) => {
    const missing = backtickedPaths(fs.readFileSync(path.join(ROOT, doc), "utf8")).filter(
      // A bare file name (`account-rules.test.ts` after a path that gave its folder) is found anywhere.
      (token) => !exists(doc, token) && !(!token.includes("/") && basenames.has(token)),
    );
    expect(missing).toEqual([]);
  });

  it("no code or document cites a file kept outside the repository", () => {
    const outside = /\b(decisions\.md|product-spec\.md|DESIGN\.md|architecture-review\.md)\b|\/work\/|\bshared\/(spec|notes)\//;
    const citing = tracked
      .filter((file) => /\.(ts|tsx|js|mjs|md|json|ya?ml|sh|sql|css|conf|service)$|(^|\/)(Dockerfile|run)$/.test(file) && file !== "package-lock.json")
      .filter((file) => file !== "tests/integration/doc-references.test.ts")
      .filter((file) => outside.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(citing).toEqual([]);
  });
});
