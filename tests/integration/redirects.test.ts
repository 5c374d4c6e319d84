// Where a member is sent after signing in comes from the query string or a hidden field: only
// paths on this site may come out, whatever a browser would make of the rest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";
import * as authRoute from "~/routes/auth/auth";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, type TestRuntime } from "../helpers/runtime";

const HOSTILE = [
  "//evil.example",
  "/\\evil.example",
  "/\tevil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/\\/evil.example",
  "/\r\n/evil.example",
  "/%0d%0aSet-Cookie:x=1",
  "https://evil.example/",
  "/ /evil.example",
  "/%E0%A4%A",
];

describe("safeRedirect", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeRedirect("/forum/12?page=2#answers")).toBe("/forum/12?page=2#answers");
    expect(safeRedirect("/search?q=joint%20pain")).toBe("/search?q=joint%20pain");
    expect(safeRedirect("/blog#share-story")).toBe("/blog#share-story");
  });

  it.each(HOSTILE)("refuses %j", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });
});

describe("the sign-in page's redirectTo", () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  it.each(HOSTILE)("falls back to / for %j without an error", async (target) => {
    const res = await callRoute(authRoute.loader, getRequest(`/auth?redirectTo=${encodeURIComponent(target)}`), contextFor(rt));
    expect(res.status).toBe(200);
    expect((res.data as { redirectTo: string }).redirectTo).toBe("/");
  });

  it("signs in and lands on / when the hidden field holds a line break or a tab", async () => {
    const m = await createMember(rt);
    for (const redirectTo of ["/\r\nSet-Cookie: x=1", "/\t/evil.example", "/%09/evil.example"]) {
      const res = await callRoute(
        authRoute.action,
        formRequest("/auth", { intent: "signin", email: m.email, password: m.password, redirectTo }),
        contextFor(rt),
      );
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    }
  });
});
