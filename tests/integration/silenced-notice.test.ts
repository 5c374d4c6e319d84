// A silenced member is told before typing, not only when sending: the forms to ask (the page's
// form, and the Ask dialog through the forum page's data), to share a story and to change one
// under review say until when their posting is paused. Others see no such notice.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { changeStanding } from "~/server/members/member-standing.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";

let app: HttpApp;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
}, 240_000);
afterAll(() => app?.close());

const NOTICE = /A moderator has paused your posting until [A-Z][a-z]+ \d{1,2}, \d{4}.*UTC\./;
const html = async (path: string, cookie: string) => {
  const res = await app.fetch(path, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
};
/** The text a reader sees (tags and the page's data scripts left out). */
const shown = (page: string) => page.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, "");
/** A page's loader data as the browser receives it (React Router's single-fetch .data). */
const loaderData = async (path: string, cookie: string) => {
  const res = await app.fetch(path, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return res.text();
};

async function storyOf(cookie: string, title: string) {
  expect((await app.postForm("/blog", cookie, { title, content: `${title}, in a few words.` })).status).toBe(302);
  return (await app.runtime.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.title, title)))[0].id;
}

describe("the notice before typing", () => {
  it("is above the ask, story and new-version forms of a silenced member, and in the forum's data for the Ask dialog", async () => {
    const moderator = await app.member({ role: "moderator" });
    const member = await app.member({ displayName: "Lena" });
    const story = await storyOf(member.cookie, "Swimming in warm water");
    await changeStanding(app.runtime, moderator, member.id, { action: "silence", days: 1, reason: "A pause after heated answers" });

    for (const path of ["/forum?ask=1", "/blog", `/account/stories/${story}`]) {
      expect(shown(await html(path, member.cookie)), path).toMatch(NOTICE);
    }
    // The dialog's code is loaded in the browser: it gets the time from the forum page's data.
    expect(await loaderData("/forum.data", member.cookie)).toMatch(/"silencedUntil","\d{4}-\d\d-\d\dT/);
  });

  it("is nowhere for a member who may post, and goes once the silence is lifted", async () => {
    const moderator = await app.member({ role: "moderator" });
    const member = await app.member();
    const story = await storyOf(member.cookie, "A new splint");
    const paths = ["/forum?ask=1", "/blog", `/account/stories/${story}`];
    for (const path of paths) expect(shown(await html(path, member.cookie)), path).not.toMatch(NOTICE);
    await changeStanding(app.runtime, moderator, member.id, { action: "silence", days: 1, reason: "A pause" });
    expect(shown(await html("/blog", member.cookie))).toMatch(NOTICE);
    await changeStanding(app.runtime, moderator, member.id, { action: "lift-silence" });
    for (const path of paths) expect(shown(await html(path, member.cookie)), path).not.toMatch(NOTICE);
    expect(await loaderData("/forum.data", member.cookie)).not.toMatch(/"silencedUntil","\d{4}/);
  });
});
