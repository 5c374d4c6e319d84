import { describe, expect, it } from "vitest";
import { withoutDefaults } from "./forum-list";

describe("withoutDefaults", () => {
  it("drops an empty topic and the default order", () => {
    expect(withoutDefaults(new URL("http://site.test/forum?topic=&sort=newest"))).toBe("/forum");
    expect(withoutDefaults(new URL("http://site.test/forum?topic=diet&sort=unanswered"))).toBeNull();
  });

  it("sends a client-side data request to the page's own address, not to its .data one", () => {
    const url = new URL("http://site.test/forum.data?topic=&sort=unanswered&_routes=routes%2Fforum%2Fforum");
    expect(withoutDefaults(url)).toBe("/forum?sort=unanswered");
  });
});
