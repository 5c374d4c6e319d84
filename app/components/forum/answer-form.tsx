// The question page's "Add an answer" form. With scripts it posts through a fetcher, so the page
// keeps its place and the form empties with a fresh submission key; without, it is a plain form.
// What is typed is kept as the member's draft of this answer (components/drafts).
import * as React from "react";
import { useFetcher, useNavigation } from "react-router";
import { DraftControls } from "~/components/drafts/draft-controls";
import { useDraft } from "~/components/drafts/use-draft";
import { newSubmissionKey, PostFields } from "~/components/forum/post-form";
import type { ActionData } from "~/components/forum/question-controls";
import { useToast } from "~/components/ui/toast";
import type { ShownDraft } from "~/lib/draft-kinds";
import { useHydrated } from "~/lib/use-hydrated";

/** The page's answer to a post or draft button pressed without scripts. */
export type AnswerPageResult = ActionData & { draftConflict?: { current: ShownDraft | null } };

export function AnswerForm({
  questionId,
  submissionKey,
  displayName,
  memberId,
  saved,
  pageResult,
}: {
  questionId: number;
  submissionKey: string;
  displayName: string | null;
  memberId: string | null;
  /** This member's draft of an answer to this question, as the server has it. */
  saved: ShownDraft | null;
  /** A post or a draft save that came back without scripts: the form shows what was typed. */
  pageResult?: AnswerPageResult;
}) {
  const fetcher = useFetcher<ActionData>();
  const show = useToast();
  const hydrated = useHydrated();
  const [key, setKey] = React.useState(submissionKey);
  const [formKey, setFormKey] = React.useState(0);
  const navigation = useNavigation();
  const busy = fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "answer");
  const typed = pageResult?.values?.content;
  const draft = useDraft({ kind: "answer", targetId: questionId, memberId, saved, typed: typed === undefined ? undefined : { title: "", body: typed } });
  const { posted, resume } = draft;
  React.useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.toast) show(fetcher.data.toast);
    if (fetcher.data.ok) {
      // The server removed the draft with the post.
      posted();
      setKey(newSubmissionKey());
      setFormKey((k) => k + 1);
      // Focus goes to what was posted (the page has it by now), not back to the top of the page.
      if (fetcher.data.answerId) document.getElementById(`answer-${fetcher.data.answerId}`)?.focus();
    } else resume();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, show]);
  const failed = fetcher.data?.ok ? undefined : (fetcher.data ?? pageResult);
  return (
    <fetcher.Form
      key={`${formKey}-${draft.generation}`}
      method="post"
      action={`/forum/${questionId}`}
      className="grid gap-4"
      onInput={draft.onInput}
      onSubmitCapture={draft.onSubmitCapture}
    >
      <input type="hidden" name="intent" value="answer" />
      {/* Without JavaScript this is a plain form: the action then redirects back to the page. */}
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <PostFields
        kind="answer"
        idPrefix="answer"
        result={{ ...failed, values: { ...failed?.values, content: draft.values().content } }}
        busy={busy}
        submissionKey={key}
        busyLabel="Posting..."
        submitLabel="Post Answer"
        displayName={displayName}
      />
      <DraftControls draft={draft} idPrefix="answer" conflict={pageResult?.draftConflict?.current} />
    </fetcher.Form>
  );
}
