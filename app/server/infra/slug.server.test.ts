import { describe, expect, it } from "vitest";
import { slugify } from "./slug.server";

describe("slugs made from titles", () => {
  it("leaves out markup typed into a title", () => {
    expect(slugify("Say <em>hi</em> to warm gloves")).toBe("say-hi-to-warm-gloves");
    expect(slugify("<script>alert(1)</script> Heat or ice?")).toBe("alert-1-heat-or-ice");
  });

  it("transliterates other scripts instead of dropping them", () => {
    expect(slugify("Утренняя скованность")).toBe("utrennyaya-skovannost");
    expect(slugify("Größe der Handschuhe")).toBe("groesse-der-handschuhe");
    expect(slugify("Ρευματοειδής αρθρίτιδα")).not.toBe("");
  });

  it("keeps to 80 characters of letters, digits and hyphens", () => {
    const slug = slugify(`${"Morning stiffness ".repeat(10)}!`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
