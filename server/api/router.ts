// The versioned JSON API, mounted at /api/v1 by server/app.ts. Reads are public (published posts,
// visible questions and answers, active city pages), but a bearer token sent with a read is checked
// like a write's, so a client learns its token is bad; writes need a bearer JWT from Better Auth and
// go through the same posting rules as the web forms. Every handler is thin: validate, one call
// into a domain module, shape the response with the schemas in ./schemas.ts.
import express, { type RequestHandler } from "express";
import { sessionOpen, userExists } from "~/server/accounts/accounts.server";
import { postAnswer, postQuestion, type PostResult } from "~/server/forum/forum.server";
import { RateLimitedError } from "~/server/infra/rate-limit.server";
import type { Runtime } from "~/server/runtime.server";
import { createTokenVerifier } from "./bearer";
import { createMemberRoutes, MEMBER_API_ROUTES } from "./member-routes";
import { createTopicFollowRoutes, TOPIC_FOLLOW_API_ROUTES } from "./topic-follow-routes";
import { createReadRoutes } from "./read-routes";
import { ApiError, cors, errorHandler, jsonBodyParser, methodNotAllowed, notFound, preflight, sendJson } from "./http";
import { createOpenApiDocument } from "./openapi";
import { AnswerCreatedSchema, ApiPostExtrasSchema, QUESTION_ID, QuestionCreatedSchema } from "./schemas";

export const API_BASE = "/api/v1";
export const MAX_BODY = "64kb";

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
  ...TOPIC_FOLLOW_API_ROUTES,
} as const;

// ---------------------------------------------------------------- shaping
/** Turns a refused post (validation, personal details, missing question, rate limit) into an API error. */
function postFailure(result: Extract<PostResult, { ok: false }>): ApiError {
  if (result.status === 429) {
    return new ApiError(429, "rate_limited", result.message, { headers: { "Retry-After": String(result.retryAfter ?? 60) } });
  }
  if (result.status === 404) return notFound(result.message);
  if (result.status === 403) return new ApiError(403, "silenced", result.message);
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
      const challenge =
        check.code === "missing_token"
          ? 'Bearer realm="api"'
          : `Bearer realm="api", error="invalid_token", error_description="${check.message.replace(/"/g, "'")}"`;
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

  router.use(createReadRoutes(runtime, read));

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
  router.use(createTopicFollowRoutes(runtime, requireToken));

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
