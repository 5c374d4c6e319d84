// Below a form: the draft's quiet status ("Draft saved 2 minutes ago", or that it is kept on this
// device until the server has it), "Save draft" and "Discard draft" (plain submit buttons, so
// that they work without scripts too), and, when another tab or device saved a newer text, both
// texts side by side to choose from.
import { RelativeTime } from "~/components/relative-time";
import { Button } from "~/components/ui/button";
import type { ShownDraft } from "~/lib/draft-kinds";
import type { DraftHandle, DraftText } from "./use-draft";

export const NOT_SAVED = "Draft not saved - kept on this device, will retry";

export function DraftControls({ draft, idPrefix, conflict }: { draft: DraftHandle; idPrefix: string; conflict?: ShownDraft | null }) {
  const { status } = draft;
  return (
    <div className="grid gap-3">
      <input type="hidden" name="draftVersion" value={conflict !== undefined ? (conflict?.version ?? 0) : draft.version} />
      {status.state === "conflict" ? (
        <DraftChoice idPrefix={idPrefix} mine={status.mine} theirs={status.theirs} onChoose={draft.choose} />
      ) : conflict !== undefined ? (
        <OtherText idPrefix={idPrefix} theirs={conflict} />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="save-draft" variant="outline" formNoValidate>
          Save draft
        </Button>
        {draft.hasDraft ? (
          <Button type="submit" name="intent" value="discard-draft" variant="outline" formNoValidate>
            Discard draft
          </Button>
        ) : null}
        <p aria-live="polite" className="text-sm text-muted-foreground" data-draft-status="">
          {status.state === "saved" ? (
            <>
              Draft saved <RelativeTime date={status.at} />
            </>
          ) : status.state === "failed" ? (
            NOT_SAVED
          ) : status.state === "conflict" ? (
            "Draft not saved: it was changed in another tab or on another device."
          ) : null}
        </p>
      </div>
    </div>
  );
}

function TextShown({ text }: { text: DraftText }) {
  return (
    <div className="max-h-48 overflow-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap wrap-anywhere">
      {text.title ? <p className="font-semibold">{text.title}</p> : null}
      <p>{text.body || "(empty)"}</p>
    </div>
  );
}

/** Both texts, and a button under each: nothing is replaced until the member chooses. */
function DraftChoice({
  idPrefix,
  mine,
  theirs,
  onChoose,
}: {
  idPrefix: string;
  mine: DraftText;
  theirs: ShownDraft | null;
  onChoose: (which: "mine" | "theirs") => void;
}) {
  return (
    <section aria-labelledby={`${idPrefix}-draft-choice`} className="grid gap-3 rounded-md border-2 border-amber-700 p-3" data-draft-choice="">
      <h3 id={`${idPrefix}-draft-choice`} className="font-semibold">
        This draft was changed in another tab or on another device
      </h3>
      <p>Choose which text to keep. The other one is then let go.</p>
      <div className="grid gap-2">
        <p className="font-medium">The text here</p>
        <TextShown text={mine} />
        <Button type="button" variant="outline" onClick={() => onChoose("mine")}>
          Keep the text here
        </Button>
      </div>
      <div className="grid gap-2">
        <p className="font-medium">{theirs ? "The other text" : "The other tab posted or discarded this draft"}</p>
        {theirs ? <TextShown text={theirs} /> : null}
        <Button type="button" variant="outline" onClick={() => onChoose("theirs")}>
          {theirs ? "Keep the other text" : "Let this text go"}
        </Button>
      </div>
    </section>
  );
}

/** Without scripts: the newer text shown under the form; "Save draft" again keeps the one typed here. */
function OtherText({ idPrefix, theirs }: { idPrefix: string; theirs: ShownDraft | null }) {
  return (
    <section aria-labelledby={`${idPrefix}-draft-other`} className="grid gap-2 rounded-md border-2 border-amber-700 p-3" data-draft-choice="">
      <h3 id={`${idPrefix}-draft-other`} className="font-semibold">
        {theirs ? "The other text" : "The other tab posted or discarded this draft"}
      </h3>
      {theirs ? <TextShown text={theirs} /> : null}
      <p>Press Save draft to keep the text in the form instead, or reload the page to take the other text.</p>
    </section>
  );
}
