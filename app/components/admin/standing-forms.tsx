// What a moderator can do about a member's standing, as plain forms that post without scripts:
// silence for a chosen time, suspend, or lift either, each with the reason the record keeps.
// Shown on the report card (for the post's author) and on the member's line in /admin/members.
import { Form } from "react-router";
import { TextAreaField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { SILENCE_DAYS, SILENCE_LABELS, untilText } from "~/lib/standing";

export interface StandingView {
  memberId: string;
  name: string;
  silencedUntil: string | null;
  suspended: boolean;
  /** Whether the viewer may act on this member (not themselves; moderators only on members). */
  actable: boolean;
}

const SUMMARY = "inline-flex min-h-11 cursor-pointer items-center rounded-md border px-4 py-2 font-medium focus-ring";

/** "Silenced until …" and "Suspended", in words; nothing when the member is in good standing. */
export function StandingNote({ standing }: { standing: Pick<StandingView, "silencedUntil" | "suspended"> }) {
  if (!standing.silencedUntil && !standing.suspended) return null;
  return (
    <p className="text-sm font-medium" data-standing={standing.suspended ? "suspended" : "silenced"}>
      {standing.suspended ? "Account suspended. " : null}
      {standing.silencedUntil ? `Silenced until ${untilText(standing.silencedUntil)}.` : null}
    </p>
  );
}

function Lift({ standing, action, label }: { standing: StandingView; action: "lift-silence" | "lift-suspension"; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="memberId" value={standing.memberId} />
      <Button type="submit" variant="outline" size="sm">
        {label}
      </Button>
    </Form>
  );
}

/** `idPrefix` keeps the fields' ids unique when several cards show forms on one page. */
export function StandingForms({ standing, idPrefix, who = "the author" }: { standing: StandingView; idPrefix: string; who?: string }) {
  if (!standing.actable) return null;
  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap gap-2">
        {standing.silencedUntil ? <Lift standing={standing} action="lift-silence" label="Lift the silence" /> : null}
        {standing.suspended ? <Lift standing={standing} action="lift-suspension" label="Lift the suspension" /> : null}
      </div>
      <details className="grid gap-2">
        <summary className={SUMMARY}>Silence {who}</summary>
        <Form method="post" className="mt-2 grid gap-3 rounded-md border p-3">
          <input type="hidden" name="intent" value="silence" />
          <input type="hidden" name="memberId" value={standing.memberId} />
          <fieldset className="grid gap-1">
            <legend className="font-medium">For how long</legend>
            {SILENCE_DAYS.map((days) => (
              <label key={days} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="days" value={days} defaultChecked={days === 1} className="size-5" />
                {SILENCE_LABELS[days]}
              </label>
            ))}
          </fieldset>
          <TextAreaField
            id={`${idPrefix}-silence-reason`}
            name="reason"
            label="Reason (kept in the moderators' record)"
            hint={`${standing.name} can still read and sign in, and is told until when they cannot post.`}
            required
            minLength={3}
            maxLength={500}
            rows={2}
          />
          <Button type="submit" className="w-fit">
            Silence for the chosen time
          </Button>
        </Form>
      </details>
      {standing.suspended ? null : (
        <details className="grid gap-2">
          <summary className={SUMMARY}>Suspend the account</summary>
          <Form method="post" className="mt-2 grid gap-3 rounded-md border p-3">
            <input type="hidden" name="intent" value="suspend" />
            <input type="hidden" name="memberId" value={standing.memberId} />
            <TextAreaField
              id={`${idPrefix}-suspend-reason`}
              name="reason"
              label="Reason (kept in the moderators' record)"
              hint={`${standing.name} is signed out everywhere and cannot sign in until a moderator lifts the suspension.`}
              required
              minLength={3}
              maxLength={500}
              rows={2}
            />
            <Button type="submit" variant="destructive" className="w-fit">
              Suspend the account
            </Button>
          </Form>
        </details>
      )}
    </div>
  );
}
