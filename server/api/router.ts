// The versioned JSON API, mounted at /api/v1 by server/app.ts. Reads are public (published posts,
// visible questions and answers, active city pages), but a bearer token sent with a read is checked
// like a write's, so a client learns its token is bad; writes need a bearer JWT from Better Auth and
// go through the same posting rules as the web forms. Every handler is thin: validate, one call
// into a domain module, shape the response with the schemas in ./schemas.ts.
import express, { type RequestHandler } from "express";
import type { z } from "zod";
import { preview } from "~/lib/featured";
import { sessionOpen, userExists } from "~/server/api-auth.server";
import { BLOG_PAGE_SIZE, COMMUNITY_AUTHOR, getPublishedPost, latestPosts, listPublished, type PostSummary } from "~/server/blog.server";
import { BRAND } from "~/server/env.server";
import { ANONYMOUS, getQuestion, latestQuestions, listQuestions, type AnswerView, type QuestionView } from "~/server/forum.server";
import { isTopicSlug } from "~/lib/forum-list";
import { getTopicBySlug, listTopicsWithCounts } from "~/server/topics.server";
import { loadCityServicePage } from "~/server/places.server";
import { postPlainText } from "~/server/post-markdown.server";
import { postAnswer, postQuestion, type PostResult } from "~/server/posting.server";
import { RateLimitedError } from "~/server/rate-limit.server";
import type { Runtime } from "~/server/runtime.server";
import { getStats } from "~/server/stats.server";
import { createTokenVerifier } from "./bearer";
import { createMemberRoutes, MEMBER_API_ROUTES } from "./member-routes";
import { ApiError, cors, errorHandler, jsonBodyParser, methodNotAllowed, notFound, pageParam, preflight, sendJson } from "./http";
import { createOpenApiDocument } from "./openapi";
import {
  AnswerCreatedSchema,
  AnswerSchema,
  ApiPostExtrasSchema,
  HomeSchema,
  PlacePageSchema,
  POST_SLUG,
  PostPageSchema,
  PostSchema,
  PostSummarySchema,
  QUESTION_ID,
  QuestionCreatedSchema,
  QuestionListQuerySchema,
  QuestionPageSchema,
  QuestionSchema,
  StatsSchema,
  TopicListSchema,
  TopicPageSchema,
  TopicQuerySchema,
} from "./schemas";

export const API_BASE = "/api/v1";
export const MAX_BODY = "64kb";

const HOME_ITEMS = 3;
const HOME_PREVIEW = 100;
const BLOG_CARD_PREVIEW = 150;

/** Every path the API serves and its methods (404 elsewhere, 405 for other methods). */
export const API_ROUTES = {
  "/stats": ["GET"],
  "/home": ["GET"],
  "/posts": ["GET"],
  "/posts/:slug": ["GET"],
  "/questions": ["GET", "POST"],
  "/questions/:id": ["GET"],
  "/questions/:id/answers": ["POST"],
  "/topics": ["GET"],
  "/topics/:topicSlug": ["GET"],
  "/places/:citySlug/:serviceSlug": ["GET"],
  "/openapi.json": ["GET"],
  ...MEMBER_API_ROUTES,
} as const;

// ---------------------------------------------------------------- shaping

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

/** Turns a refused post (validation, personal details, missing question, rate limit) into an API error. */
function postFailure(result: Extract<PostResult, { ok: false }>): ApiError {
  if (result.status === 429) {
    return new ApiError(429, "rate_limited", result.message, { headers: { "Retry-After": String(result.retryAfter ?? 60) } });
  }
  if (result.status === 404) return notFound(result.message);
  if (result.warning) return new ApiError(400, "personal_details", result.warning);
  const errors = Object.fromEntries(Object.entries(result.errors).filter((e): e is [string, string] => typeof e[1] === "string"));
  return new ApiError(400, "validation_failed", result.message, { errors });
}

// ---------------------------------------------------------------- the router

