// The moderators' record as a list: who did what to which post or member, when and why. Used by
// /admin/actions (everything, a page at a time) and /admin/members (one member's lines).
import { Link } from "react-router";
import { RelativeTime } from "~/components/relative-time";
import { untilText } from "~/lib/standing";
import type { RecordEntry } from "~/server/members/members.server";

const VERB: Record<string, string> = {
  hide: "hid",
  restore: "restored",
  dismiss: "dismissed the reports of",
  approve: "approved the held post of",
  reject: "rejected the held post of",
  silence: "silenced",
  suspend: "suspended",
  "lift-silence": "lifted the silence of",
  "lift-suspension": "lifted the suspension of",
  role: "changed the role of",
  "move-topic": "moved",
  "publish-story": "published",
  "unpublish-story": "unpublished",
  "return-story": "returned",
  "decline-story": "declined and deleted",
};

// A story's line names it by title (kept in the line: a declined story is gone) and links to the
// editor's page while it still exists.
function Story({ entry }: { entry: RecordEntry }) {
  const title = `“${entry.detail ?? "a post"}”`;
  return entry.action === "decline-story" ? (
    <>{title}</>
  ) : (
    <Link to={`/admin/posts/${entry.targetId}`} className="underline">
      {title}
    </Link>
  );
}

function Target({ entry }: { entry: RecordEntry }) {
  if (entry.targetType === "story" && entry.targetId) {
    return (
      <>
        <Story entry={entry} />
        {entry.memberId ? (
          <>
            {" "}
            by <MemberLink entry={entry} />
          </>
        ) : null}
      </>
    );
  }
  if (entry.targetType && entry.targetId) {
    const what = entry.targetType === "question" ? "a question" : "an answer";
    // A question links to its page; an answer's page is known only through its question.
    const post =
      entry.targetType === "question" ? (
        <Link to={`/forum/${entry.targetId}`} className="underline">
          {what}
        </Link>
      ) : (
        what
      );
    return (
      <>
        {post}
        {entry.memberId ? (
          <>
            {" "}
            by <MemberLink entry={entry} />
          </>
        ) : null}
      </>
    );
  }
  return entry.memberId ? <MemberLink entry={entry} /> : <>a deleted account</>;
}

function MemberLink({ entry }: { entry: RecordEntry }) {
  return (
    <Link to={`/admin/members?member=${encodeURIComponent(entry.memberId!)}`} className="underline">
      {entry.memberName}
    </Link>
  );
}

export function ActionRecord({ entries }: { entries: RecordEntry[] }) {
  if (!entries.length) return <p>No actions recorded yet.</p>;
  return (
    <ol className="grid gap-3" data-action-record="">
      {entries.map((e) => (
        <li key={e.id} className="grid gap-0.5 rounded-md border p-3" data-action={e.action}>
          <p className="wrap-anywhere">
            <span className="font-medium">{e.actorName}</span> {VERB[e.action] ?? e.action} <Target entry={e} />
            {e.action === "silence" && e.until ? ` until ${untilText(e.until)}` : null}
            {(e.action === "role" || e.action === "move-topic") && e.detail ? ` (${e.detail})` : null}
            {e.action === "return-story" ? " to its author with a note" : null}
          </p>
          {e.reason ? <p className="whitespace-pre-line wrap-anywhere text-sm">Reason: {e.reason}</p> : null}
          <p className="text-sm text-muted-foreground">
            <RelativeTime date={e.createdAt} />
          </p>
        </li>
      ))}
    </ol>
  );
}
