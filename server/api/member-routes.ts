// The API's member endpoints (mounted by ./router.ts under its token, rate-limit and freshness
// middleware): a member's notifications, following a question, helpful marks, the asker's
// "Helped me most" and their drafts. PUT and DELETE set and clear, so a client may repeat a
// request safely (a draft's PUT says the version it was written over, and is refused otherwise).
import express, { type RequestHandler } from "express";
import {
  chooseHelpedMost,
  clearHelpedMost,
  followQuestion,
  ForbiddenError,
  helpfulCount,
  NotFoundError,
  OwnAnswerError,
  setHelpful,
  unfollowQuestion,
} from "~/server/forum/forum.server";
import { listNotifications, markAllRead, unreadCount } from "~/server/notifications/notifications.server";
import { deleteDraft, draftKeyOf, draftTargetExists, getDraft, saveDraft, type Draft, type DraftKey } from "~/server/drafts/drafts.server";
import { isRateLimited } from "~/server/infra/rate-limit.server";
import type { Runtime } from "~/server/runtime.server";
import { ApiError, notFound, pageParam, sendJson } from "./http";
import {
  DraftBodySchema,
  DraftDeletedSchema,
  DraftSchema,
  FollowSchema,
  HelpedMostBodySchema,
  HelpedMostSchema,
  HelpfulSchema,
  MarkedReadSchema,
  MarkReadBodySchema,
  NotificationPageSchema,
} from "./member-schemas";

export const MEMBER_API_ROUTES = {
  "/notifications": ["GET"],
  "/notifications/read": ["POST"],
  "/questions/:id/follow": ["PUT", "DELETE"],
  "/questions/:id/helped-most": ["PUT", "DELETE"],
  "/answers/:id/helpful": ["PUT", "DELETE"],
  "/drafts/:kind/:targetId": ["GET", "PUT", "DELETE"],
} as const;

const ROW_ID = /^[0-9]{1,9}$/;

function rowId(value: unknown, what: "Question" | "Answer") {
  const text = String(value);
  if (!ROW_ID.test(text) || Number(text) < 1) throw notFound(`${what} not found`);
  return Number(text);
}

