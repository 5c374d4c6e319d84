// A hidden post as its author sees it: marked "Hidden from others" with the reason a moderator
// acted on, and one "Ask for another look" per hiding (a plain form: it works without scripts).
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { HELD_FOR_REVIEW, hiddenReasonText } from "~/lib/hidden-posts";

export function HiddenFromOthers({
  targetType,
  targetId,
  reason,
  lookAsked,
  held = false,
}: {
  targetType: "question" | "answer";
  targetId: number;
  reason: string | null;
  lookAsked: boolean;
  /** A new member's post waiting for a moderator's first look, not hidden by one. */
  held?: boolean;
}) {
  if (held)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold" data-held-post="">
        <Badge variant="hidden">Waiting for review</Badge>
        <span>{HELD_FOR_REVIEW} Only you can see it until then.</span>
      </p>
    );
  return (
    <div className="grid gap-2 text-sm" data-hidden-from-others="">
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <Badge variant="hidden">Hidden from others</Badge>
        <span>A moderator hid your {targetType} from other members and readers. You still see it.</span>
      </p>
      <p>{hiddenReasonText(reason)}</p>
      {lookAsked ? (
        <p data-look-asked="">You asked for another look. A moderator will look at it soon.</p>
      ) : (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="look-again" />
          <input type="hidden" name="targetType" value={targetType} />
          <input type="hidden" name="targetId" value={targetId} />
          <span>You can edit it first, then ask a moderator to look again.</span>
          <Button type="submit" variant="outline" size="sm">
            Ask for another look
          </Button>
        </Form>
      )}
    </div>
  );
}
