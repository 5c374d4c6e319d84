// The server half of a question page's forms: one function per intent. Each returns what the
// route's action returns (data with field errors, or a redirect with a toast); the route module
// checks who asks, maps the forum's errors to answers and keeps the page.
import { data } from "react-router";
import { KEPT_ANSWER, KEPT_QUESTION } from "~/lib/kept-posts";
import { HELP_NOW_PATH } from "~/lib/help-now";
import { URGENT_CATEGORY } from "~/lib/report-reasons";
import { answerSchema, fieldErrors, questionSchema, reportSchema, rowIdField } from "~/lib/validation";
import {
  deleteAnswer,
  deleteQuestion,
  editAnswer,
  editQuestion,
  followQuestion,
  ForbiddenError,
  KeptForOthersError,
  setQuestionTopic,
  setHelpful,
  toggleHelpedMost,
  unfollowQuestion,
  UnknownTopicError,
} from "~/server/forum/forum.server";
import { hideContent, reportContent, restoreContent } from "~/server/moderation/moderation.server";
import { AlreadyAskedError, askForAnotherLook } from "~/server/forum/forum.server";
import { HELD_FOR_REVIEW, LOOK_AGAIN_REFUSED } from "~/lib/hidden-posts";
import { postAnswer, UNKNOWN_TOPIC } from "~/server/forum/forum.server";
import { postingRefusal } from "~/server/members/members.server";
import { saveTypedName, typedName } from "~/server/accounts/accounts.server";
import type { Runtime } from "~/server/runtime.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Viewer } from "~/server/infra/viewer";

export interface IntentArgs {
  runtime: Runtime;
  viewer: Viewer;
  /** The question's id, and its page's address. */
  id: number;
  back: string;
  intent: string;
  form: FormData;
}

export const isModerator = (role: string | undefined) => role === "moderator" || role === "admin";

export const toastOf = (title: string, description?: string, variant?: "destructive") => ({ id: crypto.randomUUID(), title, description, variant });

const failed = (intent: string, form: string, status: number) => data({ intent, ok: false, errors: { form } }, { status });

/** A silenced member's edit is refused with the same words as a new post; nothing is stored. */
async function silencedEdit(runtime: Runtime, viewer: Viewer, intent: string, answerId?: number) {
  const refusal = await postingRefusal(runtime.db, viewer.id);
  if (!refusal) return null;
  return data({ intent, answerId, ok: false, errors: { form: refusal }, toast: toastOf("Not saved", refusal, "destructive") }, { status: 403 });
}

async function answer({ runtime, viewer, id, back, intent, form }: IntentArgs) {
  const values = { content: String(form.get("content") ?? "").slice(0, 20_000), displayName: typedName(form.get("displayName")) };
  // The name chosen beside the answer is saved first, so the answer appears under it.
  const nameProblem = await saveTypedName(runtime, viewer, form.get("displayName"));
  if (nameProblem) return data({ intent, ok: false, errors: { displayName: nameProblem }, values }, { status: 400 });
  const result = await postAnswer(runtime, viewer.id, id, {
    content: form.get("content"),
    submissionKey: form.get("submissionKey"),
    acknowledgePersonal: form.get("acknowledgePersonal") === "1",
  });
  if (!result.ok) {
    return data(
      {
        intent,
        ok: false,
        errors: result.errors,
        warning: result.warning,
        values,
        toast: result.warning ? undefined : toastOf("Failed to post your answer", result.message, "destructive"),
      },
      { status: result.status, headers: result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined },
    );
  }
  const toast = result.held
    ? { title: "Thank you for your answer", description: HELD_FOR_REVIEW }
    : { title: "Answer posted!", description: "Thank you for sharing with the community" };
  if (form.get("via") === "fetcher") return { intent, ok: true, errors: {}, answerId: result.id, toast: toastOf(toast.title, toast.description) };
  return redirectWithToast(`${back}#answer-${result.id}`, toast);
}

async function follow({ runtime, viewer, id, back, intent }: IntentArgs) {
  await runtime.limiter.consume("edit", viewer.id);
  await (intent === "follow" ? followQuestion : unfollowQuestion)(runtime, id, viewer.id);
  return redirectWithToast(
    back,
    intent === "follow"
      ? { title: "Following this question", description: "You will be told of new answers." }
      : { title: "No longer following", description: "You will not be told of new answers." },
  );
}

