// What may change the readers' store: only a write that changed something readers see. A signed-out
// request, a refused one, a read and a write that changed nothing leave every stored page stored;
// the sidebar's cookie is read one way for the page and its key; a page number on a page without
// pages makes no copy of it. Over real HTTP, as readers and members use the site.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let site: HttpApp;
let question: number;
beforeAll(async () => {
  site = await startHttpApp({ RATE_LIMITS: "false" });
  const asker = await site.member();
  question = await site.ask(asker.cookie, "Do paraffin baths help stiff hands?");
});
afterAll(() => site.close());

const PAGES = ["/forum", "/blog/capsaicin-arthritis-guide", "/about"];
const cacheOf = async (path: string, headers: Record<string, string> = {}) => (await site.fetch(path, { headers })).headers.get("x-cache");

/** Stores each page, and checks that it is served from the store. */
async function storeAll() {
  for (const path of [...PAGES, `/forum/${question}`]) {
    await site.fetch(path);
    expect(await cacheOf(path), path).toBe("HIT");
  }
}

async function stillStored(after: string) {
  for (const path of [...PAGES, `/forum/${question}`]) expect(await cacheOf(path), `${path} after ${after}`).toBe("HIT");
}

describe("requests that change nothing leave every stored page stored", () => {
  it("a signed-out visitor opening a notification or posting to members' pages", async () => {
    await storeAll();
    const origin = { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" };
    const tries: [string, RequestInit][] = [
      ["/notifications/1", {}],
      ["/notifications/1.data", {}],
      ["/account", { method: "POST", headers: origin, body: "intent=display-name&displayName=Mallory" }],
      ["/account/security", { method: "POST", headers: origin, body: "intent=revoke-others" }],
      ["/notifications", { method: "POST", headers: origin, body: "intent=mark-all-read" }],
      ["/account/stories/1", { method: "POST", headers: origin, body: "intent=save&title=x&content=y" }],
    ];
    for (const [path, init] of tries) {
      const res = await site.fetch(path, init);
      // Sent to sign in: a redirect, or for a data request its encoded form (202).
      expect([202, 302, 303], path).toContain(res.status);
      await stillStored(`${init.method ?? "GET"} ${path}`);
    }
  });

  it("a member saving the name they already have, or marking read what is already read", async () => {
    const member = await site.member();
    expect((await site.postForm("/account", member.cookie, { intent: "display-name", displayName: "Quiet Reader" })).status).toBe(200);
    await storeAll();
    expect((await site.postForm("/account", member.cookie, { intent: "display-name", displayName: "Quiet Reader" })).status).toBe(200);
    await stillStored("the same name again");
    expect((await site.postForm("/notifications", member.cookie, { intent: "mark-read", questionId: String(question) })).status).toBe(302);
    await stillStored("marking read a question with nothing unread");
    expect((await site.postForm("/notifications", member.cookie, { intent: "mark-all-read" })).status).toBe(302);
    await stillStored("marking all read with nothing unread");
  });
});

describe("one reading of the sidebar's cookie", () => {
  const sidebarOf = (html: string) => /data-state="(expanded|collapsed)"/.exec(html)?.[1];

  it("a cookie the page would read as collapsed never puts a collapsed sidebar under the open one's key", async () => {
    const odd = await site.fetch("/forum?sort=active", { headers: { Cookie: "sidebar:state=falsey" } });
    expect(odd.status).toBe(200);
    const reader = await site.fetch("/forum?sort=active");
    expect(sidebarOf(await reader.text())).toBe("expanded");
  });

  it("a spaced cookie is the state it says, under that state's key", async () => {
    const spaced = await site.fetch("/forum?sort=unanswered", { headers: { Cookie: "sidebar:state =false" } });
    expect(sidebarOf(await spaced.text())).toBe("collapsed");
    const open = await site.fetch("/forum?sort=unanswered");
    expect(sidebarOf(await open.text())).toBe("expanded");
    const collapsed = await site.fetch("/forum?sort=unanswered", { headers: { Cookie: "sidebar:state=false" } });
    expect(sidebarOf(await collapsed.text())).toBe("collapsed");
  });
});

describe("copies on demand", () => {
  it("a page number on a page without pages is the page itself, not another stored copy", async () => {
    await site.fetch(`/forum/${question}`);
    expect(await cacheOf(`/forum/${question}`)).toBe("HIT");
    for (const page of ["909871", "2", "3"]) expect(await cacheOf(`/forum/${question}?page=${page}`), `?page=${page}`).toBe("HIT");
    expect(await cacheOf("/about?utm_source=newsletter")).toBe("HIT");
  });
});