export function createApiRouter(runtime: Runtime) {
  const { db, env, log, limiter } = runtime;
  const router = express.Router();
  const issuer = String(runtime.auth.options.baseURL ?? env.SITE_URL);
  const tokens = createTokenVerifier({
    getJwks: () => runtime.auth.api.getJwks(),
    issuer,
    audience: issuer,
    userExists: (id) => userExists(db, id),
    sessionOpen: (userId, sessionId) => sessionOpen(db, userId, sessionId),
  });
  let openApiDocument: ReturnType<typeof createOpenApiDocument> | undefined;

  router.use(cors);
  // Every successful write tells the freshness authority as its answer goes out (sendJson).
  router.use((_req, res, next) => {
    res.locals.freshness = runtime.freshness;
    next();
  });
  for (const [path, methods] of Object.entries(API_ROUTES)) router.options(path, preflight([...methods]));

  // One budget per client address for every request.
  router.use(async (req, _res, next) => {
    try {
      await limiter.consume("api", req.ip ?? "unknown");
    } catch (error) {
      if (error instanceof RateLimitedError) {
        throw new ApiError(429, "rate_limited", error.message, { headers: { "Retry-After": String(error.retryAfterSeconds) } });
      }
      throw error;
    }
    next();
  });

  /** The token's member id, or a 401 naming what is wrong with it; cookies are never looked at. */
  async function tokenUser(authorization: string | undefined) {
    const check = await tokens.verify(authorization);
    if (!check.ok) {
      const challenge = check.code === "missing_token" ? 'Bearer realm="api"' : `Bearer realm="api", error="invalid_token", error_description="${check.message.replace(/"/g, "'")}"`;
      throw new ApiError(401, check.code, check.message, { headers: { "WWW-Authenticate": challenge } });
    }
    return check.userId;
  }

  // Reads may be cached, but must be revalidated (Express adds an ETag). A read without a token is
  // public; one that sends a bearer token gets it checked, so a bad or expired token answers 401
  // instead of silently reading as a visitor (a client would otherwise post with it and fail later).
  const read: RequestHandler = async (req, res, next) => {
    if (/^Bearer\b/i.test(req.headers.authorization ?? "")) await tokenUser(req.headers.authorization);
    res.setHeader("Cache-Control", "no-cache");
    next();
  };

  /** The token's subject becomes `res.locals.userId`. */
  const requireToken: RequestHandler = async (req, res, next) => {
    res.locals.userId = await tokenUser(req.headers.authorization);
    next();
  };

  const requireJson: RequestHandler = (req, _res, next) => {
    if (req.is(["application/json", "application/*+json"]) === false) {
      throw new ApiError(415, "unsupported_media_type", "Send the body as JSON with 'Content-Type: application/json'.");
    }
    next();
  };

  const jsonBody = jsonBodyParser(MAX_BODY);

  /** The body as an object with the API's own fields checked; the form fields are checked by the posting rules. */
  function postBody(body: unknown) {
    if (body === undefined) body = {};
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new ApiError(400, "invalid_body", "The request body must be a JSON object.");
    }
    const extras = ApiPostExtrasSchema.safeParse(body);
    if (!extras.success) {
      const errors = Object.fromEntries(extras.error.issues.map((i) => [String(i.path[0] ?? "body"), i.message]));
      throw new ApiError(400, "validation_failed", "Please check the highlighted fields.", { errors });
    }
    return { fields: body as Record<string, unknown>, acknowledgePersonal: extras.data.acknowledgePersonal === true };
  }

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

  router.post("/questions", requireToken, requireJson, jsonBody, async (req, res) => {
    const { fields, acknowledgePersonal } = postBody(req.body);
    const result = await postQuestion(runtime, res.locals.userId as string, {
      title: fields.title,
      content: fields.content,
      submissionKey: fields.submissionKey,
      acknowledgePersonal,
      topicSlug: fields.topicSlug,
    });
    if (!result.ok) throw postFailure(result);
    res.setHeader("Location", `${req.baseUrl}/questions/${result.id}`);
    sendJson(res, result.created ? 201 : 200, QuestionCreatedSchema, { id: result.id, created: result.created });
  });

  router.post("/questions/:id/answers", requireToken, requireJson, jsonBody, async (req, res) => {
    const id = String(req.params.id);
    if (!QUESTION_ID.test(id)) throw notFound("Question not found");
    const { fields, acknowledgePersonal } = postBody(req.body);
    const questionId = Number(id);
    const result = await postAnswer(runtime, res.locals.userId as string, questionId, {
      content: fields.content,
      submissionKey: fields.submissionKey,
      acknowledgePersonal,
    });
    if (!result.ok) throw postFailure(result);
    res.setHeader("Location", `${req.baseUrl}/questions/${questionId}`);
    sendJson(res, result.created ? 201 : 200, AnswerCreatedSchema, { id: result.id, questionId, created: result.created });
  });

  router.use(createMemberRoutes(runtime, { requireToken, requireJson, jsonBody }));

  router.get("/openapi.json", (_req, res) => {
    openApiDocument ??= createOpenApiDocument({ apiUrl: `${env.SITE_URL}${API_BASE}`, siteUrl: env.SITE_URL, supportEmail: env.SUPPORT_EMAIL });
    res.setHeader("Cache-Control", "public, max-age=300");
    res.json(openApiDocument);
  });

  for (const [path, methods] of Object.entries(API_ROUTES)) router.all(path, methodNotAllowed([...methods]));
  router.use(() => {
    throw notFound("No such endpoint. The API's routes are listed at /api/v1/openapi.json.");
  });
  router.use(errorHandler(log));
  return router;
}