async function markAnswer({ runtime, viewer, id, back, intent, form }: IntentArgs) {
  const answerId = rowIdField.safeParse(form.get("answerId"));
  if (!answerId.success) return failed(intent, "That answer could not be found.", 400);
  await runtime.limiter.consume("edit", viewer.id);
  const to = `${back}#answer-${answerId.data}`;
  // With scripts the page stays where it is and shows the message; without, it reloads at the answer.
  const answered = async (toast: { title: string; description?: string }) =>
    form.get("via") === "fetcher" ? { intent, ok: true, toast: toastOf(toast.title, toast.description) } : redirectWithToast(to, toast);
  if (intent === "helpful") {
    // The state asked for, not a toggle: a press sent twice marks once.
    const want = form.get("want") === "on" ? true : form.get("want") === "off" ? false : undefined;
    const { marked } = await setHelpful(runtime, answerId.data, viewer.id, want);
    return answered(marked ? { title: "Marked as helpful", description: "Thank you: its author will know." } : { title: "Helpful mark taken back" });
  }
  try {
    const { chosen } = await toggleHelpedMost(runtime, id, answerId.data, viewer.id);
    return answered(chosen ? { title: "Marked as the answer that helped you most", description: "It now shows first." } : { title: "Choice cleared" });
  } catch (error) {
    if (error instanceof ForbiddenError) return failed(intent, "Only the person who asked can choose the answer that helped most.", 403);
    throw error;
  }
}

