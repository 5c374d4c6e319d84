// The API's public reads (mounted by ./router.ts under its rate-limit middleware): stats, the home
// feed, posts, questions, topics and city pages. Only what the site shows a visitor is served; a
// bearer token sent with a read is checked all the same (`read`, from the router).
import express, { type RequestHandler } from "express";
import type { z } from "zod";
import { preview } from "~/lib/featured";
import { BLOG_PAGE_SIZE, COMMUNITY_AUTHOR, getPublishedPost, latestPosts, listPublished, type PostSummary } from "~/server/blog/blog.server";
import { BRAND } from "~/server/infra/env.server";
import { ANONYMOUS, getQuestion, latestQuestions, listQuestions, type AnswerView, type QuestionView } from "~/server/forum/forum.server";
import { isTopicSlug } from "~/lib/forum-list";
import { getTopicBySlug, listTopicsWithCounts } from "~/server/forum/forum.server";
import { loadCityServicePage } from "~/server/places/places.server";
import { postPlainText } from "~/server/infra/post-markdown.server";
import type { Runtime } from "~/server/runtime.server";
import { getStats } from "~/server/site/site.server";
import { ApiError, notFound, pageParam, sendJson } from "./http";
import {
  AnswerSchema,
  HomeSchema,
  PlacePageSchema,
  POST_SLUG,
  PostPageSchema,
  PostSchema,
  PostSummarySchema,
  QUESTION_ID,
  QuestionListQuerySchema,
  QuestionPageSchema,
  QuestionSchema,
  StatsSchema,
  TopicListSchema,
  TopicPageSchema,
  TopicQuerySchema,
} from "./schemas";

const HOME_ITEMS = 3;
const HOME_PREVIEW = 100;
const BLOG_CARD_PREVIEW = 150;

type Answer = z.output<typeof AnswerSchema>;

const answer = (a: AnswerView): Answer => ({ id: a.id, content: a.content, author: a.authorName, createdAt: a.createdAt, updatedAt: a.updatedAt });

function postSummary(p: PostSummary): z.output<typeof PostSummarySchema> {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    preview: p.excerpt?.trim() ? p.excerpt : preview(postPlainText(p.content), BLOG_CARD_PREVIEW),
    author: p.authorName ?? COMMUNITY_AUTHOR,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    publishedAt: p.publishedAt ?? p.createdAt,
  };
}

/** A list's query (page, and sort or topic where the list has them), or a 400 naming what is wrong. */
function listQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "query"), i.message]));
    throw new ApiError(400, "validation_failed", parsed.error.issues[0]?.message ?? "Invalid query", { errors });
  }
  return parsed.data;
}

type Summary = QuestionView & { recentAnswers: AnswerView[] };

/** A question in a list (GET /questions, GET /topics/{topicSlug}). */
function questionSummary(q: Summary) {
  return {
    id: q.id,
    title: q.title,
    content: q.content,
    author: q.authorName,
    answerCount: q.answerCount,
    topic: q.topic,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
    recentAnswers: q.recentAnswers.map(answer),
  };
}

