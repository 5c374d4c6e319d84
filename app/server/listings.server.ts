// The public data every render shares between writes (the home page's latest posts and questions,
// the forum's pages, a question with its answers). Loaders ask for them here, so no route module
// holds a cache key or calls a cache; every write makes the shared reads stale (read-cache.server.ts).
import { preview } from "~/lib/featured";
import type { ForumSort } from "~/lib/forum-list";
import { latestPosts } from "./blog.server";
import { getQuestion, latestQuestions, listQuestions } from "./forum.server";
import type { Runtime } from "./runtime.server";
import { postPlainText } from "./post-markdown.server";
import { getPublicProfile } from "./profiles.server";
import { getStats } from "./stats.server";
import { listTopics, listTopicsWithCounts } from "./topics.server";

type Reader = Pick<Runtime, "db" | "reads">;

// About two lines of the list at its widest; line-clamp hides the rest, so more would only add
// to every page's markup and data.
const QUESTION_EXCERPT = 240;
const ANSWER_EXCERPT = 200;

/**
 * The newest published posts and visible questions, for the home page. Their cards show a line of
 * each: its text without Markdown marks, made once per read.
 */
export function homeLists(runtime: Reader, limits: { posts: number; questions: number }) {
  return Promise.all([
    runtime.reads.get(`home:posts:${limits.posts}`, async () =>
      (await latestPosts(runtime.db, limits.posts)).map((p) => ({ ...p, content: postPlainText(p.content) })),
    ),
    runtime.reads.get(`home:questions:${limits.questions}`, async () =>
      (await latestQuestions(runtime.db, limits.questions)).map((q) => ({ ...q, content: postPlainText(q.content) })),
    ),
  ]);
}

/** Every topic in order (the forum's filter, the ask form, a question's topic choice). */
export function topicList(runtime: Reader) {
  return runtime.reads.get("topics", () => listTopics(runtime.db));
}

/** Every topic with its number of visible questions (the list of topics). */
export function topicListWithCounts(runtime: Reader) {
  return runtime.reads.get("topics:counts", () => listTopicsWithCounts(runtime.db));
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
  return runtime.reads.get(`forum:${topicId ?? "all"}:${sort}:${page}`, async () => {
    // The whole forum's question count is kept between writes (stats.server.ts), not counted on
    // every view; a topic's or the unanswered ones are counted with the page (one index range).
    const total = topicId === undefined && sort !== "unanswered" ? (await getStats(runtime)).questions : undefined;
    const list = await listQuestions(runtime.db, { page, total, sort, topicId });
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
  return runtime.reads.get(`question:${id}${moderator ? ":moderator" : ""}`, async () => {
    const question = await getQuestion(runtime.db, id, { includeHidden: moderator });
    // The HTML was stored with the text when it was saved: no render here.
    return question;
  });
}

/** A member's public profile page (null when there is none to show). */
export function profilePage(runtime: Reader, handle: string, page: number) {
  return runtime.reads.get(`profile:${handle}:${page}`, () => getPublicProfile(runtime.db, handle, page));
}