async function editOwnQuestion({ runtime, viewer, id, back, intent, form }: IntentArgs) {
  const parsed = questionSchema.safeParse({ title: form.get("title"), content: form.get("content") });
  // What was typed comes back in the form (and stays its draft), so nothing is lost.
  const values = { title: String(form.get("title") ?? "").slice(0, 20_000), content: String(form.get("content") ?? "").slice(0, 20_000) };
  if (!parsed.success) return data({ intent, ok: false, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const refused = await silencedEdit(runtime, viewer, intent);
  if (refused) return refused;
  await runtime.limiter.consume("edit", viewer.id);
  await editQuestion(runtime, { id, authorId: viewer.id, ...parsed.data });
  return redirectWithToast(back, { title: "Question updated" });
}

async function setTopic({ runtime, viewer, id, back, intent, form }: IntentArgs) {
  const raw = form.get("topic");
  const topicId = raw === null || raw === "" ? null : rowIdField.safeParse(raw).data;
  if (topicId === undefined) return data({ intent, ok: false, errors: { topic: UNKNOWN_TOPIC } }, { status: 400 });
  await runtime.limiter.consume("edit", viewer.id);
  try {
    await setQuestionTopic(runtime, { questionId: id, topicId, actorId: viewer.id, moderator: isModerator(viewer.role) });
  } catch (error) {
    if (error instanceof UnknownTopicError) return data({ intent, ok: false, errors: { topic: UNKNOWN_TOPIC } }, { status: 400 });
    if (error instanceof ForbiddenError) return failed(intent, "Only the person who asked, or a moderator, can change the topic.", 403);
    throw error;
  }
  return redirectWithToast(back, topicId === null ? { title: "Topic removed", description: "The question now has no topic." } : { title: "Topic changed" });
}

// Refused with 409: the post is there and is theirs, but others' answers or marks depend on it.
const kept = (intent: string, form: string) =>
  data({ intent, ok: false, errors: { form }, toast: toastOf("Not deleted", form, "destructive") }, { status: 409 });

async function deleteOwnQuestion({ runtime, viewer, id, intent }: IntentArgs) {
  try {
    await deleteQuestion(runtime, { id, authorId: viewer.id });
  } catch (error) {
    if (error instanceof KeptForOthersError) return kept(intent, KEPT_QUESTION);
    throw error;
  }
  return redirectWithToast("/forum", { title: "Question deleted" });
}

async function editOwnAnswer({ runtime, viewer, back, intent, form }: IntentArgs) {
  const answerId = rowIdField.safeParse(form.get("answerId"));
  if (!answerId.success) return failed(intent, "That answer could not be found.", 400);
  const parsed = answerSchema.safeParse({ content: form.get("content") });
  const values = { content: String(form.get("content") ?? "").slice(0, 20_000) };
  if (!parsed.success) return data({ intent, answerId: answerId.data, ok: false, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const refused = await silencedEdit(runtime, viewer, intent, answerId.data);
  if (refused) return refused;
  await runtime.limiter.consume("edit", viewer.id);
  await editAnswer(runtime, { id: answerId.data, authorId: viewer.id, content: parsed.data.content });
  return redirectWithToast(`${back}#answer-${answerId.data}`, { title: "Answer updated" });
}

async function deleteOwnAnswer({ runtime, viewer, back, intent, form }: IntentArgs) {
  const answerId = rowIdField.safeParse(form.get("answerId"));
  if (!answerId.success) return failed(intent, "That answer could not be found.", 400);
  try {
    await deleteAnswer(runtime, { id: answerId.data, authorId: viewer.id });
  } catch (error) {
    if (error instanceof KeptForOthersError) return kept(intent, KEPT_ANSWER);
    throw error;
  }
  return redirectWithToast(back, { title: "Answer deleted" });
}

async function report({ runtime, viewer, intent, form, ...args }: IntentArgs) {
  let back = args.back;
  const parsed = reportSchema.safeParse({
    targetType: form.get("targetType"),
    targetId: form.get("targetId"),
    category: form.get("category") ?? undefined,
    reason: form.get("reason") ?? undefined,
  });
  if (!parsed.success) {
    return data(
      { intent, ok: false, errors: fieldErrors(parsed.error), targetType: String(form.get("targetType")), targetId: Number(form.get("targetId")) },
      { status: 400 },
    );
  }
  await runtime.limiter.consume("report", viewer.id);
  const filed = await reportContent(runtime, { ...parsed.data, reporterId: viewer.id, siteUrl: runtime.env.SITE_URL, hideAfter: runtime.env.REPORTS_TO_HIDE });
  // Someone may be in danger: the reporter is shown where to find help now, whatever comes next.
  if (parsed.data.category === URGENT_CATEGORY) {
    return redirectWithToast(HELP_NOW_PATH, {
      title: filed.repeated ? "You have already reported this" : "Thank you for your report",
      description: "Every moderator has been told at once. If someone may be in danger now, the numbers on this page can help.",
    });
  }
  // A page reloaded without scripts comes back to the post that was reported, not to the top.
  if (form.get("stay") !== "1") back = parsed.data.targetType === "answer" ? `${back}#answer-${parsed.data.targetId}` : `${back}#question`;
  if (filed.repeated) return redirectWithToast(back, { title: "You have already reported this", description: "A moderator will look at it soon." });
  return redirectWithToast(back, { title: "Thank you for your report", description: "A moderator will look at it soon." });
}

async function moderate({ runtime, viewer, back, intent, form }: IntentArgs) {
  if (!isModerator(viewer.role)) return failed(intent, "Only moderators can hide or restore posts.", 403);
  const targetType = form.get("targetType");
  const targetId = rowIdField.safeParse(form.get("targetId"));
  if ((targetType !== "question" && targetType !== "answer") || !targetId.success) return failed(intent, "That post could not be found.", 400);
  await (intent === "hide" ? hideContent : restoreContent)(runtime, targetType, targetId.data, viewer.id);
  const what = targetType === "question" ? "Question" : "Answer";
  return redirectWithToast(targetType === "answer" ? `${back}#answer-${targetId.data}` : back, {
    title: intent === "hide" ? `${what} hidden` : `${what} restored`,
    description: intent === "hide" ? "Readers no longer see it. You can restore it here." : "Readers see it again.",
  });
}

/** The author of a hidden post asks a moderator to look at it again (once per hiding). */
async function lookAgain({ runtime, viewer, back, intent, form }: IntentArgs) {
  const targetType = form.get("targetType");
  const targetId = rowIdField.safeParse(form.get("targetId"));
  if ((targetType !== "question" && targetType !== "answer") || !targetId.success) return failed(intent, "That post could not be found.", 400);
  await runtime.limiter.consume("report", viewer.id);
  try {
    await askForAnotherLook(runtime, { type: targetType, id: targetId.data, authorId: viewer.id });
  } catch (error) {
    if (error instanceof AlreadyAskedError)
      return data(
        { intent, ok: false, errors: { form: LOOK_AGAIN_REFUSED }, toast: toastOf("Already asked", LOOK_AGAIN_REFUSED, "destructive") },
        { status: 409 },
      );
    throw error;
  }
  return redirectWithToast(targetType === "answer" ? `${back}#answer-${targetId.data}` : back, {
    title: "Thank you: a moderator will look again",
    description: "Your post stays hidden from others until then.",
  });
}

/** Each form intent on a question page, by the name its form posts. */
export const QUESTION_INTENTS: Record<string, (args: IntentArgs) => Promise<unknown>> = {
  answer,
  follow,
  unfollow: follow,
  helpful: markAnswer,
  "helped-most": markAnswer,
  "edit-question": editOwnQuestion,
  "set-topic": setTopic,
  "delete-question": deleteOwnQuestion,
  "edit-answer": editOwnAnswer,
  "delete-answer": deleteOwnAnswer,
  report,
  hide: moderate,
  restore: moderate,
  "look-again": lookAgain,
};
