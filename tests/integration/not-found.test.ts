// Every page that is not there answers 404 with a head of its own: a "not found" title and
// noindex, never the home page's title, canonical link or "index, follow".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp();
}, 120_000);
afterAll(() => app?.close());

describe("not-found pages", () => {
  const paths = [
    "/forum/999999",
    "/forum/999999-some-words",
    "/forum/abc",
    "/article/no-such-story",
    "/blog/no-such-guide",
    "/atlantis/arthritis-pain-relief",
    "/this/does/not-exist",
  ];
  it.each(paths)("%s is a noindex 404 titled as not found", async (path) => {
    const response = await app.fetch(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    expect(title).toMatch(/not found/i);
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain("index, follow");
  });
});
