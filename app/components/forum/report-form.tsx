// "Report" on a question or an answer: a disclosure holding a short form (a reason from the list,
// words of one's own beside it). Opened, it takes a line
// of its own below the row's buttons (so nothing beside it moves), at the column's full width; once
// the report is sent it closes, empty, and says so where it was, while a refused one stays open
// with its message. Sending it keeps the page where the member was reading.
import * as React from "react";
import { Form } from "react-router";
import { TextAreaField } from "~/components/form-field";
import { QUIET_ACTION } from "~/components/forum/quiet-action";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/limits";
import { REPORT_REASONS } from "~/lib/report-reasons";
import { useHydrated } from "~/lib/use-hydrated";
import { useRoundAfterSubmit } from "~/lib/use-round-after-submit";

export interface ReportResult {
  intent?: string;
  targetType?: string;
  targetId?: number;
  errors?: Record<string, string | undefined>;
}

export function ReportForm({ targetType, targetId, result }: { targetType: "question" | "answer"; targetId: number; result?: ReportResult }) {
  // Question 3 and answer 3 are different things: the error belongs to the form of both.
  const mine = result?.intent === "report" && result.targetType === targetType && result.targetId === targetId ? result : undefined;
  const hydrated = useHydrated();
  // A new disclosure (closed, its field empty) after each report that went through.
  const round = useRoundAfterSubmit(
    (form) => form.get("intent") === "report" && form.get("targetType") === targetType && form.get("targetId") === String(targetId),
    Boolean(mine),
  );
  // The form with its list of reasons is tall: once sent, its place is kept until the next page,
  // so that closing it does not pull the page up under the member's eyes.
  const details = React.useRef<HTMLDetailsElement>(null);
  const [kept, setKept] = React.useState<number | undefined>();
  const keepPlace = () => {
    const open = details.current;
    if (open) setKept(open.offsetHeight - (open.querySelector("summary")?.offsetHeight ?? 0));
  };
  return (
    <>
      <details ref={details} key={round} className="group open:basis-full" open={Boolean(mine)}>
        <summary className={QUIET_ACTION}>Report</summary>
        <Form method="post" preventScrollReset onSubmit={keepPlace} className="mt-2 grid w-full gap-3">
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="targetType" value={targetType} />
          <input type="hidden" name="targetId" value={targetId} />
          {/* With scripts the page stays put; without, the reload comes back to the reported post. */}
          {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
          <fieldset className="grid gap-1" aria-describedby={mine?.errors?.category ? `report-${targetType}-${targetId}-category-error` : undefined}>
            <legend className="mb-1 font-medium">Why are you reporting it?</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r.value} className="flex min-h-11 cursor-pointer items-center gap-3">
                <input type="radio" name="category" value={r.value} className="size-5 shrink-0 accent-primary" />
                <span>{r.label}</span>
              </label>
            ))}
            {mine?.errors?.category ? (
              <p id={`report-${targetType}-${targetId}-category-error`} className="text-sm font-medium text-destructive">
                {mine.errors.category}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            id={`report-${targetType}-${targetId}`}
            label="What is wrong with it?"
            name="reason"
            maxLength={LIMITS.reportReasonMax}
            rows={2}
            hint="Needed for 'Something else'; optional for the other reasons."
            error={mine?.errors?.reason}
          />
          <Button type="submit" variant="outline" size="sm" className="w-fit">
            Send report
          </Button>
        </Form>
      </details>
      {round > 0 ? (
        <p role="status" className="basis-full text-sm font-medium" style={kept ? { minHeight: kept } : undefined}>
          Reported. Thank you: a moderator will look at it soon.
        </p>
      ) : null}
    </>
  );
}
