// The pieces every operation of the OpenAPI document is built from: its error responses (each one
// declares its 405 and the 503 of a database outage, as the router answers them), the tags, and
// the read, member and write operation shapes. ./openapi.ts lists the operations themselves.
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { ErrorSchema } from "./schemas";

export const json = (schema: z.ZodType) => ({ "application/json": { schema } });

const retryAfter = z.object({
  "Retry-After": z.string().meta({ description: "Seconds to wait before trying again.", example: "42" }),
});

const ERRORS = {
  400: "Invalid input: the fields named in `errors` (validation_failed), an email address or phone number to confirm with acknowledgePersonal (personal_details), a body that is valid JSON but not an object, such as null or 123 (invalid_body), malformed JSON (invalid_json), a bad page number (validation_failed), or a request that could not be read at all (bad_request).",
  403: "Not allowed: marking one's own answer (own_answer), choosing the answer that helped most on another member's question (forbidden), or posting while a moderator has paused the member's posting (silenced: the message says until when; nothing was stored).",
  401: "No token (missing_token), a token not signed by this site ('Invalid JWT signature', invalid_jwt), an expired token (jwt_expired), a token for another issuer or audience (invalid_jwt_claims), a deleted account (unknown_user), or a token whose session has ended: signed out, password changed or session removed (session_ended).",
  404: "Not found (not_found).",
  409: "The draft was saved from another version than the one sent (version_conflict): another tab or device saved it, or it was posted or discarded. Read it again (GET) and choose which text to keep.",
  405: "Another method than this path allows (method_not_allowed): the Allow header lists the ones it does.",
  413: "The body is larger than 64 KB (payload_too_large).",
  415: "The body is not JSON (unsupported_media_type).",
  429: "Too many requests (rate_limited): wait for Retry-After seconds.",
  500: "Something went wrong on our side (internal).",
  503: "The database is briefly unavailable (unavailable): try again after Retry-After seconds.",
} as const;

const allow = z.object({ Allow: z.string().meta({ description: "The methods this path allows.", example: "GET, HEAD, OPTIONS" }) });

export function errors(...statuses: (keyof typeof ERRORS)[]): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const status of statuses) {
    out[`${status}`] = {
      description: ERRORS[status],
      content: json(ErrorSchema),
      ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
      ...(status === 405 ? { headers: allow } : {}),
    };
  }
  return out;
}

// The groups a client's generated code and a documentation viewer sort operations into; an
// operation can only name a tag listed here, so none is left undescribed.
export const TAGS = {
  Community: "Site-wide counters and the latest activity, as the home page shows them.",
  Blog: "The community's published articles.",
  Forum: "Questions and their answers, filed under topics: anyone may read them, members post them with a bearer token.",
  Notifications: "A member's notifications: answers to their questions and to questions they follow, and their answers found helpful.",
  Drafts:
    "A member's unfinished questions, answers, edits and stories, kept per thing written and versioned, so that two tabs or devices never overwrite each other unseen.",
  Places: "Local pages: one service in one city, as the site's city-service pages show it.",
  Meta: "This description of the API.",
} as const;

/**
 * What names and explains an operation. Generated clients call it by `operationId`, so an id is
 * part of the API's contract: keep it when the wording around it changes.
 */
export interface About {
  operationId: string;
  tags: [keyof typeof TAGS];
  summary: string;
  description: string;
}

/** Reads need no token, but a bearer token sent with one is checked as for writes. */
const READ_401 =
  "A bearer token was sent but is not valid: not signed by this site ('Invalid JWT signature', invalid_jwt), expired (jwt_expired), " +
  "for another issuer or audience (invalid_jwt_claims), for a deleted account (unknown_user), or from a session that has ended (session_ended). Without an Authorization header the read is public.";

export function read(about: About, schema: z.ZodType, extra: Partial<ZodOpenApiOperationObject> = {}, statuses: (keyof typeof ERRORS)[] = []) {
  return {
    ...about,
    ...extra,
    responses: {
      200: { description: "OK", content: json(schema) },
      ...errors(...statuses),
      401: { description: READ_401, content: json(ErrorSchema) },
      ...errors(405, 429, 500, 503),
    },
  } satisfies ZodOpenApiOperationObject;
}

/** A member's own read or write: a bearer token is required, the answer is the member's state. */
export function member(about: About, schema: z.ZodType, extra: Partial<ZodOpenApiOperationObject> = {}, statuses: (keyof typeof ERRORS)[] = []) {
  return {
    ...about,
    security: [{ bearerAuth: [] }],
    ...extra,
    responses: {
      200: { description: "OK", content: json(schema) },
      ...errors(...statuses, 401, 405, 429, 500, 503),
    },
  } satisfies ZodOpenApiOperationObject;
}

export function write(
  about: About,
  body: z.ZodType,
  created: z.ZodType,
  extra: Partial<ZodOpenApiOperationObject> = {},
  statuses: (keyof typeof ERRORS)[] = [],
) {
  const location = z.object({ Location: z.string().meta({ description: "The question's API path." }) });
  return {
    ...about,
    security: [{ bearerAuth: [] }],
    ...extra,
    requestBody: { required: true, content: json(body) },
    responses: {
      201: { description: "Stored.", headers: location, content: json(created) },
      200: { description: "Already stored with this submission key: nothing new was stored.", headers: location, content: json(created) },
      ...errors(400, 401, 403, ...statuses, 405, 413, 415, 429, 500, 503),
    },
  } satisfies ZodOpenApiOperationObject;
}
