// The forms' draft buttons without scripts ("Save draft", "Discard draft"), and the shape the
// draft endpoint answers in. A saved draft goes back to the page (its loader shows the draft in
// the form); a refused one shows the form again with what was typed, and the other text when
// another tab or device saved a newer one, so that the member chooses.
import { data } from "react-router";
import type { ShownDraft } from "~/lib/draft-kinds";
import { deleteDraft, saveDraft, type Draft, type DraftKey } from "~/server/drafts/drafts.server";
import { isRateLimited } from "~/server/infra/rate-limit.server";
import type { Runtime } from "~/server/runtime.server";
import { redirectWithToast } from "~/server/infra/toast.server";

export const DRAFT_INTENTS = ["save-draft", "discard-draft"] as const;
export type DraftIntent = (typeof DRAFT_INTENTS)[number];

/**
 * The draft button pressed, if one was. The forms carry a hidden intent of their own (answer)
 * before the buttons, so every value sent is looked at, not only the first.
 */
export function draftIntentOf(form: FormData): DraftIntent | null {
  const sent = form.getAll("intent");
  return DRAFT_INTENTS.find((intent) => sent.includes(intent)) ?? null;
}

/** A draft as a page or the endpoint sends it: its time as an ISO string. */
export const shownDraft = (draft: Draft | null): ShownDraft | null =>
  draft && { title: draft.title, body: draft.body, version: draft.version, updatedAt: draft.updatedAt.toISOString() };

/** The version a form's text started from ("draftVersion"), 0 when none or unreadable. */
export function baseVersionOf(value: unknown) {
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

const TOO_LONG = (max: number) => `This is too long to keep as a draft: at most ${max.toLocaleString("en-GB")} characters.`;

/** Saves or discards the form's draft and answers as the page's action does. */
export async function draftFormAction(args: { runtime: Runtime; memberId: string; key: DraftKey; intent: DraftIntent; form: FormData; back: string }) {
  const { runtime, memberId, key, intent, form, back } = args;
  if (intent === "discard-draft") {
    await deleteDraft(runtime, memberId, key);
    return redirectWithToast(back, { title: "Draft discarded" });
  }
  const title = String(form.get("title") ?? "");
  const body = String(form.get("content") ?? "");
  const values = { title: title.slice(0, 20_000), content: body.slice(0, 60_000), topic: String(form.get("topic") ?? "").slice(0, 20) };
  // Which form it came back for, on a page with several (an answer, and the member's own edits).
  const draftKey = { kind: key.kind, targetId: key.targetId };
  try {
    const saved = await saveDraft({ changes: runtime.changes, limiter: runtime.limiter }, memberId, key, {
      title,
      body,
      baseVersion: baseVersionOf(form.get("draftVersion")),
    });
    if (saved.ok) return redirectWithToast(back, { title: "Draft saved" });
    if (saved.reason === "too-long") {
      const field = saved.field === "title" ? "title" : "content";
      return data({ intent, ok: false, errors: { [field]: TOO_LONG(saved.max) }, values, draftKey }, { status: 400 });
    }
    if (saved.reason === "no-target") {
      return data(
        { intent, ok: false, errors: { form: "This question, answer or story is no longer here, so its draft can't be saved." }, values, draftKey },
        { status: 404 },
      );
    }
    return data(
      {
        intent,
        ok: false,
        errors: { form: "This draft was changed in another tab or on another device. Both texts are below: choose which to keep." },
        values,
        draftKey,
        draftConflict: { current: shownDraft(saved.current) },
      },
      { status: 409 },
    );
  } catch (error) {
    if (isRateLimited(error)) {
      return data(
        { intent, ok: false, errors: { form: error.message }, values, draftKey },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
}
