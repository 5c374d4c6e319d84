// A member's page is rendered for them and sent in one piece: every part React finished is in its
// place, never a fallback with a hidden copy that only a script swaps in (which a browser without
// JavaScript never runs, and which doubles the bytes of what it wraps).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "~/server/seed.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let site: HttpApp;
beforeAll(async () => {
  site = await startHttpApp({ RATE_LIMITS: "false" });
  await seedDemoContent(site.runtime.db);
});
afterAll(() => site.close());

describe("a member's page", () => {
  it("holds its account menu and Ask Question button in place, once each, with no swap script", async () => {
    const { email, cookie } = await site.member();
    // Twice: the first render may be the one that loads the menu's and the dialog's modules.
    for (let i = 0; i < 2; i++) {
      const res = await site.fetch("/forum", { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html.length).toBeGreaterThan(12_800);
      expect(html.split(`aria-label="Account menu for ${email}"`)).toHaveLength(2);
      expect(html.match(/>\s*Ask Question</g) ?? []).toHaveLength(1);
      expect(html).not.toMatch(/<div hidden id="S:\d+">/);
      expect(html).not.toContain("$RC(");
    }
  });
});
