// Muting folds a member's posts in every list the muting member reads (the forum in its three
// orders, a topic's page, search, the home page's recent questions, the muted member's profile),
// and their new answers are not announced on an open question page. Nobody else's page changes,
// and readers' stored pages stay stored and unfolded.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forumTopics, profiles } from "../../db/schema";
import * as forumRoute from "~/routes/forum/forum";
import * as topicRoute from "~/routes/forum/forum-topic";
import * as liveRoute from "~/routes/forum/forum-question-live";
import * as homeRoute from "~/routes/site/home";
import * as searchRoute from "~/routes/site/search";
import * as profileRoute from "~/routes/members/member-profile";
import { answerQuestion, askQuestion } from "~/server/forum/forum.server";
import { startHttpApp, type HttpApp } from "../helpers/http-app";
import { callRoute, contextFor, getRequest } from "../helpers/runtime";

let site: HttpApp;
type Member = Awaited<ReturnType<HttpApp["member"]>>;
let me: Member;
let tom: Member & { handle: string };
let kind: Member;
let topicSlug: string;
const ids = { tomQuestion: 0, kindQuestion: 0, tomAnswer: 0 };
const TOM_TITLE = "Marmalade jars and stiff fingers in the morning";
const KIND_TITLE = "Marmalade lids with swollen knuckles";

beforeAll(async () => {
  site = await startHttpApp({ RATE_LIMITS: "false" });
  const rt = site.runtime;
  me = await site.member({ displayName: "Mia" });
  const t = await site.member({ displayName: "Tom" });
  await rt.db.update(profiles).set({ publicProfile: true, profileHandle: "tmprfxyzab" }).where(eq(profiles.id, t.id));
  tom = { ...t, handle: "tmprfxyzab" };
  kind = await site.member({ displayName: "Kind" });
  const [topic] = await rt.db.select().from(forumTopics).where(eq(forumTopics.slug, "hands-and-fingers"));
  topicSlug = topic.slug;
  // Kind's question first, then Tom's: Tom's is the newest and still unanswered; Kind's has Tom's answer.
  ids.kindQuestion = (await askQuestion(rt, { authorId: kind.id, title: KIND_TITLE, content: "What opens them for you?", topicId: topic.id })).id;
  ids.tomAnswer = (await answerQuestion(rt, { questionId: ids.kindQuestion, authorId: tom.id, content: "A rubber grip and warm water." })).id;
  ids.tomQuestion = (await askQuestion(rt, { authorId: tom.id, title: TOM_TITLE, content: "Which jars do you avoid?", topicId: topic.id })).id;
  const res = await site.postForm("/account/muted", me.cookie, { intent: "mute", handle: tom.handle, from: "profile" });
  expect(res.status).toBe(302);
});
afterAll(() => site.close());

type Row = { id: number; title: string; muted?: string; recentAnswers: { id: number; muted?: string }[] };
const load = async (fn: Parameters<typeof callRoute>[0], path: string, who: Member | null, params: Record<string, string> = {}) =>
  (await callRoute(fn, getRequest(path), contextFor(site.runtime, who), params)).data as Record<string, unknown>;
const forumRows = async (path: string, who: Member | null) => {
  const route = path.startsWith("/forum/topics/") ? topicRoute.loader : forumRoute.loader;
  return ((await load(route, path, who, { slug: topicSlug })).questions as Row[]).filter((q) => q.id === ids.tomQuestion || q.id === ids.kindQuestion);
};
const LISTS = () => ["/forum", "/forum?sort=active", "/forum?sort=unanswered", `/forum/topics/${topicSlug}`, `/forum/topics/${topicSlug}?sort=active`];

