// The Ask Question dialog of the forum, for signed-in members: loaded only for them (with
// Radix Dialog), so readers of the forum never download it.
import { Plus } from "~/components/icons";
import * as React from "react";
import { HelpNowLink } from "~/components/crisis-resources";
import { Link, useFetcher } from "react-router";
import { PostFields, type PostFormResult, type TopicOption } from "~/components/forum/post-form";
import { SilencedNotice } from "~/components/forum/silenced-notice";
import { buttonVariants } from "~/components/ui/button-variants";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { DraftControls } from "~/components/drafts/draft-controls";
import type { DraftHandle } from "~/components/drafts/use-draft";
import { useToast } from "~/components/ui/toast";

export type ActionData = PostFormResult & { toast?: { id: string; title: string; description?: string; variant?: "destructive" } };

export default function AskQuestionDialog({
  submissionKey,
  topics,
  topicId,
  displayName,
  askHref,
  draft,
  silencedUntil,
}: {
  submissionKey: string;
  topics: readonly TopicOption[];
  topicId: number | null;
  displayName: string | null;
  askHref: string;
  /** The member's asking draft: closing the dialog keeps it, opening shows it again. */
  draft: DraftHandle;
  /** Until when a moderator paused this member's posting: said above the form, before typing. */
  silencedUntil: string | null;
}) {
  const fetcher = useFetcher<ActionData>();
  const show = useToast();
  const [open, setOpen] = React.useState(false);
  const opener = React.useRef<HTMLAnchorElement>(null);
  const busy = fetcher.state !== "idle";

  // A posted question redirects to its own page; only a refusal comes back here.
  const { resume, flush } = draft;
  React.useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) show(fetcher.data.toast);
    if (fetcher.state === "idle" && fetcher.data) resume();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data, show]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closed with text in it (Esc, a tap outside): the draft is saved now and shown on opening.
        if (!next) flush();
        setOpen(next);
      }}
    >
      {/* A link, so that without JavaScript it opens the form on the page instead. */}
      <Link
        ref={opener}
        to={askHref}
        className={buttonVariants()}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Plus aria-hidden="true" /> Ask Question
      </Link>
      <DialogContent
        title="Ask the community"
        description="Share a question with people who understand. Please do not include personal details."
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <fetcher.Form
          key={draft.generation}
          method="post"
          action="/forum"
          className="mt-4 grid gap-4"
          onInput={draft.onInput}
          onSubmitCapture={draft.onSubmitCapture}
        >
          {silencedUntil ? <SilencedNotice until={silencedUntil} /> : null}
          <PostFields
            kind="question"
            idPrefix="ask"
            result={{ ...fetcher.data, values: { ...fetcher.data?.values, ...draft.values() } }}
            busy={busy}
            submissionKey={submissionKey}
            busyLabel="Posting..."
            submitLabel="Post Question"
            topics={topics}
            topicId={topicId}
            displayName={displayName}
          />
          <p className="text-sm text-muted-foreground">
            Please read our{" "}
            <Link to="/community-guidelines" className="underline" target="_blank">
              community guidelines
            </Link>
            . This forum is not a substitute for medical advice. <HelpNowLink />
          </p>
          <DraftControls draft={draft} idPrefix="ask" />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
