import { Form } from "react-router";
import { TextAreaField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/limits";

/**
 * "Return with a note" on a member's story: it goes back to its author to change and resubmit.
 * A details element, like Delete beside it, so the page needs no script for it.
 */
export function ReturnStoryForm({ note, error, busy }: { note?: string; error?: string; busy: boolean }) {
  return (
    <details open={Boolean(error)} className="basis-full">
      <summary className="inline-flex min-h-11 cursor-pointer items-center underline">Return with a note</summary>
      <Form method="post" className="mt-2 grid max-w-2xl gap-3">
        <input type="hidden" name="intent" value="return" />
        <TextAreaField
          id="return-note"
          label="Note to the author"
          name="note"
          required
          maxLength={LIMITS.returnNoteMax}
          rows={5}
          defaultValue={note}
          error={error}
          hint={`What should change before it can be published. Only the author sees it. At most ${LIMITS.returnNoteMax.toLocaleString("en-US")} characters.`}
        />
        <Button type="submit" className="w-fit" disabled={busy}>
          Return to the author
        </Button>
      </Form>
    </details>
  );
}
