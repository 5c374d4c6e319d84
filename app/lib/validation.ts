// Form schemas shared by the browser (field attributes) and the server (the real check).
// Text is normalised (NFC), control characters are stripped from single-line fields, and
// lengths are the ones in limits.ts.
import { z } from "zod";

// In the browser, zod must not probe for eval (its faster parsers compile with new Function): the
// Content-Security-Policy forbids it and every page would report a violation. Set before any
// schema is built; modules that build schemas for the browser import this one first.
if (typeof document !== "undefined") z.config({ jitless: true });

import { TOPIC_SLUG, TOPIC_SLUG_MAX } from "./forum-list";
import { LIMITS } from "./limits";
import { REPORT_CATEGORIES } from "./report-reasons";

export { LIMITS };

// C0/C1 control characters except tab and line breaks (kept in multi-line text).
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** One line of text: normalised, control characters removed, whitespace collapsed, trimmed. */
export const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((v) => v.normalize("NFC").replace(CONTROL_SINGLE, " ").replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`),
    );

/** Multi-line text: normalised, control characters removed, line breaks kept, trimmed. */
export const multiLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((v) => v.normalize("NFC").replace(/\r\n?/g, "\n").replace(CONTROL_MULTILINE, "").trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`),
    );

/** Largest id PostgreSQL's integer (serial) columns hold. */
export const MAX_ROW_ID = 2_147_483_647;

/** True for a number that can be a row id; anything else can only be "not found". */
export function isRowId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= MAX_ROW_ID;
}

/** A row id sent by a form. */
export const rowIdField = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * The hidden key that makes a double-submitted form store one row. The form sends a UUID; any
 * other value is ignored (as if none was sent) rather than stored.
 */
export const SUBMISSION_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const SUBMISSION_KEY_RULE = "submissionKey must be 1 to 64 letters, digits, '-' or '_'.";

const submissionKeyField = z.string().regex(SUBMISSION_KEY_PATTERN).optional().catch(undefined);

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .pipe(z.email("Please enter a valid email address"))
  .transform((v) => v.toLowerCase());

export const signInSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
});

// Length counts characters as people see them (an emoji is one), as NIST SP 800-63B asks; the
// server also refuses the most common passwords (account-policy.server.ts).
export const newPasswordField = z
  .string({ error: "Password is required" })
  .refine((v) => [...v].length >= LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .refine((v) => [...v].length <= LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const signUpSchema = z.object({ email: emailField, password: newPasswordField });

export const questionSchema = z.object({
  title: singleLine("Title", LIMITS.titleMax),
  content: multiLine("Content", LIMITS.contentMax),
  submissionKey: submissionKeyField,
});

export const answerSchema = z.object({
  content: multiLine("Answer", LIMITS.contentMax),
  submissionKey: submissionKeyField,
});

/**
 * A forum topic as an admin writes it. An empty slug is made from the name by the server; a
 * description is optional (the topic's page then says what it is about in general words).
 */
export const topicSchema = z.object({
  name: singleLine("Name", LIMITS.topicNameMax),
  slug: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(
      z
        .string()
        .max(TOPIC_SLUG_MAX, `Slug must be at most ${TOPIC_SLUG_MAX} characters`)
        .refine((v) => v === "" || TOPIC_SLUG.test(v), "Use lowercase letters, digits and single hyphens only"),
    ),
  description: z
    .string()
    .optional()
    .transform((v) => (v ?? "").normalize("NFC").replace(CONTROL_SINGLE, " ").replace(/\s+/g, " ").trim())
    .pipe(z.string().max(LIMITS.topicDescriptionMax, `Description must be at most ${LIMITS.topicDescriptionMax} characters`)),
});

// What a display name may not hold: line breaks, control characters, and format characters (the
// bidirectional overrides that show "\u202Enimda" as "admin", invisible spaces), private-use and
// lone surrogate code points. Refused, not cleaned: a name is shown to everyone as typed. The two
// joiners (U+200C, U+200D) stay: Persian and Indic names and emoji need them.
const NAME_FORBIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
export const NAME_FORBIDDEN_MESSAGE = "A display name must be one line of visible text, without line breaks or hidden formatting characters.";

/**
 * A display name: compatibility-normalised (NFKC: full-width and styled letters become plain
 * ones), one line of visible characters, spaces collapsed, 1 to 50 characters. Reserved names
 * are refused on the server (account-policy.server.ts).
 */
export const displayNameField = z
  .string({ error: "Display name is required" })
  .transform((v) => v.normalize("NFKC").trim())
  .refine((v) => !NAME_FORBIDDEN.test(v), NAME_FORBIDDEN_MESSAGE)
  .transform((v) => v.replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, "Display name is required")
      .max(LIMITS.displayNameMax, `Display name must be at most ${LIMITS.displayNameMax.toLocaleString("en-US")} characters`),
  );

/** A stored name as it may be shown: whatever a name may not hold is taken out (older names). */
export const visibleName = (name: string) => name.normalize("NFKC").replace(new RegExp(NAME_FORBIDDEN.source, "gu"), " ").replace(/\s+/g, " ").trim();

export const displayNameSchema = z.object({ displayName: displayNameField });

/**
 * A report: a reason chosen from the list, with words of the member's own beside it. Words are
 * needed for "Something else", and when no reason is chosen (a form without the list).
 */
export const reportSchema = z
  .object({
    targetType: z.enum(["question", "answer"]),
    targetId: rowIdField,
    category: z.enum(REPORT_CATEGORIES, { error: "Choose a reason from the list" }).default("other"),
    reason: z
      .string()
      .default("")
      .transform((v) => v.normalize("NFC").replace(/\r\n?/g, "\n").replace(CONTROL_MULTILINE, "").trim())
      .pipe(z.string().max(LIMITS.reportReasonMax, `Reason must be at most ${LIMITS.reportReasonMax.toLocaleString("en-US")} characters`)),
  })
  .superRefine((v, ctx) => {
    if (v.category === "other" && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Please say what is wrong with it" });
  });

export const slugField = z
  .string()
  .trim()
  .min(1, "Slug is required")
  .max(100, "Slug must be at most 100 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and single hyphens only");

export const postSchema = z.object({
  title: singleLine("Title", LIMITS.titleMax),
  slug: z.union([z.literal(""), slugField]).optional(),
  excerpt: z
    .string()
    .optional()
    .transform((v) => (v ?? "").normalize("NFC").replace(CONTROL_SINGLE, " ").trim())
    .pipe(z.string().max(300, "Excerpt must be at most 300 characters")),
  content: multiLine("Content", LIMITS.storyMax),
});

/** The post editor's fields as submitted (capped, so a huge body cannot be echoed back). */
export function postFormValues(form: FormData) {
  return {
    title: String(form.get("title") ?? "").slice(0, 1000),
    slug: String(form.get("slug") ?? "").slice(0, 200),
    excerpt: String(form.get("excerpt") ?? "").slice(0, 1000),
    content: String(form.get("content") ?? "").slice(0, 60_000),
  };
}

export const storySchema = z.object({
  title: singleLine("Title", LIMITS.titleMax),
  content: multiLine("Your story", LIMITS.storyMax),
  submissionKey: submissionKeyField,
});

/** An editor's note when returning a story to its author. */
export const returnNoteSchema = z.object({ note: multiLine("Note to the author", LIMITS.returnNoteMax) });

/** Field errors keyed by field name (the first message for each). */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
