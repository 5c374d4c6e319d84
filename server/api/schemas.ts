// The JSON API's contract: request and response schemas in zod. The OpenAPI document is generated
// from these, the handlers are typed by them, and the tests validate real responses against them.
// Request bodies reuse the forms' schemas (app/lib/validation.ts): the API accepts exactly what the
// web forms accept.
import { z } from "zod";
import "zod-openapi";
import { FORUM_SORTS, TOPIC_SLUG, TOPIC_SLUG_MAX } from "~/lib/forum-list";
import { answerSchema, LIMITS, questionSchema, SUBMISSION_KEY_PATTERN, SUBMISSION_KEY_RULE } from "~/lib/validation";

const id = z.number().int().positive();
const isoDate = z.iso.datetime().meta({ description: "ISO 8601 date and time, UTC", example: "2025-01-24T09:30:00.000Z" });
const count = z.number().int().min(0);

// ---------------------------------------------------------------- errors

export const ErrorSchema = z
  .strictObject({
    message: z.string().meta({ description: "A sentence a person can read." }),
    code: z.string().meta({
      description:
        "A stable machine-readable code: invalid_jwt, jwt_expired, invalid_jwt_claims, missing_token, unknown_user, session_ended, " +
        "validation_failed, personal_details, invalid_body, invalid_json, bad_request, payload_too_large, unsupported_media_type, " +
        "own_answer, forbidden, silenced, not_found, version_conflict, method_not_allowed, rate_limited, internal, unavailable.",
      example: "invalid_jwt",
    }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "Field name -> message, for validation errors.", example: { title: "Title is required" } }),
  })
  .meta({ id: "Error", description: "Every error answers with this shape." });

export type ApiErrorBody = z.infer<typeof ErrorSchema>;

// ---------------------------------------------------------------- reads

export const StatsSchema = z
  .strictObject({
    members: count.meta({ description: "Community members (profiles)." }),
    questions: count.meta({ description: "Visible forum questions." }),
    answeredQuestions: count.meta({ description: 'Visible questions with at least one visible answer (the home page\'s "Questions Answered").' }),
    articles: count.meta({ description: "Published blog posts." }),
  })
  .meta({ id: "Stats" });

export const HomePostSchema = z
  .strictObject({
    id,
    slug: z.string(),
    title: z.string(),
    excerpt: z.string().nullable(),
    preview: z.string().meta({ description: "The first 100 characters of the content's text (without Markdown marks), as on the home page's card." }),
    author: z.string().meta({ description: "The author's display name, or 'Anonymous' (as on the home page)." }),
    createdAt: isoDate,
  })
  .meta({ id: "HomePost" });

export const HomeQuestionSchema = z
  .strictObject({
    id,
    title: z.string(),
    preview: z.string().meta({ description: "The first 100 characters of the content's text (without Markdown marks), as on the home page's card." }),
    author: z.string().meta({ description: "The author's display name, or 'Anonymous'." }),
    answerCount: count,
    createdAt: isoDate,
  })
  .meta({ id: "HomeQuestion" });

export const HomeSchema = z
  .strictObject({
    posts: z.array(HomePostSchema).max(3).meta({ description: "The latest 3 published posts, newest first." }),
    questions: z.array(HomeQuestionSchema).max(3).meta({ description: "The latest 3 visible questions, newest first." }),
  })
  .meta({ id: "Home" });

const paging = {
  page: z.number().int().min(1).meta({ description: "The page asked for." }),
  pageCount: z.number().int().min(1).meta({ description: "How many pages there are (at least 1)." }),
  pageSize: z.number().int().min(1).meta({ description: "Items per page (20)." }),
  total: count.meta({ description: "Items on all pages." }),
};

export const PostSummarySchema = z
  .strictObject({
    id,
    slug: z.string(),
    title: z.string(),
    excerpt: z.string().nullable().meta({ description: "The excerpt the author wrote, if any." }),
    preview: z.string().meta({ description: "The excerpt, or the first 150 characters of the content's text without Markdown marks (the blog card's text)." }),
    author: z.string().meta({ description: "The author's display name, or 'A member'." }),
    createdAt: isoDate,
    updatedAt: isoDate,
    publishedAt: isoDate,
  })
  .meta({ id: "PostSummary" });

export const PostPageSchema = z.strictObject({ posts: z.array(PostSummarySchema), ...paging }).meta({ id: "PostPage" });

