// The public data every render shares until what it shows changes (the home page's lists, the
// forum's pages, a question with its answers, the blog, an article, a city page, search, the
// sitemap). Loaders ask for them here, so no route module holds a cache key or calls a cache. Each
// read names the things it shows (change-tags.server.ts); the members whose names it shows are
// added from what it read. A public page that reads the database any other way is not stored.
import { preview } from "~/lib/featured";
import type { ForumSort } from "~/lib/forum-list";
import { tag } from "~/server/infra/change-tags.server";
import { getPublishedPost, latestPosts, listPublished } from "~/server/blog/blog.server";
import { getQuestion, latestQuestions, listQuestions } from "~/server/forum/forum.server";
import type { Db } from "~/server/infra/db.server";
import type { ReadCache } from "~/server/infra/cache/read-cache.server";
import { postPlainText } from "~/server/infra/post-markdown.server";
import { getPublicProfile } from "~/server/members/members.server";
import { forumCounts } from "./stats.server";
import { listTopics, listTopicsWithCounts } from "~/server/forum/forum.server";
import { loadCityServicePage, type SiteFacts } from "~/server/places/places.server";
import { searchSite } from "./search.server";
import { feedItems, sitemapEntries } from "./sitemap.server";

type Reader = { db: Db; reads: ReadCache };

// About two lines of the list at its widest; line-clamp hides the rest, so more would only add
// to every page's markup and data.
const QUESTION_EXCERPT = 240;
const ANSWER_EXCERPT = 200;

/** What was read shows these authors' names (an anonymous one shows nobody's). */
const showsAuthors = (runtime: Reader, ids: (string | null | undefined)[]) =>
  runtime.reads.dependOn(ids.filter((id): id is string => Boolean(id)).map(tag.member));

/**
 * The newest published posts and visible questions, for the home page. Their cards show a line of
 * each: its text without Markdown marks, made once per read.
 */
export function homeLists(runtime: Reader, limits: { posts: number; questions: number }) {
  return Promise.all([
    runtime.reads.get(`home:posts:${limits.posts}`, [tag.blog], async () => {
      const posts = await latestPosts(runtime.db, limits.posts);
      showsAuthors(
        runtime,
        posts.map((p) => p.authorId),
      );
      return posts.map((p) => ({ ...p, content: postPlainText(p.content) }));
    }),
    runtime.reads.get(`home:questions:${limits.questions}`, [tag.forum, tag.topics], async () => {
      const questions = await latestQuestions(runtime.db, limits.questions);
      showsAuthors(
        runtime,
        questions.map((q) => q.authorId),
      );
      return questions.map((q) => ({ ...q, content: postPlainText(q.content) }));
    }),
  ]);
}

/** Every topic in order (the forum's filter, the ask form, a question's topic choice). */
export function topicList(runtime: Reader) {
  return runtime.reads.get("topics", [tag.topics], () => listTopics(runtime.db));
}

/** Every topic with its number of visible questions (the list of topics). */
export function topicListWithCounts(runtime: Reader) {
  return runtime.reads.get("topics:counts", [tag.topics, tag.forum], () => listTopicsWithCounts(runtime.db));
}

/** A topic by its slug, from the shared list: no statement of its own. */
export async function topicBySlug(runtime: Reader, slug: string) {
  return (await topicList(runtime)).find((t) => t.slug === slug) ?? null;
}

/**
 * One page of the forum, with only the fields the page shows (all of them go into its data): all
 * questions or one topic's, newest first, unanswered only, or most recently active first.
 */