export function createReadRoutes(runtime: Runtime, read: RequestHandler) {
  const { db, env } = runtime;
  const router = express.Router();
  router.get("/stats", read, async (_req, res) => {
    sendJson(res, 200, StatsSchema, await getStats(runtime));
  });

  router.get("/home", read, async (_req, res) => {
    const [posts, questions] = await Promise.all([latestPosts(db, HOME_ITEMS), latestQuestions(db, HOME_ITEMS)]);
    sendJson(res, 200, HomeSchema, {
      posts: posts.map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        preview: preview(postPlainText(p.content), HOME_PREVIEW),
        // The home page's cards show 'Anonymous' for posts too (specification, section 3).
        author: p.authorName ?? ANONYMOUS,
        createdAt: p.createdAt,
      })),
      questions: questions.map((q) => ({
        id: q.id,
        title: q.title,
        preview: preview(postPlainText(q.content), HOME_PREVIEW),
        author: q.authorName,
        answerCount: q.answerCount,
        createdAt: q.createdAt,
      })),
    });
  });

  router.get("/posts", read, async (req, res) => {
    const page = pageParam(req.query);
    const result = await listPublished(db, { page, pageSize: BLOG_PAGE_SIZE });
    const past = page > result.pageCount;
    sendJson(res, 200, PostPageSchema, {
      posts: past ? [] : result.posts.map(postSummary),
      page,
      pageCount: result.pageCount,
      pageSize: BLOG_PAGE_SIZE,
      total: result.total,
    });
  });

  router.get("/posts/:slug", read, async (req, res) => {
    const slug = String(req.params.slug);
    const post = POST_SLUG.test(slug) ? await getPublishedPost(db, slug) : null;
    if (!post) throw notFound("Article not found");
    sendJson(res, 200, PostSchema, {
      id: post.id,
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      contentHtml: post.contentHtml,
      author: post.authorName ?? COMMUNITY_AUTHOR,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      publishedAt: post.publishedAt ?? post.createdAt,
    });
  });

  router.get("/questions", read, async (req, res) => {
    const query = listQuery(QuestionListQuerySchema, req.query);
    const page = query.page ?? 1;
    const topic = query.topic ? await getTopicBySlug(db, query.topic) : null;
    if (query.topic && !topic) throw notFound("Topic not found");
    const result = await listQuestions(db, { page, sort: query.sort, topicId: topic?.id });
    const past = page > result.pageCount;
    sendJson(res, 200, QuestionPageSchema, {
      questions: past ? [] : result.questions.map(questionSummary),
      page,
      pageCount: result.pageCount,
      pageSize: result.pageSize,
      total: result.total,
    });
  });

  router.get("/questions/:id", read, async (req, res) => {
    const id = String(req.params.id);
    const question = QUESTION_ID.test(id) ? await getQuestion(db, Number(id)) : null;
    if (!question) throw notFound("Question not found");
    sendJson(res, 200, QuestionSchema, {
      id: question.id,
      title: question.title,
      content: question.content,
      author: question.authorName,
      answerCount: question.answerCount,
      topic: question.topic,
      createdAt: question.createdAt,
      updatedAt: question.updatedAt,
      answers: question.answers.map(answer),
    });
  });

  router.get("/topics", read, async (_req, res) => {
    const topics = await listTopicsWithCounts(db);
    sendJson(res, 200, TopicListSchema, {
      topics: topics.map((t) => ({ slug: t.slug, name: t.name, description: t.description, questionCount: t.questions })),
    });
  });

  router.get("/topics/:topicSlug", read, async (req, res) => {
    const slug = String(req.params.topicSlug);
    const topic = isTopicSlug(slug) ? await getTopicBySlug(db, slug) : null;
    if (!topic) throw notFound("Topic not found");
    const query = listQuery(TopicQuerySchema, req.query);
    const page = query.page ?? 1;
    const sort = query.sort ?? "newest";
    const result = await listQuestions(db, { page, sort, topicId: topic.id });
    sendJson(res, 200, TopicPageSchema, {
      topic: { slug: topic.slug, name: topic.name, description: topic.description },
      questions: page > result.pageCount ? [] : result.questions.map(questionSummary),
      sort,
      page,
      pageCount: result.pageCount,
      pageSize: result.pageSize,
      total: result.total,
    });
  });

  router.get("/places/:citySlug/:serviceSlug", read, async (req, res) => {
    const result = await loadCityServicePage(db, String(req.params.citySlug), String(req.params.serviceSlug), {
      siteUrl: env.SITE_URL,
      brand: BRAND,
      phoneTel: env.SUPPORT_PHONE_TEL,
      email: env.SUPPORT_EMAIL,
      rating: env.AGGREGATE_RATING ? { value: env.AGGREGATE_RATING_VALUE, count: env.AGGREGATE_RATING_COUNT } : null,
    });
    if (!result.found) throw notFound("No page for this city and service");
    const { path, city, service, page } = result.view;
    sendJson(res, 200, PlacePageSchema, {
      path,
      city,
      service,
      page: {
        id: page.isDefault ? null : Number(page.id),
        isDefault: page.isDefault,
        metaTitle: page.metaTitle,
        metaDescription: page.metaDescription,
        content: page.content,
      },
    });
  });

  return router;
}
