// The OpenAPI 3.1 description of /api/v1, generated from the zod schemas in ./schemas.ts (the same
// ones that validate requests and type the responses).
import { createDocument } from "zod-openapi";
import { NOTIFICATIONS_PAGE_SIZE } from "~/server/notifications/notifications.server";
import { errors, json, member, read, TAGS, write } from "./openapi-operations";
import {
  AnswerBodySchema,
  AnswerCreatedSchema,
  HomeSchema,
  PageQuerySchema,
  PlacePageSchema,
  PlaceParamSchema,
  PostPageSchema,
  PostSchema,
  QuestionBodySchema,
  QuestionCreatedSchema,
  QuestionIdParamSchema,
  QuestionListQuerySchema,
  QuestionPageSchema,
  QuestionSchema,
  SlugParamSchema,
  StatsSchema,
  TopicListSchema,
  TopicPageSchema,
  TopicQuerySchema,
  TopicSlugParamSchema,
} from "./schemas";
import {
  AnswerIdParamSchema,
  FollowSchema,
  HelpedMostBodySchema,
  HelpedMostSchema,
  HelpfulSchema,
  MarkedReadSchema,
  MarkReadBodySchema,
  NotificationPageSchema,
  NotificationsQuerySchema,
} from "./member-schemas";
import { DRAFT_PATHS } from "./openapi-drafts";
import { TOPIC_FOLLOW_PATHS } from "./topic-follow-schemas";

/** Where the document says the API lives and whom to ask about it (from the site's settings). */
export interface OpenApiSite {
  /** The API's base URL: SITE_URL followed by /api/v1. */
  apiUrl: string;
  siteUrl: string;
  supportEmail: string;
}