export const PostSchema = z
  .strictObject({
    id,
    slug: z.string(),
    title: z.string(),
    excerpt: z.string().nullable(),
    content: z.string().meta({
      description:
        "The text as its author wrote it, in the site's small Markdown: a blank line between paragraphs, **bold**, *italic*, lists, links. Typed HTML is text, not markup.",
    }),
    contentHtml: z.string().meta({
      description:
        'The content as the article page shows it: sanitised HTML of p, br, strong, em, code, ul, ol, li and a (http, https or mailto only, rel="ugc nofollow noopener noreferrer").',
    }),
    author: z.string().meta({ description: "The author's display name, or 'A member'." }),
    createdAt: isoDate,
    updatedAt: isoDate,
    publishedAt: isoDate,
  })
  .meta({ id: "Post" });

export const AnswerSchema = z
  .strictObject({
    id,
    content: z.string(),
    author: z.string().meta({ description: "The author's display name, or 'Anonymous'." }),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: "Answer" });

export const TopicRefSchema = z
  .strictObject({
    slug: z.string().meta({ description: "The topic's slug: GET /topics/{topicSlug} lists its questions.", example: "morning-stiffness" }),
    name: z.string().meta({ example: "Morning stiffness" }),
  })
  .meta({ id: "TopicRef", description: "The topic a question is filed under." });

const questionFields = {
  id,
  title: z.string(),
  content: z.string(),
  author: z.string().meta({ description: "The author's display name, or 'Anonymous'." }),
  answerCount: count.meta({ description: "Visible answers." }),
  topic: TopicRefSchema.nullable().meta({ description: "The question's topic, or null when it has none." }),
  createdAt: isoDate,
  updatedAt: isoDate,
};

export const QuestionSummarySchema = z
  .strictObject({
    ...questionFields,
    recentAnswers: z.array(AnswerSchema).max(2).meta({ description: "The first two visible answers, oldest first." }),
  })
  .meta({ id: "QuestionSummary" });

export const QuestionPageSchema = z.strictObject({ questions: z.array(QuestionSummarySchema), ...paging }).meta({ id: "QuestionPage" });

export const QuestionSchema = z
  .strictObject({
    ...questionFields,
    answers: z.array(AnswerSchema).meta({ description: "Every visible answer, oldest first." }),
  })
  .meta({ id: "Question" });

const topicFields = {
  slug: z.string().meta({ description: "The topic's slug, as in its web page /forum/topics/{slug}.", example: "morning-stiffness" }),
  name: z.string().meta({ example: "Morning stiffness" }),
  description: z.string().meta({ description: "One or two sentences about the topic; may be empty." }),
};

export const TopicSchema = z
  .strictObject({ ...topicFields, questionCount: count.meta({ description: "Visible questions filed under the topic." }) })
  .meta({ id: "Topic" });

export const TopicListSchema = z
  .strictObject({ topics: z.array(TopicSchema).meta({ description: "Every topic, in the order the forum lists them." }) })
  .meta({ id: "TopicList" });

const sortField = z.enum(FORUM_SORTS).meta({
  description:
    "newest: newest first (the default); unanswered: only questions without a visible answer, newest first; active: the most recent answer (or question) first.",
  example: "newest",
});

export const TopicPageSchema = z
  .strictObject({
    topic: z.strictObject(topicFields).meta({ description: "The topic itself." }),
    questions: z.array(QuestionSummarySchema),
    sort: sortField,
    ...paging,
  })
  .meta({ id: "TopicPage" });

export const PlacePageSchema = z
  .strictObject({
    path: z.string().meta({ description: "The web page's path, /{citySlug}/{serviceSlug}.", example: "/portland/pain-relief" }),
    city: z.strictObject({
      slug: z.string(),
      name: z.string(),
      state: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
    service: z.strictObject({ slug: z.string(), name: z.string() }),
    page: z.strictObject({
      id: id.nullable().meta({ description: "The stored page record's id; null when the generated default page is shown." }),
      isDefault: z.boolean(),
      metaTitle: z.string(),
      metaDescription: z.string(),
      content: z.string().meta({ description: "Sanitised HTML." }),
    }),
  })
  .meta({ id: "PlacePage" });

// ---------------------------------------------------------------- parameters

export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number of 1 or more" })
    .int("page must be a whole number of 1 or more")
    .min(1, "page must be a whole number of 1 or more")
    .max(1_000_000, "page must be at most 1,000,000")
    .optional()
    .meta({ description: "Page number, from 1 (20 items a page). A page past the last one is empty.", example: 1 }),
});

