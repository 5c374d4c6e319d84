// Told before typing: a silenced member's forms (an answer, the Ask dialog and /forum?ask=1, a
// story and its new version) say until when their posting is paused and where to write.
import { Link } from "react-router";
import { untilText } from "~/lib/standing";

export function SilencedNotice({ until }: { until: string }) {
  return (
    <div role="status" className="grid gap-1 rounded-md border-2 border-destructive bg-destructive/5 p-3" data-silenced-notice="">
      <p className="font-semibold">A moderator has paused your posting until {untilText(until)}.</p>
      <p>
        You can still read, sign in and keep what you write as a draft. If you think this is a mistake, please write to the moderators through the{" "}
        <Link to="/contact" className="underline">
          contact page
        </Link>
        .
      </p>
    </div>
  );
}
