// An owner's edit of their question or answer, kept as a draft while they type (components/drafts):
// a half-done edit comes back after a reload or on another device, with when it was saved and a
// way to discard it. Saving the edit removes the draft on the server, in the same transaction.
import { Form } from "react-router";
import { DraftControls } from "~/components/drafts/draft-controls";
import { useDraft } from "~/components/drafts/use-draft";
import { TextAreaField, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import type { ShownDraft } from "~/lib/draft-kinds";
import { FORMATTING_HINT } from "~/lib/formatting-hint";
import { LIMITS } from "~/lib/limits";

export function EditPostForm({
  kind,
  id,
  title,
  content,
  memberId,
  saved,
  typed,
  errors,
  conflict,
}: {
  kind: "question" | "answer";
  id: number;
  title?: string;
  content: string;
  memberId: string | null;
  /** The member's draft of this edit, as the server has it. */
  saved: ShownDraft | null;
  /** What was typed, sent back by a refused save or draft save. */
  typed?: { title?: string; content?: string };
  errors?: Record<string, string | undefined>;
  /** Without scripts: the newer draft another tab saved, shown beside the form. */
  conflict?: ShownDraft | null;
}) {
  const editIntent = kind === "question" ? "edit-question" : "edit-answer";
  const draft = useDraft({
    kind: editIntent,
    targetId: id,
    memberId,
    saved,
    typed: typed && { title: typed.title ?? "", body: typed.content ?? "" },
    original: { title: kind === "question" ? (title ?? "") : "", body: content },
  });
  const shown = draft.values();
  return (
    <Form key={draft.generation} method="post" className="mt-2 grid max-w-xl gap-3" onInput={draft.onInput} onSubmitCapture={draft.onSubmitCapture}>
      <input type="hidden" name="intent" value={editIntent} />
      {kind === "answer" ? <input type="hidden" name="answerId" value={id} /> : null}
      {kind === "question" ? (
        <TextField id={`edit-title-${id}`} label="Title" name="title" required maxLength={LIMITS.titleMax} defaultValue={shown.title} error={errors?.title} />
      ) : null}
      <TextAreaField
        id={`edit-${kind}-${id}`}
        label={kind === "question" ? "Content" : "Edit your answer"}
        name="content"
        required
        maxLength={LIMITS.contentMax}
        defaultValue={shown.content}
        rows={5}
        error={errors?.content}
        hint={FORMATTING_HINT}
      />
      <Button type="submit" size="sm">
        Save changes
      </Button>
      <DraftControls draft={draft} idPrefix={`edit-${kind}-${id}`} conflict={conflict} />
    </Form>
  );
}