export function forumPage(runtime: Reader, options: { page: number; sort?: ForumSort; topicId?: number }) {
  const { page, topicId } = options;
  const sort = options.sort ?? "newest";
  const lists = topicId === undefined ? tag.forum : tag.topic(topicId);
  return runtime.reads.get(`forum:${topicId ?? "all"}:${sort}:${page}`, [lists, tag.topics], async () => {
    // The whole forum's question count is kept with the counters (stats.server.ts), not counted on
    // every view; a topic's or the unanswered ones are counted with the page (one index range).
    const total = topicId === undefined && sort !== "unanswered" ? (await forumCounts(runtime)).questions : undefined;
    const list = await listQuestions(runtime.db, { page, total, sort, topicId });
    showsAuthors(
      runtime,
      list.questions.flatMap((q) => [q.authorId, ...q.recentAnswers.map((a) => a.authorId)]),
    );
    return {
      ...list,
      questions: list.questions.map((q) => ({
        id: q.id,
        title: q.title,
        // The list shows a line or two of each post: the start of its text without Markdown marks
        // (a whole post would only grow every page's data).
        content: preview(postPlainText(q.content), QUESTION_EXCERPT),
        createdAt: q.createdAt,
        authorName: q.authorName,
        authorProfile: q.authorProfile,
        answerCount: q.answerCount,
        lastActivityAt: q.lastActivityAt,
        topic: q.topic,
        recentAnswers: q.recentAnswers.map((a) => ({
          id: a.id,
          content: preview(postPlainText(a.content), ANSWER_EXCERPT),
          createdAt: a.createdAt,
          authorName: a.authorName,
          authorProfile: a.authorProfile,
        })),
      })),
    };
  });
}

/** A question page's content; moderators' has the hidden question or answers too, marked. */
export function questionPage(runtime: Reader, id: number, moderator: boolean) {
  return runtime.reads.get(`question:${id}${moderator ? ":moderator" : ""}`, [tag.question(id), tag.topics], async () => {
    // The HTML was stored with the text when it was saved: no render here.
    const question = await getQuestion(runtime.db, id, { includeHidden: moderator });
    if (question) showsAuthors(runtime, [question.authorId, ...question.answers.map((a) => a.authorId)]);
    return question;
  });
}

/** A member's public profile page (null when there is none to show). */
export function profilePage(runtime: Reader, handle: string, page: number) {
  return runtime.reads.get(`profile:${handle}:${page}`, [tag.profiles, tag.forum], async () => {
    const profile = await getPublicProfile(runtime.db, handle, page);
    if (profile) showsAuthors(runtime, [profile.memberId]);
    return profile;
  });
}

/** One page of published posts, newest first (the blog). */
export function blogPage(runtime: Reader, page: number) {
  return runtime.reads.get(`blog:${page}`, [tag.blog], async () => {
    const list = await listPublished(runtime.db, { page });
    showsAuthors(
      runtime,
      list.posts.map((p) => p.authorId),
    );
    return list;
  });
}

/** A published post by its slug (null when none is out under it). */
export function articlePage(runtime: Reader, slug: string) {
  return runtime.reads.get(`article:${slug}`, [], async () => {
    const post = await getPublishedPost(runtime.db, slug);
    // A post published under this slug later is news to the lists; this one shows only itself.
    runtime.reads.dependOn(post ? [tag.post(post.id)] : [tag.blog]);
    if (post) showsAuthors(runtime, [post.authorId]);
    return post;
  });
}

/** A city-service page (or why there is none), as every reader sees it. */
export function cityServicePage(runtime: Reader, citySlug: string, serviceSlug: string, site: SiteFacts) {
  const tags = [tag.city(citySlug), tag.service(serviceSlug), tag.place(citySlug, serviceSlug), tag.placePages];
  return runtime.reads.get(`place:${citySlug}/${serviceSlug}`, tags, () => loadCityServicePage(runtime.db, citySlug, serviceSlug, site));
}

/** One page of search results over guides, published posts and visible questions. */
export function searchResults(runtime: Reader, q: string, page: number) {
  return runtime.reads.get(`search:${page}:${q}`, [tag.forum, tag.blog], () => searchSite(runtime.db, q, page));
}

/** Every public address for the sitemap. */
export function sitemapList(runtime: Reader) {
  return runtime.reads.get("sitemap", [tag.forum, tag.blog, tag.topics, tag.places], () => sitemapEntries(runtime.db));
}

/** The newest published posts for the feed. */
export function feedList(runtime: Reader) {
  return runtime.reads.get("feed", [tag.blog], () => feedItems(runtime.db));
}
