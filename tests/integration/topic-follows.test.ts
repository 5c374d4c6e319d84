// Following a topic: Follow and Unfollow on the topic's page (and Unfollow from /account), the
// API's follow, unfollow and list, a new question in the topic telling each follower (a notice,
// and a mail by their choice) but never its asker, nothing for a hidden question, and a follow
// naming only the member's own private tag, so readers' stored pages stay.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../db/schema";
import { FollowedTopicsSchema, TopicFollowSchema } from "../../server/api/topic-follow-schemas";
import { isPrivateTag } from "~/server/infra/change-tags.server";
import type { Mail } from "~/server/infra/mail.server";
import { hideContent } from "~/server/moderation/reports.server";
import { listNotifications } from "~/server/notifications/inbox.server";
import { createTopic, type TopicView } from "~/server/forum/topics.server";
import { call, memberWithToken, startApi, valid, type Api } from "../helpers/api";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { recordChanges } from "../helpers/runtime";

let app: HttpApp;
let api: Api;
beforeAll(async () => {
  app = await startHttpApp({ RATE_LIMITS: "false" });
  api = await startApi(app.runtime);
});
afterAll(async () => {
  await api.close();
  await app.close();
});

let n = 0;
const newTopic = () => createTopic(app.runtime, { name: `Warm hands ${++n} ${Date.now().toString(36)}`, slug: "", description: "" });
const page = async (path: string, cookie: string) => (await app.fetch(path, { headers: { Cookie: cookie } })).text();
const followButton = (html: string) => /<button[^>]*aria-pressed="(true|false)"[^>]*>(Follow|Following)<\/button>/.exec(html)?.slice(1, 3);

async function askIn(cookie: string, topic: TopicView, title: string) {
  const res = await app.postForm("/forum", cookie, { title, content: `${title}: what has helped you?`, topic: String(topic.id) });
  expect(res.status).toBe(302);
  return Number(/\/forum\/(\d+)/.exec(res.headers.get("location") ?? "")?.[1]);
}

