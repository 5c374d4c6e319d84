// The JSON API's plumbing: one error shape for every failure, typed JSON responses, CORS and the
// final error handler (bad input is always a 4xx; anything else is a logged 500 without bodies).
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import { isDatabaseUnavailable } from "~/server/infra/db.server";
import type { Logger } from "~/server/infra/log.server";
import { PageQuerySchema, type ApiErrorBody } from "./schemas";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);

/** Sends `body` as JSON; the schema types what may be sent (the tests check the real output with it). */
export function sendJson<S extends z.ZodType>(res: Response, status: number, _schema: S, body: z.output<S>) {
  res.status(status).json(body);
}

function sendError(res: Response, error: ApiError) {
  for (const [name, value] of Object.entries(error.extra.headers ?? {})) res.setHeader(name, value);
  const body: ApiErrorBody = { message: error.message, code: error.code };
  if (error.extra.errors && Object.keys(error.extra.errors).length > 0) body.errors = error.extra.errors;
  res.setHeader("Cache-Control", "no-store");
  res.status(error.status).json(body);
}

/** Every origin may read, and may write with a bearer token: tokens are not ambient credentials. */
export const cors: RequestHandler = (_req, res, next) => {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", "Retry-After, Location, WWW-Authenticate, X-Request-Id");
  next();
};

export function preflight(methods: string[]): RequestHandler {
  const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return (_req, res) => {
    res.setHeader("Access-Control-Allow-Methods", allow);
    res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type");
    res.setHeader("Access-Control-Max-Age", "600");
    res.setHeader("Allow", allow);
    res.status(204).end();
  };
}

export function methodNotAllowed(methods: string[]): RequestHandler {
  const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return (req) => {
    throw new ApiError(405, "method_not_allowed", `${req.method} is not allowed here. Allowed: ${allow}.`, { headers: { Allow: allow } });
  };
}

/**
 * JSON bodies up to `limit`. Any JSON value is parsed (strict: false), so a bare `null` or `123`
 * reaches the handler and is refused as invalid_body; only malformed JSON is invalid_json.
 */
export const jsonBodyParser = (limit: string) => express.json({ limit, strict: false, type: ["application/json", "application/*+json"] });

// body-parser's errors carry a `type`; their messages are safe, but the error object may hold the body.
const BODY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  "entity.parse.failed": { status: 400, code: "invalid_json", message: "The request body is not valid JSON." },
  "entity.too.large": { status: 413, code: "payload_too_large", message: "The request body is larger than 64 KB." },
  "encoding.unsupported": { status: 415, code: "unsupported_media_type", message: "Unsupported content encoding." },
  "charset.unsupported": { status: 415, code: "unsupported_media_type", message: "Send the body as UTF-8 JSON." },
  "request.aborted": { status: 400, code: "invalid_body", message: "The request body was cut short." },
  "request.size.invalid": { status: 400, code: "invalid_body", message: "The request body does not match its Content-Length." },
};

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof ApiError) return sendError(res, error);
    const type = (error as { type?: unknown })?.type;
    const known = typeof type === "string" ? BODY_ERRORS[type] : undefined;
    if (known) return sendError(res, new ApiError(known.status, known.code, known.message));
    const status = (error as { status?: unknown })?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return sendError(res, new ApiError(status, "bad_request", "The request could not be read."));
    }
    if (isDatabaseUnavailable(error)) {
      log.warn({ reqId: res.getHeader("X-Request-Id"), method: req.method, path: req.baseUrl + req.path, err: error }, "database unavailable");
      return sendError(
        res,
        new ApiError(503, "unavailable", "The service is temporarily unavailable. Please try again shortly.", { headers: { "Retry-After": "5" } }),
      );
    }
    log.error({ reqId: res.getHeader("X-Request-Id"), method: req.method, path: req.baseUrl + req.path, err: error }, "api request failed");
    sendError(res, new ApiError(500, "internal", "Internal error"));
  };
}

/** The `page` query parameter (1 when absent), or a 400 naming what is wrong with it. */
export function pageParam(query: unknown) {
  const parsed = PageQuerySchema.safeParse(query);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid page";
    throw new ApiError(400, "validation_failed", message, { errors: { page: message } });
  }
  return parsed.data.page ?? 1;
}
