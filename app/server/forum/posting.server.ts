// The rules for posting, shared by the web forms and the JSON API: validate, rate-limit per
// member, set the author from the session (never from the request), store. Caches follow the
// write on their own (freshness.server.ts).
import { containsPersonalDetails, PERSONAL_DETAILS_WARNING } from "~/lib/personal-details";
import { answerSchema, fieldErrors, questionSchema, type FieldErrors } from "~/lib/validation";
import { answerQuestion, askQuestion } from "./forum-commands.server";
import { NotFoundError } from "./forum-model.server";
import { RateLimitedError, type RateLimiter } from "~/server/infra/rate-limit.server";
import { getTopicById, getTopicBySlug } from "./topics.server";
import type { Writer } from "~/server/infra/change-events.server";
import type { Env } from "~/server/infra/env.server";
import { postingRefusal } from "~/server/members/members.server";
import { screenPost } from "./holds.server";

/** The same words again is refused; a new member's link or busy first day is held (holds.server.ts). */
async function screened(runtime: Poster, authorId: string, data: { content: string; submissionKey?: string }, texts: string[]) {
  const on = runtime.env.HOLD_NEW_MEMBERS_POSTS;
  return screenPost(runtime.db, { authorId, texts, content: data.content, submissionKey: data.submissionKey, on });
}

export type PostResult =
  | { ok: true; id: number; created: boolean; held: boolean }
  | { ok: false; status: 400 | 403 | 404 | 429; errors: FieldErrors; message: string; retryAfter?: number; warning?: string };

/** What posting needs: the database, the recorded writes, the per-member limits and whether new members' posts are held. */
type Poster = Writer & { limiter: RateLimiter; env: Pick<Env, "HOLD_NEW_MEMBERS_POSTS"> };

function invalid(errors: FieldErrors): PostResult {
  return { ok: false, status: 400, errors, message: "Please check the highlighted fields." };
}

async function limited(runtime: Poster, name: "question" | "answer", userId: string): Promise<PostResult | null> {
  try {
    await runtime.limiter.consume(name, userId);
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return { ok: false, status: 429, errors: { form: error.message }, message: error.message, retryAfter: error.retryAfterSeconds };
    }
    throw error;
  }
}

/** A silenced (or suspended) member is told until when, before anything is checked or stored. */
async function silenced(runtime: Poster, authorId: string): Promise<PostResult | null> {
  const message = await postingRefusal(runtime.db, authorId);
  return message ? { ok: false, status: 403, errors: { form: message }, message } : null;
}

export const UNKNOWN_TOPIC = "That topic does not exist. Choose one from the list, or No topic.";

/**
 * The topic a new question is filed under: none, or one that exists. The web form sends a topic's
 * id (`topicId`, "" for none), the API its slug (`topicSlug`, left out or null for none).
 */
async function chosenTopic(
  runtime: Poster,
  input: { topicId?: unknown; topicSlug?: unknown },
): Promise<{ ok: true; id: number | null } | { ok: false; errors: FieldErrors }> {
  if (input.topicSlug !== undefined && input.topicSlug !== null && input.topicSlug !== "") {
    const topic = typeof input.topicSlug === "string" ? await getTopicBySlug(runtime.db, input.topicSlug) : null;
    return topic ? { ok: true, id: topic.id } : { ok: false, errors: { topicSlug: UNKNOWN_TOPIC } };
  }
  if (input.topicId !== undefined && input.topicId !== null && input.topicId !== "") {
    const id =
      typeof input.topicId === "string" && /^\d{1,10}$/.test(input.topicId) ? Number(input.topicId) : typeof input.topicId === "number" ? input.topicId : NaN;
    const topic = await getTopicById(runtime.db, id);
    return topic ? { ok: true, id: topic.id } : { ok: false, errors: { topic: UNKNOWN_TOPIC } };
  }
  return { ok: true, id: null };
}

export async function postQuestion(
  runtime: Poster,
  authorId: string,
  input: { title?: unknown; content?: unknown; submissionKey?: unknown; acknowledgePersonal?: boolean; topicId?: unknown; topicSlug?: unknown },
): Promise<PostResult> {
  const refused = await silenced(runtime, authorId);
  if (refused) return refused;
  const parsed = questionSchema.safeParse({
    title: input.title,
    content: input.content,
    submissionKey: typeof input.submissionKey === "string" && input.submissionKey ? input.submissionKey : undefined,
  });
  const topic = await chosenTopic(runtime, input);
  if (!parsed.success || !topic.ok) return invalid({ ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(topic.ok ? {} : topic.errors) });
  if (!input.acknowledgePersonal && containsPersonalDetails(parsed.data.title, parsed.data.content)) {
    return { ok: false, status: 400, errors: {}, message: PERSONAL_DETAILS_WARNING, warning: PERSONAL_DETAILS_WARNING };
  }
  const screen = await screened(runtime, authorId, parsed.data, [parsed.data.title, parsed.data.content]);
  if (screen.refuse) return invalid({ content: screen.refuse });
  const limit = await limited(runtime, "question", authorId);
  if (limit) return limit;
  const result = await askQuestion(runtime, { authorId, ...parsed.data, topicId: topic.id, held: screen.hold });
  return { ok: true, ...result, held: screen.hold };
}

export async function postAnswer(
  runtime: Poster,
  authorId: string,
  questionId: number,
  input: { content?: unknown; submissionKey?: unknown; acknowledgePersonal?: boolean },
): Promise<PostResult> {
  const refused = await silenced(runtime, authorId);
  if (refused) return refused;
  const parsed = answerSchema.safeParse({
    content: input.content,
    submissionKey: typeof input.submissionKey === "string" && input.submissionKey ? input.submissionKey : undefined,
  });
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  if (!input.acknowledgePersonal && containsPersonalDetails(parsed.data.content)) {
    return { ok: false, status: 400, errors: {}, message: PERSONAL_DETAILS_WARNING, warning: PERSONAL_DETAILS_WARNING };
  }
  const screen = await screened(runtime, authorId, parsed.data, [parsed.data.content]);
  if (screen.refuse) return invalid({ content: screen.refuse });
  const limit = await limited(runtime, "answer", authorId);
  if (limit) return limit;
  try {
    const result = await answerQuestion(runtime, { questionId, authorId, ...parsed.data, held: screen.hold });
    return { ok: true, ...result, held: screen.hold };
  } catch (error) {
    if (error instanceof NotFoundError)
      return { ok: false, status: 404, errors: { form: "This question is no longer available." }, message: "This question is no longer available." };
    throw error;
  }
}