describe("on the topic's page", () => {
  it("Follow and Unfollow change the member's own list, shown on the page and on /account; a visitor is sent to sign in", async () => {
    const me = await app.member({ displayName: "Fay Follows" });
    const topic = await newTopic();
    const path = `/forum/topics/${topic.slug}`;
    expect(followButton(await page(path, me.cookie))).toEqual(["false", "Follow"]);
    const changes = recordChanges(app.runtime);
    const followed = await app.postForm(path, me.cookie, { intent: "follow" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe(path);
    // A follow is the member's own business: no tag a shared page or read listens to.
    expect([...changes.tags()].length).toBeGreaterThan(0);
    expect([...changes.tags()].filter((t) => !isPrivateTag(t))).toEqual([]);
    expect(followButton(await page(path, me.cookie))).toEqual(["true", "Following"]);
    // Following twice is the same as once.
    expect((await app.postForm(path, me.cookie, { intent: "follow" })).status).toBe(302);
    const account = await page("/account", me.cookie);
    expect(account).toContain(`data-followed-topic="${topic.slug}"`);
    expect(account).toContain(`aria-label="Unfollow ${topic.name}"`);
    // Someone else's account page does not show it.
    const other = await app.member();
    expect(await page("/account", other.cookie)).not.toContain(`data-followed-topic="${topic.slug}"`);
    expect(followButton(await page(path, other.cookie))).toEqual(["false", "Follow"]);

    const stopped = await app.postForm(path, me.cookie, { intent: "unfollow", back: "account" });
    expect(stopped.headers.get("location")).toBe("/account#followed-topics");
    expect(await page("/account", me.cookie)).not.toContain(`data-followed-topic="${topic.slug}"`);
    expect(followButton(await page(path, me.cookie))).toEqual(["false", "Follow"]);

    const visitor = await app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: "intent=follow",
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect((await app.postForm("/forum/topics/no-such-topic", me.cookie, { intent: "follow" })).status).toBe(404);
  });
});

describe("in the API", () => {
  it("follows, lists and unfollows a topic for the token's member only", async () => {
    const [me, other] = [await memberWithToken(app.runtime), await memberWithToken(app.runtime)];
    const topic = await newTopic();
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    const follow = await call(api, `/topics/${topic.slug}/follow`, { method: "PUT", headers: auth(me.token) });
    expect(follow.status).toBe(200);
    expect(valid(TopicFollowSchema, follow.body)).toEqual({ topicSlug: topic.slug, following: true });
    const mine = await call(api, "/followed-topics", { headers: auth(me.token) });
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(valid(FollowedTopicsSchema, mine.body).topics).toContainEqual({ slug: topic.slug, name: topic.name });
    expect(valid(FollowedTopicsSchema, (await call(api, "/followed-topics", { headers: auth(other.token) })).body).topics).toEqual([]);
    const stop = await call(api, `/topics/${topic.slug}/follow`, { method: "DELETE", headers: auth(me.token) });
    expect(valid(TopicFollowSchema, stop.body)).toEqual({ topicSlug: topic.slug, following: false });
    expect(valid(FollowedTopicsSchema, (await call(api, "/followed-topics", { headers: auth(me.token) })).body).topics).toEqual([]);
    expect((await call(api, "/topics/no-such-topic/follow", { method: "PUT", headers: auth(me.token) })).status).toBe(404);
    expect((await call(api, "/followed-topics")).status).toBe(401);
    expect((await call(api, `/topics/${topic.slug}/follow`, { method: "PUT" })).status).toBe(401);
  });
});

describe("a new question in a followed topic", () => {
  const sent = () => app.runtime.sent as Mail[];
  const topicNotices = async (memberId: string) =>
    (await listNotifications(app.runtime.db, memberId)).items.filter((i) => i.kind === "topic-question").map((i) => i.questionId);

  it("tells each follower by notice and by mail as they chose, never its asker, and nothing of a hidden question", async () => {
    const topic = await newTopic();
    const follower = await app.member({ displayName: "Gil Follows" });
    const quiet = await app.member({ displayName: "Hal Own Only" });
    const asker = await app.member({ displayName: "Ida Asks" });
    const path = `/forum/topics/${topic.slug}`;
    // The follower is mailed at once; the other keeps the default choice (answers to their own questions).
    expect((await app.postForm("/account", follower.cookie, { intent: "email-notifications", emails: "instant" })).status).toBe(200);
    for (const m of [follower, quiet, asker]) expect((await app.postForm(path, m.cookie, { intent: "follow" })).status).toBe(302);
    const before = sent().length;

    const q = await askIn(asker.cookie, topic, `Gloves for typing ${Date.now().toString(36)}`);
    expect(await topicNotices(follower.id)).toEqual([q]);
    expect(await topicNotices(quiet.id)).toEqual([q]);
    expect(await topicNotices(asker.id)).toEqual([]);
    const list = await page("/notifications", follower.cookie);
    expect(list).toContain("Ida Asks asked a new question in a topic you follow");

    await app.runtime.mailOutbox.drain();
    const mails = sent().slice(before);
    expect(mails.map((m) => m.to)).toEqual([follower.email]);
    expect(mails[0].subject).toMatch(/^New question in a topic you follow: "Gloves for typing/);
    expect(mails[0].text).toContain("Ida Asks asked a new question in a topic you follow");

    // Opening it leads to the question and reads it.
    const [notice] = await app.runtime.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.memberId, follower.id), eq(notifications.questionId, q)));
    const open = await app.fetch(`/notifications/${notice.id}`, { headers: { Cookie: follower.cookie } });
    expect(open.headers.get("location")).toBe(`/forum/${q}`);

    // A question hidden before its mail went out: no longer listed, and never mailed.
    const hidden = await askIn(asker.cookie, topic, `Hidden one ${Date.now().toString(36)}`);
    const moderator = await app.member({ role: "moderator" });
    await hideContent(app.runtime, "question", hidden, moderator.id);
    expect(await topicNotices(follower.id)).not.toContain(hidden);
    const beforeHidden = sent().length;
    await app.runtime.mailOutbox.drain();
    expect(
      sent()
        .slice(beforeHidden)
        .filter((m) => m.subject.includes("Hidden one")),
    ).toEqual([]);
  });
});