export function createOpenApiDocument({ apiUrl, siteUrl, supportEmail }: OpenApiSite) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Capsiva RA Community API",
      version: "1.0.0",
      description:
        "Read the community's published articles, forum questions and answers, counters and local pages; " +
        "members post questions and answers with a bearer JWT. Reads need no token, but a bad or expired token sent with a read is refused (401). Get one while signed in: GET /api/auth/token " +
        'with the session cookie answers {"token": "..."}; it is valid for 15 minutes. Public keys: /api/auth/jwks ' +
        "and /.well-known/jwks.json (EdDSA, Ed25519). Every client address may send 120 requests a minute.",
      contact: { name: "Capsiva RA Community support", url: `${siteUrl}/contact`, email: supportEmail },
    },
    servers: [{ url: apiUrl }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "A JWT from GET /api/auth/token (Better Auth). Cookies are never accepted by the API.",
        },
      },
    },
    paths: {
      "/stats": {
        get: read(
          {
            operationId: "getStats",
            tags: ["Community"],
            summary: "Counters",
            description: "Community members, visible questions (all, and those with an answer) and published articles.",
          },
          StatsSchema,
        ),
      },
      "/home": {
        get: read(
          {
            operationId: "getHome",
            tags: ["Community"],
            summary: "Latest activity",
            description: "The latest 3 published posts and the latest 3 visible questions, newest first.",
          },
          HomeSchema,
        ),
      },
      "/posts": {
        get: read(
          { operationId: "listPosts", tags: ["Blog"], summary: "Published posts", description: "Published blog posts, newest first, 20 a page." },
          PostPageSchema,
          { requestParams: { query: PageQuerySchema } },
          [400],
        ),
      },
      "/posts/{slug}": {
        get: read(
          {
            operationId: "getPost",
            tags: ["Blog"],
            summary: "One published post",
            description: "A published post by slug; unpublished and unknown posts are 404.",
          },
          PostSchema,
          { requestParams: { path: SlugParamSchema } },
          [404],
        ),
      },
      "/questions": {
        get: read(
          {
            operationId: "listQuestions",
            tags: ["Forum"],
            summary: "Forum questions",
            description:
              "Visible questions, 20 a page, each with its topic, answer count and first two visible answers: newest first, or only the unanswered ones, or the most recently active first (sort); all of them or one topic's (topic, a slug: an unknown topic is 404).",
          },
          QuestionPageSchema,
          { requestParams: { query: QuestionListQuerySchema } },
          [400, 404],
        ),
        post: write(
          {
            operationId: "createQuestion",
            tags: ["Forum"],
            summary: "Ask a question",
            description:
              "Posts a question as the token's member, with the web form's rules: title 1-200 and content 1-10,000 characters after trimming, an optional topic (topicSlug, one GET /topics lists), at most 5 questions in 10 minutes.",
          },
          QuestionBodySchema,
          QuestionCreatedSchema,
        ),
      },
      "/questions/{id}": {
        get: read(
          {
            operationId: "getQuestion",
            tags: ["Forum"],
            summary: "One question",
            description: "A visible question with all its visible answers, oldest first; hidden or unknown questions are 404.",
          },
          QuestionSchema,
          { requestParams: { path: QuestionIdParamSchema } },
          [404],
        ),
      },
      "/questions/{id}/answers": {
        post: write(
          {
            operationId: "createAnswer",
            tags: ["Forum"],
            summary: "Answer a question",
            description:
              "Posts an answer as the token's member, with the web form's rules: content 1-10,000 characters after trimming, at most 20 answers in 10 minutes.",
          },
          AnswerBodySchema,
          AnswerCreatedSchema,
          { requestParams: { path: QuestionIdParamSchema } },
          [404],
        ),
      },
      "/topics": {
        get: read(
          {
            operationId: "listTopics",
            tags: ["Forum"],
            summary: "Forum topics",
            description: "Every topic questions can be filed under, in the order the forum lists them, with its description and number of visible questions.",
          },
          TopicListSchema,
        ),
      },
      "/topics/{topicSlug}": {
        get: read(
          {
            operationId: "getTopic",
            tags: ["Forum"],
            summary: "One topic and its questions",
            description: "A topic with its visible questions, 20 a page, in the same orders as GET /questions (sort). An unknown topic is 404.",
          },
          TopicPageSchema,
          { requestParams: { path: TopicSlugParamSchema, query: TopicQuerySchema } },
          [400, 404],
        ),
      },
      "/places/{citySlug}/{serviceSlug}": {
        get: read(
          {
            operationId: "getPlacePage",
            tags: ["Places"],
            summary: "A city-service page",
            description: "The city, the service and the page (the stored record, or the generated default page). A missing or inactive city or service is 404.",
          },
          PlacePageSchema,
          { requestParams: { path: PlaceParamSchema } },
          [404],
        ),
      },
      "/notifications": {
        get: member(
          {
            operationId: "listNotifications",
            tags: ["Notifications"],
            summary: "The member's notifications",
            description: `Newest first, ${NOTIFICATIONS_PAGE_SIZE} a page, read and unread, with the member's unread count. Notifications about hidden questions or answers are left out.`,
          },
          NotificationPageSchema,
          { requestParams: { query: NotificationsQuerySchema } },
          [400],
        ),
      },
      "/notifications/read": {
        post: member(
          {
            operationId: "markAllNotificationsRead",
            tags: ["Notifications"],
            summary: "Mark all read",
            description: "Marks every unread notification of the member as read. The body is optional: none, or an empty JSON object.",
          },
          MarkedReadSchema,
          { requestBody: { required: false, content: json(MarkReadBodySchema) } },
          [400, 413, 415],
        ),
      },
      "/questions/{id}/follow": {
        put: member(
          {
            operationId: "followQuestion",
            tags: ["Forum"],
            summary: "Follow a question",
            description: "The member is notified of each new answer to the question. Following twice is the same as once. A hidden or unknown question is 404.",
          },
          FollowSchema,
          { requestParams: { path: QuestionIdParamSchema } },
          [404],
        ),
        delete: member(
          {
            operationId: "unfollowQuestion",
            tags: ["Forum"],
            summary: "Stop following a question",
            description:
              "No more notifications of the question's answers. Stopping twice is the same as once. A hidden or unknown question is 404, as for following.",
          },
          FollowSchema,
          { requestParams: { path: QuestionIdParamSchema } },
          [404],
        ),
      },
      "/answers/{id}/helpful": {
        put: member(
          {
            operationId: "markAnswerHelpful",
            tags: ["Forum"],
            summary: "Mark an answer helpful",
            description: "One mark per member; marking again changes nothing. Not on one's own answer (403). The author is notified of a new mark.",
          },
          HelpfulSchema,
          { requestParams: { path: AnswerIdParamSchema } },
          [403, 404],
        ),
        delete: member(
          { operationId: "unmarkAnswerHelpful", tags: ["Forum"], summary: "Take back a helpful mark", description: "Removes the member's mark, if any." },
          HelpfulSchema,
          { requestParams: { path: AnswerIdParamSchema } },
          [403, 404],
        ),
      },
      "/questions/{id}/helped-most": {
        put: member(
          {
            operationId: "chooseHelpedMost",
            tags: ["Forum"],
            summary: "Choose the answer that helped most",
            description:
              "Only the asker, for a visible answer to this question that is not their own; choosing another moves the choice. Its author is notified.",
          },
          HelpedMostSchema,
          { requestParams: { path: QuestionIdParamSchema }, requestBody: { required: true, content: json(HelpedMostBodySchema) } },
          [400, 403, 404, 413, 415],
        ),
        delete: member(
          {
            operationId: "clearHelpedMost",
            tags: ["Forum"],
            summary: "Clear the choice",
            description: "Only the asker. No answer is shown as the one that helped most.",
          },
          HelpedMostSchema,
          { requestParams: { path: QuestionIdParamSchema } },
          [403, 404],
        ),
      },
      ...DRAFT_PATHS,
      ...TOPIC_FOLLOW_PATHS,
      "/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          tags: ["Meta"],
          summary: "This document",
          description: "The OpenAPI 3.1 description of this API: its operations, their parameters, bodies, responses and errors. Needs no token.",
          responses: {
            200: { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } },
            ...errors(405, 429),
          },
        },
      },
    },
  });
}
