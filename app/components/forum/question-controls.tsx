// The question page's controls: Follow, an owner's edit and delete, the topic choice, a
// moderator's hide and restore, and the note on hidden posts.
import { KEPT_ANSWER, KEPT_QUESTION } from "~/lib/kept-posts";
import * as React from "react";
import { Form } from "react-router";
import { TopicOptions, type PostFormResult } from "~/components/forum/post-form";
import { SelectField } from "~/components/form-field";
import { EditPostForm } from "~/components/forum/edit-post-form";
import type { DraftKind, ShownDraft } from "~/lib/draft-kinds";
import { Badge } from "~/components/ui/badge";
import { QUIET_ACTION } from "~/components/forum/quiet-action";
import { Button } from "~/components/ui/button";
import { useRoundAfterSubmit } from "~/lib/use-round-after-submit";

export function FollowButton({ following }: { following: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <Button type="submit" variant="outline" aria-pressed={following}>
        {following ? "Following" : "Follow"}
      </Button>
    </Form>
  );
}

/** What the question page's action answers, as its controls read it. */
export type ActionData = PostFormResult & {
  intent?: string;
  answerId?: number;
  targetType?: string;
  targetId?: number;
  toast?: { id: string; title: string; description?: string; variant?: "destructive" };
  /** A draft button's answer: which form's draft, and another tab's newer text. */
  draftKey?: { kind: DraftKind; targetId: number };
  draftConflict?: { current: ShownDraft | null };
};

export function OwnerControls({
  kind,
  id,
  title,
  content,
  deletable = true,
  hidden = false,
  result,
  memberId,
  draft,
}: {
  kind: "question" | "answer";
  id: number;
  title?: string;
  content: string;
  /** False once others built on it: Delete then says why, and what to do instead. */
  deletable?: boolean;
  /** Hidden by a moderator: its author may edit it, not delete it. */
  hidden?: boolean;
  result?: ActionData;
  memberId: string | null;
  /** The member's draft of this edit: the editor opens with it. */
  draft: ShownDraft | null;
}) {
  const editIntent = kind === "question" ? "edit-question" : "edit-answer";
  const forThis =
    result?.intent === editIntent ? kind === "question" || result.answerId === id : result?.draftKey?.kind === editIntent && result.draftKey.targetId === id;
  const mine = forThis ? result : undefined;
  // Saved, the editor closes (a new one, holding the saved text), as after a page load.
  const round = useRoundAfterSubmit((form) => form.get("intent") === editIntent && (kind === "question" || form.get("answerId") === String(id)), Boolean(mine));
  return (
    <div className="flex flex-wrap items-start gap-2">
      <details key={round} open={Boolean(mine) || Boolean(draft)}>
        <summary className={QUIET_ACTION}>Edit</summary>
        <EditPostForm
          kind={kind}
          id={id}
          title={title}
          content={content}
          memberId={memberId}
          saved={draft}
          typed={mine?.values}
          errors={mine?.errors}
          conflict={mine?.draftConflict?.current}
        />
      </details>
      {hidden ? null : (
        <details>
          <summary className={QUIET_ACTION}>Delete</summary>
          {deletable ? (
            <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value={kind === "question" ? "delete-question" : "delete-answer"} />
              {kind === "answer" ? <input type="hidden" name="answerId" value={id} /> : null}
              <span>{kind === "question" ? "Delete this question and all its answers?" : "Delete this answer?"}</span>
              <Button type="submit" variant="destructive" size="sm">
                Yes, delete
              </Button>
            </Form>
          ) : (
            <p className="mt-2 max-w-xl text-sm" data-kept-post="">
              {kind === "question" ? KEPT_QUESTION : KEPT_ANSWER}
            </p>
          )}
        </details>
      )}
    </div>
  );
}

/** The asker's and moderators' choice of topic for the question (or none). */
export function TopicControl({
  questionId,
  topics,
  current,
  result,
}: {
  questionId: number;
  topics: { id: number; name: string; slug: string }[];
  current: string | null;
  result?: ActionData;
}) {
  const mine = result?.intent === "set-topic" ? result : undefined;
  const currentId = topics.find((t) => t.slug === current)?.id;
  const round = useRoundAfterSubmit((form) => form.get("intent") === "set-topic", Boolean(mine));
  return (
    <details key={round} open={Boolean(mine)}>
      <summary className={QUIET_ACTION}>Change topic</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="set-topic" />
        <SelectField id={`topic-${questionId}`} label="Topic" name="topic" defaultValue={currentId ? String(currentId) : ""} error={mine?.errors?.topic}>
          <TopicOptions topics={topics} />
        </SelectField>
        <Button type="submit" size="sm">
          Save topic
        </Button>
      </Form>
    </details>
  );
}

/** Hide or restore, for moderators, where the post stands. */
export function ModeratorControls({ targetType, targetId, hidden }: { targetType: "question" | "answer"; targetId: number; hidden: boolean }) {
  const what = targetType === "question" ? "question" : "answer";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={hidden ? "restore" : "hide"} />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      {/* Hide is a quiet word at the row's end; on a hidden post, Restore is what is left to do. */}
      {hidden ? (
        <Button type="submit" variant="outline" size="sm" aria-label={`Restore this ${what}`}>
          Restore
        </Button>
      ) : (
        <button type="submit" className={QUIET_ACTION} aria-label={`Hide this ${what}`}>
          Hide
        </button>
      )}
    </Form>
  );
}

/** A hidden post, as moderators still see it: greyed as a whole (dashed edge, grey ground and text). */
export const HIDDEN_POST = "rounded-xl border-2 border-dashed border-hidden-foreground/60 bg-hidden text-hidden-foreground shadow-none";

/** The "Hidden" mark in words as well as grey, so it is not told by colour alone. */
export function HiddenNote({ what }: { what: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm font-semibold" data-hidden-note="">
      <Badge variant="hidden">Hidden</Badge>
      <span>This {what} is hidden from readers.</span>
    </p>
  );
}
