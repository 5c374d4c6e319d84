// The question page's "Add an answer" form. With scripts it posts through a fetcher, so the page
// keeps its place and the form empties with a fresh submission key; without, it is a plain form.
import * as React from "react";
import { useFetcher, useNavigation } from "react-router";
import { newSubmissionKey, PostFields } from "~/components/forum/post-form";
import type { ActionData } from "~/components/forum/question-controls";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/lib/use-hydrated";

export function AnswerForm({ questionId, submissionKey, displayName }: { questionId: number; submissionKey: string; displayName: string | null }) {
  const fetcher = useFetcher<ActionData>();
  const show = useToast();
  const hydrated = useHydrated();
  const [key, setKey] = React.useState(submissionKey);
  const [formKey, setFormKey] = React.useState(0);
  const navigation = useNavigation();
  const busy = fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "answer");
  React.useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.toast) show(fetcher.data.toast);
    if (fetcher.data.ok) {
      setKey(newSubmissionKey());
      setFormKey((k) => k + 1);
      // Focus goes to what was posted (the page has it by now), not back to the top of the page.
      if (fetcher.data.answerId) document.getElementById(`answer-${fetcher.data.answerId}`)?.focus();
    }
  }, [fetcher.state, fetcher.data, show]);
  return (
    <fetcher.Form key={formKey} method="post" action={`/forum/${questionId}`} className="grid gap-4">
      <input type="hidden" name="intent" value="answer" />
      {/* Without JavaScript this is a plain form: the action then redirects back to the page. */}
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <PostFields
        kind="answer"
        idPrefix="answer"
        result={fetcher.data?.ok ? undefined : fetcher.data}
        busy={busy}
        submissionKey={key}
        busyLabel="Posting..."
        submitLabel="Post Answer"
        displayName={displayName}
      />
    </fetcher.Form>
  );
}
