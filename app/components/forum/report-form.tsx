// "Report" on a question or an answer: a disclosure holding a short form. Opened, it takes a line
// of its own below the row's buttons (so nothing beside it moves), at the column's full width; once
// the report is sent it closes, empty, while a refused one stays open with its message.
import * as React from "react";
import { Form, useNavigation } from "react-router";
import { TextAreaField } from "~/components/form-field";
import { QUIET_ACTION } from "~/components/forum/quiet-action";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/limits";

export interface ReportResult {
  intent?: string;
  targetType?: string;
  targetId?: number;
  errors?: Record<string, string | undefined>;
}

export function ReportForm({ targetType, targetId, result }: { targetType: "question" | "answer"; targetId: number; result?: ReportResult }) {
  // Question 3 and answer 3 are different things: the error belongs to the form of both.
  const mine = result?.intent === "report" && result.targetType === targetType && result.targetId === targetId ? result : undefined;
  const navigation = useNavigation();
  const sent = navigation.formData;
  const sending =
    navigation.state !== "idle" && sent?.get("intent") === "report" && sent.get("targetType") === targetType && sent.get("targetId") === String(targetId);
  // A new disclosure (closed, its field empty) after each report that went through.
  const [round, setRound] = React.useState(0);
  const wasSending = React.useRef(false);
  React.useEffect(() => {
    if (wasSending.current && !sending && !mine) setRound((r) => r + 1);
    wasSending.current = sending;
  }, [sending, mine]);
  return (
    <details key={round} className="group open:basis-full" open={Boolean(mine)}>
      <summary className={QUIET_ACTION}>Report</summary>
      <Form method="post" className="mt-2 grid w-full gap-3">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="targetType" value={targetType} />
        <input type="hidden" name="targetId" value={targetId} />
        <TextAreaField
          id={`report-${targetType}-${targetId}`}
          label="What is wrong with it?"
          name="reason"
          required
          maxLength={LIMITS.reportReasonMax}
          rows={2}
          error={mine?.errors?.reason}
        />
        <Button type="submit" variant="outline" size="sm" className="w-fit">
          Send report
        </Button>
      </Form>
    </details>
  );
}
