// A search snippet cut from the middle of a text says so: an ellipsis where words were left out
// before or after it, none where it starts or ends with the text itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { searchSite } from "~/server/site/search.server";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ RATE_LIMITS: "false" });
});
afterAll(() => rt.close());

const filler = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");

async function snippetOf(slug: string, query: string) {
  const outcome = await searchSite(rt.db, query);
  if (outcome.status !== "results") throw new Error(`no results for ${query}`);
  const hit = outcome.results.find((r) => r.href === `/article/${slug}`)!;
  return hit.snippet.map((p) => p.text).join("");
}

describe("search snippets", () => {
  it("start and end with an ellipsis when cut from the middle of a long text", async () => {
    const content = `Opening words here ${filler(60, "before")} the zanzibarglove helped me ${filler(60, "after")} closing words.`;
    await rt.db.insert(blogPosts).values({ title: "Long story", slug: "long-story", content, published: true, publishedAt: new Date() });
    const snippet = await snippetOf("long-story", "zanzibarglove");
    expect(snippet).toContain("zanzibarglove");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).not.toContain("Opening");
  });

  it("have no ellipsis where they reach the start or the end of the text", async () => {
    await rt.db
      .insert(blogPosts)
      .values({ title: "Short story", slug: "short-story", content: "Warm quokkamitten gloves help.", published: true, publishedAt: new Date() });
    const whole = await snippetOf("short-story", "quokkamitten");
    expect(whole.startsWith("Warm quokkamitten")).toBe(true);
    expect(whole).not.toContain("…");
    const content = `The yakwarmer is first here ${filler(80, "later")} last.`;
    await rt.db.insert(blogPosts).values({ title: "Starts with it", slug: "starts-with-it", content, published: true, publishedAt: new Date() });
    const snippet = await snippetOf("starts-with-it", "yakwarmer");
    expect(snippet.startsWith("The yakwarmer")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
  });
});