/** A JSON body must be an object: a bare value (null, 123, "text") or an array is refused. */
function objectBody(body: unknown, optional = false): Record<string, unknown> {
  if (optional && body === undefined) return {};
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "invalid_body", "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** The forum's refusals as API errors. */
function refusal(error: unknown, what: "Question" | "Answer"): never {
  if (error instanceof NotFoundError) throw notFound(`${what} not found`);
  if (error instanceof OwnAnswerError) throw new ApiError(403, "own_answer", "Members cannot mark their own answer.");
  if (error instanceof ForbiddenError)
    throw new ApiError(403, "forbidden", "Only the member who asked the question can choose the answer that helped them most.");
  throw error;
}

/** A draft's kind and target from the path; anything else is not a draft there can be. */
function draftKey(params: Record<string, unknown>) {
  const key = draftKeyOf(params.kind, params.targetId);
  if (!key) throw notFound("No such draft: the kinds and their targets are listed at /api/v1/openapi.json.");
  return key;
}

const shownDraft = (key: DraftKey, draft: Draft) => ({
  ...key,
  title: draft.title,
  body: draft.body,
  version: draft.version,
  updatedAt: draft.updatedAt.toISOString(),
});

export function createMemberRoutes(runtime: Runtime, middleware: { requireToken: RequestHandler; requireJson: RequestHandler; jsonBody: RequestHandler }) {
  const { db } = runtime;
  const { requireToken, requireJson, jsonBody } = middleware;
  const router = express.Router();
  const member = (res: express.Response) => res.locals.userId as string;

  router.get("/notifications", requireToken, async (req, res) => {
    const page = pageParam(req.query);
    const [list, unread] = await Promise.all([
      listNotifications(db, member(res), page, { accountNotices: false }),
      unreadCount(db, member(res), { accountNotices: false }),
    ]);
    res.setHeader("Cache-Control", "private, no-store");
    sendJson(res, 200, NotificationPageSchema, {
      notifications: list.items.map(({ authorName, ...n }) => ({ ...n, author: authorName })),
      page,
      hasMore: list.hasMore,
      unread,
    });
  });

  // The body is optional and carries nothing; a client that always sends one may send {}.
  const noBodyOrJson: RequestHandler = (req, res, next) =>
    Number(req.headers["content-length"] ?? 0) === 0 && !req.headers["transfer-encoding"] ? next() : requireJson(req, res, next);
  router.post("/notifications/read", requireToken, noBodyOrJson, jsonBody, async (req, res) => {
    // The document says the body is nothing or {}: a field it does not know is refused, not ignored,
    // so a client learns at once that it is sending something this operation never reads.
    const body = MarkReadBodySchema.safeParse(objectBody(req.body, true));
    if (!body.success) {
      const fields = body.error.issues.flatMap((issue) => (issue.code === "unrecognized_keys" ? issue.keys : []));
      throw new ApiError(400, "validation_failed", "Mark all read takes no fields.", {
        errors: Object.fromEntries(fields.map((f) => [f, "Not a field of this operation."])),
      });
    }
    sendJson(res, 200, MarkedReadSchema, { marked: await markAllRead(runtime, member(res)) });
  });

  router.put("/questions/:id/follow", requireToken, async (req, res) => {
    const questionId = rowId(req.params.id, "Question");
    await followQuestion(runtime, questionId, member(res)).catch((error: unknown) => refusal(error, "Question"));
    sendJson(res, 200, FollowSchema, { questionId, following: true });
  });

  router.delete("/questions/:id/follow", requireToken, async (req, res) => {
    const questionId = rowId(req.params.id, "Question");
    await unfollowQuestion(runtime, questionId, member(res)).catch((error: unknown) => refusal(error, "Question"));
    sendJson(res, 200, FollowSchema, { questionId, following: false });
  });

  for (const want of [true, false]) {
    router[want ? "put" : "delete"]("/answers/:id/helpful", requireToken, async (req, res) => {
      const answerId = rowId(req.params.id, "Answer");
      const { marked } = await setHelpful(runtime, answerId, member(res), want).catch((error: unknown) => refusal(error, "Answer"));
      sendJson(res, 200, HelpfulSchema, { answerId, helpful: marked, count: await helpfulCount(db, answerId) });
    });
  }

  router.put("/questions/:id/helped-most", requireToken, requireJson, jsonBody, async (req, res) => {
    const questionId = rowId(req.params.id, "Question");
    const body = HelpedMostBodySchema.safeParse(objectBody(req.body, true));
    if (!body.success) {
      throw new ApiError(400, "validation_failed", "Say which answer helped most.", {
        errors: { answerId: "answerId must be the id of an answer to this question" },
      });
    }
    const chosen = await chooseHelpedMost(runtime, questionId, body.data.answerId, member(res)).catch((error: unknown) => refusal(error, "Answer"));
    sendJson(res, 200, HelpedMostSchema, { questionId, answerId: chosen.answerId });
  });

  router.delete("/questions/:id/helped-most", requireToken, async (req, res) => {
    const questionId = rowId(req.params.id, "Question");
    await clearHelpedMost(runtime, questionId, member(res)).catch((error: unknown) => refusal(error, "Question"));
    sendJson(res, 200, HelpedMostSchema, { questionId, answerId: null });
  });

  // A draft is the member's alone and private: never stored by a cache, never logged.
  router.get("/drafts/:kind/:targetId", requireToken, async (req, res) => {
    const key = draftKey(req.params);
    const draft = await getDraft(db, member(res), key);
    if (!draft) throw notFound("No draft");
    res.setHeader("Cache-Control", "private, no-store");
    sendJson(res, 200, DraftSchema, shownDraft(key, draft));
  });

  router.put("/drafts/:kind/:targetId", requireToken, requireJson, jsonBody, async (req, res) => {
    const key = draftKey(req.params);
    const body = DraftBodySchema.safeParse(objectBody(req.body));
    if (!body.success) {
      const errors = Object.fromEntries(body.error.issues.map((i) => [String(i.path[0] ?? "body"), i.message]));
      throw new ApiError(400, "validation_failed", "Please check the highlighted fields.", { errors });
    }
    const saved = await saveDraft(runtime, member(res), key, { title: body.data.title ?? "", body: body.data.body, baseVersion: body.data.version }).catch(
      (error: unknown) => {
        if (isRateLimited(error)) throw new ApiError(429, "rate_limited", error.message, { headers: { "Retry-After": String(error.retryAfterSeconds) } });
        throw error;
      },
    );
    if (!saved.ok && saved.reason === "no-target") throw notFound("Nothing to write a draft for: no such question, answer or story");
    if (!saved.ok && saved.reason === "too-long") {
      throw new ApiError(400, "validation_failed", "Please check the highlighted fields.", { errors: { [saved.field]: `At most ${saved.max} characters.` } });
    }
    if (!saved.ok) {
      throw new ApiError(
        409,
        "version_conflict",
        "This draft was saved from another version: another tab or device saved it, or it was posted or discarded. Read it again and choose which text to keep.",
      );
    }
    res.setHeader("Cache-Control", "private, no-store");
    sendJson(res, 200, DraftSchema, shownDraft(key, saved.draft));
  });

  router.delete("/drafts/:kind/:targetId", requireToken, async (req, res) => {
    const key = draftKey(req.params);
    if (!(await draftTargetExists(db, key))) throw notFound("Nothing to write a draft for: no such question, answer or story");
    const { deleted } = await deleteDraft(runtime, member(res), key);
    sendJson(res, 200, DraftDeletedSchema, { ...key, deleted });
  });

  return router;
}
