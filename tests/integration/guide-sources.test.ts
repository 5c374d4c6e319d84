// What a guide tells a reader about where to check its claims and who looked at it: a "Further
// reading" list of public health bodies' pages on every guide, and a "Reviewed by" line only when
// the site's operator names a real reviewer (never by default).
import * as DomUtils from "domutils";
import { parseDocument } from "htmlparser2";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDE_SLUGS } from "../../app/routes";
import GuidePage, { loader } from "~/routes/guides/guide";
import { ConfigError, parseEnv } from "~/server/infra/env.server";
import { contextFor, createTestRuntime, getRequest, type TestRuntime } from "../helpers/runtime";

async function render(rt: TestRuntime, slug: string) {
  const data = await loader({ request: getRequest(`/blog/${slug}`), context: contextFor(rt), params: {} } as never);
  const html = renderToString(createElement(MemoryRouter, { initialEntries: [`/blog/${slug}`] }, createElement(GuidePage, { loaderData: data } as never)));
  const doc = parseDocument(html);
  const text = DomUtils.textContent(doc).replace(/\s+/g, " ");
  const section = DomUtils.findOne((el) => el.attribs["data-further-reading"] !== undefined, doc.children);
  const links = section ? DomUtils.findAll((el) => el.name === "a", section.children) : [];
  return { text, section, links };
}

describe("with no reviewer configured", () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  it.each(GUIDE_SLUGS)("%s lists further reading from public health bodies and claims no reviewer", async (slug) => {
    const { text, section, links } = await render(rt, slug);
    expect(section, "a Further reading section").toBeTruthy();
    expect(DomUtils.textContent(section!)).toContain("Further reading");
    const hosts = links.map((a) => new URL(a.attribs.href).hostname);
    for (const host of ["www.nhs.uk", "www.niams.nih.gov", "www.cdc.gov", "www.versusarthritis.org"]) expect(hosts, slug).toContain(host);
    expect(
      links.map((a) => a.attribs.href),
      slug,
    ).toContain("https://www.nhs.uk/medicines/capsaicin-cream/");
    for (const a of links) {
      expect(a.attribs.href, slug).toMatch(/^https:\/\//);
      expect(a.attribs.rel, a.attribs.href).toBe("noopener noreferrer");
      expect(DomUtils.textContent(a).trim().length).toBeGreaterThan(5);
    }
    expect(text).not.toMatch(/Reviewed by/i);
  });
});

describe("with a reviewer configured by the operator", () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ GUIDE_REVIEWER_NAME: "  Jane Doe ", GUIDE_REVIEWER_CREDENTIALS: "MD, rheumatologist" });
  });
  afterAll(() => rt.close());

  it("says who reviewed every guide, with their credentials", async () => {
    for (const slug of GUIDE_SLUGS) expect((await render(rt, slug)).text, slug).toContain("Reviewed by Jane Doe, MD, rheumatologist");
  });
});

describe("reviewer settings", () => {
  it("are absent by default and blank counts as unset", () => {
    expect(parseEnv({}).GUIDE_REVIEWER_NAME).toBeUndefined();
    expect(parseEnv({ GUIDE_REVIEWER_NAME: "   " }).GUIDE_REVIEWER_NAME).toBeUndefined();
    expect(parseEnv({ GUIDE_REVIEWER_NAME: "Jane Doe" }).GUIDE_REVIEWER_CREDENTIALS).toBeUndefined();
  });

  it("refuse credentials without a name, markup, several lines and overlong values, naming the variable", () => {
    expect(() => parseEnv({ GUIDE_REVIEWER_CREDENTIALS: "MD" })).toThrow(/GUIDE_REVIEWER_NAME/);
    expect(() => parseEnv({ GUIDE_REVIEWER_NAME: "<b>Jane</b>" })).toThrow(ConfigError);
    expect(() => parseEnv({ GUIDE_REVIEWER_NAME: "Jane\nDoe" })).toThrow(/GUIDE_REVIEWER_NAME/);
    expect(() => parseEnv({ GUIDE_REVIEWER_NAME: "J" })).toThrow(/GUIDE_REVIEWER_NAME/);
    expect(() => parseEnv({ GUIDE_REVIEWER_NAME: "Jane", GUIDE_REVIEWER_CREDENTIALS: "x".repeat(201) })).toThrow(/GUIDE_REVIEWER_CREDENTIALS/);
  });
});