const SORT_MESSAGE = "sort must be newest, unanswered or active";
const sortQuery = z.enum(FORUM_SORTS, { error: SORT_MESSAGE }).optional().meta({
  description: "The order: newest (the default), unanswered (only those without a visible answer, newest first) or active (most recent activity first).",
  example: "active",
});

export const QuestionListQuerySchema = PageQuerySchema.extend({
  topic: z
    .string()
    .max(TOPIC_SLUG_MAX, "topic must be a topic's slug (GET /topics lists them)")
    .regex(TOPIC_SLUG, "topic must be a topic's slug (GET /topics lists them)")
    .optional()
    .meta({ description: "Only the questions of this topic (its slug; GET /topics lists them). An unknown topic is 404.", example: "morning-stiffness" }),
  sort: sortQuery,
});

export const TopicQuerySchema = PageQuerySchema.extend({ sort: sortQuery });

export const POST_SLUG = /^[a-z0-9-]{1,120}$/;
export const QUESTION_ID = /^[0-9]{1,9}$/;

export const SlugParamSchema = z.object({
  slug: z.string().regex(POST_SLUG).meta({ description: "The post's slug.", example: "living-well-with-ra" }),
});

export const QuestionIdParamSchema = z.object({
  id: z.number().int().min(1).max(999_999_999).meta({ description: "The question's id.", example: 1 }),
});

export const TopicSlugParamSchema = z.object({
  topicSlug: z.string().regex(TOPIC_SLUG).meta({ description: "The topic's slug.", example: "morning-stiffness" }),
});

export const PlaceParamSchema = z.object({
  citySlug: z.string().meta({ description: "An active city's slug.", example: "portland" }),
  serviceSlug: z.string().meta({ description: "An active service's slug.", example: "pain-relief" }),
});

// ---------------------------------------------------------------- writes

/** What the API adds to the forms' fields; the fields themselves are checked by postQuestion/postAnswer. */
export const ApiPostExtrasSchema = z.object({
  // The forms quietly drop a malformed key (the page makes its own); an API client sent this one
  // on purpose, so a key the server could not use is refused rather than ignored.
  submissionKey: z
    .string({ error: SUBMISSION_KEY_RULE })
    .regex(SUBMISSION_KEY_PATTERN, SUBMISSION_KEY_RULE)
    .optional()
    .meta({
      description:
        "1-64 letters, digits, '-' or '_'. Sending the same key again returns the post already stored (200) instead of a second one; " +
        "any other key is refused (400 validation_failed naming submissionKey) and nothing is stored.",
      example: "retry_7f3c-1",
    }),
  acknowledgePersonal: z
    .boolean({ error: "acknowledgePersonal must be true or false" })
    .optional()
    .meta({
      description:
        "Send true to post although the text contains an email address or phone number (the API answers 400 " +
        "personal_details first, as the web form warns).",
    }),
});

const lengths = (min: number, max: number, description: string) => ({ description, override: { minLength: min, maxLength: max } });

export const QuestionBodySchema = questionSchema
  .extend({
    title: questionSchema.shape.title.meta(lengths(1, LIMITS.titleMax, "Trimmed; 1-200 characters.")),
    content: questionSchema.shape.content.meta(lengths(1, LIMITS.contentMax, "Trimmed; 1-10,000 characters.")),
    topicSlug: z.string().nullable().optional().meta({
      description:
        "The slug of the topic to file the question under (GET /topics lists them); left out or null for none. An unknown slug is refused (400 validation_failed) and nothing is stored.",
      example: "morning-stiffness",
    }),
    ...ApiPostExtrasSchema.shape,
  })
  .meta({
    id: "QuestionBody",
    description: "The author is the token's subject; an author field in the body is ignored.",
  });

export const AnswerBodySchema = answerSchema
  .extend({
    content: answerSchema.shape.content.meta(lengths(1, LIMITS.contentMax, "Trimmed; 1-10,000 characters.")),
    ...ApiPostExtrasSchema.shape,
  })
  .meta({
    id: "AnswerBody",
    description: "The author is the token's subject; an author field in the body is ignored.",
  });

export const QuestionCreatedSchema = z
  .strictObject({
    id,
    created: z.boolean().meta({ description: "false when the submission key had already been used: nothing new was stored." }),
  })
  .meta({ id: "QuestionCreated" });

export const AnswerCreatedSchema = z
  .strictObject({
    id,
    questionId: id,
    created: z.boolean().meta({ description: "false when the submission key had already been used: nothing new was stored." }),
  })
  .meta({ id: "AnswerCreated" });