describe("a muted member's posts in lists", () => {
  it("are folded in the forum's lists and a topic's page for the member who muted, with the author's name", async () => {
    for (const path of LISTS()) {
      const rows = await forumRows(path, me);
      const tomRow = rows.find((q) => q.id === ids.tomQuestion);
      expect(tomRow?.muted, path).toBe("Tom");
      const kindRow = rows.find((q) => q.id === ids.kindQuestion);
      if (path.includes("unanswered")) {
        expect(kindRow, path).toBeUndefined();
        continue;
      }
      // Kind's question shows as it is; Tom's answer under it is folded.
      expect(kindRow?.muted, path).toBeUndefined();
      expect(kindRow?.recentAnswers.find((a) => a.id === ids.tomAnswer)?.muted, path).toBe("Tom");
    }
  });

  it("are left as they are for other members and for readers", async () => {
    for (const who of [kind, tom, null]) {
      for (const path of LISTS()) {
        for (const row of await forumRows(path, who)) {
          expect(row.muted, `${path} as ${who?.displayName ?? "a reader"}`).toBeUndefined();
          expect(row.recentAnswers.every((a) => a.muted === undefined)).toBe(true);
        }
      }
    }
  });

  it("are folded in search results for the member who muted, not for others", async () => {
    type Result = { href: string; muted?: string };
    const search = async (who: Member | null) =>
      ((await load(searchRoute.loader, "/search?q=marmalade", who)).outcome as { results: Result[] }).results.filter((r) => r.href.startsWith("/forum/"));
    const mine = await search(me);
    expect(mine.find((r) => r.href === `/forum/${ids.tomQuestion}`)?.muted).toBe("Tom");
    expect(mine.find((r) => r.href === `/forum/${ids.kindQuestion}`)?.muted).toBeUndefined();
    for (const who of [kind, tom, null]) expect((await search(who)).every((r) => r.muted === undefined)).toBe(true);
  });

  it("are folded in the home page's recent questions for the member who muted, not for others", async () => {
    type Card = { type: string; id: number; muted?: string };
    const home = async (who: Member | null) => (await load(homeRoute.loader, "/", who)).activity as Card[];
    expect((await home(me)).find((c) => c.type === "question" && c.id === ids.tomQuestion)?.muted).toBe("Tom");
    expect((await home(me)).find((c) => c.type === "question" && c.id === ids.kindQuestion)?.muted).toBeUndefined();
    for (const who of [kind, tom, null]) expect((await home(who)).every((c) => c.muted === undefined)).toBe(true);
  });

  it("are folded on the muted member's profile for the member who muted, not for others", async () => {
    const profile = async (who: Member | null) => load(profileRoute.loader, `/members/${tom.handle}`, who, { handle: tom.handle });
    expect((await profile(me)).folded).toBe(true);
    for (const who of [kind, tom, null]) expect((await profile(who)).folded).toBeUndefined();
  });

  it("are shown folded on the muting member's page, with Show, and never on readers' stored pages", async () => {
    const FOLD = /<details[^>]*data-muted-post=""[^>]*><summary[^>]*><span>Hidden because you muted <!-- -->Tom<\/span><span[^>]*>Show<\/span>/;
    const pages = ["/forum", "/forum?sort=active", `/forum/topics/${topicSlug}`, "/search?q=marmalade", "/", `/members/${tom.handle}`];
    // Readers' pages stored first.
    for (const path of pages) {
      await site.fetch(path);
      expect((await site.fetch(path)).headers.get("x-cache"), path).toBe("HIT");
    }
    for (const path of pages) {
      const res = await site.fetch(path, { headers: { Cookie: me.cookie } });
      expect(res.headers.get("x-cache"), path).not.toBe("HIT");
      const html = await res.text();
      expect(html, path).toMatch(FOLD);
      // The folded question's title is inside the fold (after its summary), not before it.
      if (path !== `/members/${tom.handle}`) expect(html.indexOf(TOM_TITLE), path).toBeGreaterThan(html.search(FOLD));
    }
    for (const path of pages) {
      const res = await site.fetch(path);
      expect(res.headers.get("x-cache"), `${path} after the member's visit`).toBe("HIT");
      expect(await res.text(), path).not.toContain("Hidden because you muted");
      const other = await site.fetch(path, { headers: { Cookie: kind.cookie } });
      expect(await other.text(), `${path} as another member`).not.toContain("Hidden because you muted");
    }
  });
});

describe("the live notice of new answers", () => {
  it("does not count an answer by a member the viewer muted; others still see it counted", async () => {
    const q = await askQuestion(site.runtime, { authorId: kind.id, title: "Warm wax for hands", content: "Does it help you?" });
    const byTom = await answerQuestion(site.runtime, { questionId: q.id, authorId: tom.id, content: "Every evening, it helps." });
    const byKind = await answerQuestion(site.runtime, { questionId: q.id, authorId: kind.id, content: "Thank you, I will try." });
    const live = async (who: Member | null) =>
      ((await load(liveRoute.loader, `/forum/${q.id}/live`, who, { questionId: String(q.id) })) as { answerIds: number[] }).answerIds;
    expect(await live(me)).toEqual([byKind.id]);
    for (const who of [kind, tom, null]) expect(await live(who)).toEqual([byTom.id, byKind.id]);
  });
});
