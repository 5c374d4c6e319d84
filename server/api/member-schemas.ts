// The contract of the API's member endpoints: a member's notifications, following questions,
// helpful marks, the asker's "Helped me most" and their drafts. Every one acts for the bearer token's member.
import { z } from "zod";
import "zod-openapi";
import { DRAFT_KINDS } from "~/lib/draft-kinds";
import { LIMITS } from "~/lib/limits";
import { NOTIFICATIONS_PAGE_SIZE } from "~/server/notifications/notifications.server";
import { PageQuerySchema } from "./schemas";

const id = z.number().int().positive();
const isoDate = z.iso.datetime().meta({ description: "ISO 8601 date and time, UTC", example: "2025-01-24T09:30:00.000Z" });

export const NotificationSchema = z
  .strictObject({
    id,
    kind: z.enum(["answer", "followed", "helpful", "helped-most"]).meta({
      description:
        "answer: someone answered the member's question; followed: someone answered a question they follow; helpful: someone found their answer helpful; helped-most: the asker says their answer helped most.",
    }),
    questionId: id,
    questionTitle: z.string(),
    answerId: id,
    author: z.string().meta({ description: "The answer's author: a display name, or 'Anonymous'." }),
    createdAt: isoDate,
    unread: z.boolean(),
  })
  .meta({ id: "Notification" });

export const NotificationPageSchema = z
  .strictObject({
    notifications: z.array(NotificationSchema).meta({ description: `Newest first, ${NOTIFICATIONS_PAGE_SIZE} a page, read and unread.` }),
    page: z.number().int().min(1),
    hasMore: z.boolean().meta({ description: "Whether a next page exists." }),
    unread: z.number().int().min(0).meta({ description: "All of the member's unread notifications, as the site's top bar counts them." }),
  })
  .meta({ id: "NotificationPage" });

export const MarkedReadSchema = z.strictObject({ marked: z.number().int().min(0).meta({ description: "How many were unread." }) }).meta({ id: "MarkedRead" });

export const FollowSchema = z.strictObject({ questionId: id, following: z.boolean() }).meta({ id: "Follow" });

export const HelpfulSchema = z
  .strictObject({ answerId: id, helpful: z.boolean().meta({ description: "Whether the member's mark is on the answer." }), count: z.number().int().min(0) })
  .meta({ id: "Helpful" });

export const HelpedMostSchema = z
  .strictObject({ questionId: id, answerId: id.nullable().meta({ description: "The answer the asker chose, or null when none is." }) })
  .meta({ id: "HelpedMost" });

export const HelpedMostBodySchema = z
  .strictObject({ answerId: id.meta({ description: "A visible answer to this question, not the asker's own." }) })
  .meta({ id: "HelpedMostBody" });

// Ids in paths are integers, as in every body, so a generated client takes the same number type.
export const AnswerIdParamSchema = z.object({
  id: z.number().int().min(1).max(999_999_999).meta({ description: "The answer's id.", example: 1 }),
});

/** The notifications' page: the lists' page number, with this list's own page size. */
export const NotificationsQuerySchema = z.object({
  page: PageQuerySchema.shape.page.meta({
    description: `Page number, from 1 (${NOTIFICATIONS_PAGE_SIZE} items a page). A page past the last one is empty.`,
    example: 1,
  }),
});

export const MarkReadBodySchema = z
  .strictObject({})
  .meta({ id: "MarkReadBody", description: "Optional: mark all read takes no fields, but a client that always sends a JSON object may send {}." });

// ---------------------------------------------------------------- drafts

export const DraftParamSchema = z.object({
  kind: z.enum(DRAFT_KINDS).meta({
    description:
      "What the draft is for: question (a new question), answer (an answer to question targetId), edit-question, edit-answer (an edit of that question or answer), story (a new story), story-version (a new version of story targetId).",
    example: "answer",
  }),
  targetId: z
    .number()
    .int()
    .min(0)
    .max(999_999_999)
    .meta({ description: "The question, answer or story the draft belongs to; 0 for a new question or story (and only for them).", example: 12 }),
});

export const DraftSchema = z
  .strictObject({
    kind: z.enum(DRAFT_KINDS),
    targetId: z.number().int().min(0),
    title: z.string().meta({ description: "The title as typed (empty for answers)." }),
    body: z.string().meta({ description: "The text as typed." }),
    version: z.number().int().min(1).meta({ description: "Raised by one on every save: send it back with the next save." }),
    updatedAt: isoDate,
  })
  .meta({ id: "Draft" });

export const DraftBodySchema = z
  .strictObject({
    title: z
      .string()
      .max(LIMITS.titleMax)
      .optional()
      .meta({ description: `Up to ${LIMITS.titleMax} characters; empty when left out.` }),
    body: z.string().meta({
      description: `The text: up to ${LIMITS.contentMax.toLocaleString("en-GB")} characters (${LIMITS.storyMax.toLocaleString("en-GB")} for story and story-version).`,
    }),
    version: z.number().int().min(0).max(999_999_999).meta({
      description:
        "The version this text was written over: 0 when there was no draft, else the version last read or saved. Any other version is refused (409).",
    }),
  })
  .meta({ id: "DraftBody" });

export const DraftDeletedSchema = z
  .strictObject({ kind: z.enum(DRAFT_KINDS), targetId: z.number().int().min(0), deleted: z.boolean().meta({ description: "Whether there was a draft." }) })
  .meta({ id: "DraftDeleted" });
