// The notifications page's list: one light entry per question (its count, one link that opens
// the latest and reads them all, the latest few lines, a Mark read button); a passkey added or a
// decision on a story is an entry of its own. Unread: a small marker, bold, "Unread" for readers.
import { Form, Link } from "react-router";
import { RelativeTime } from "~/components/relative-time";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { groupNotifications, groupSummary, type NotificationGroup, type NotificationItem } from "~/lib/notification-groups";
import { isStoryKind, storyNoticeText, type StoryKind } from "~/lib/story-notices";
import { isReportKind, REPORT_NOTICES } from "~/lib/report-notices";
import { HIDDEN_KIND, hiddenNoticeText } from "~/lib/hidden-posts";

export interface ListedNotification extends NotificationItem {
  authorName: string | null;
  /** An editor's decision on the member's story: the story's title, and whether it is out now. */
  postTitle?: string;
  postPublished?: boolean | null;
  /** A hidden post's notice: what was hidden and the report reason. */
  hiddenWhat?: "question" | "answer";
  reason?: string | null;
}

const STORY_LINKS: Record<StoryKind, string> = {
  "story-published": "Read it on the blog",
  "story-returned": "Read the note and edit your story",
  "story-declined": "Your stories on your account page",
};

/** Lines shown under a question's heading; the rest are counted ("and 4 earlier"). */
const SHOWN = 3;

/** A published story an editor has taken off the blog since: its notice says so and leads to the story. */
const takenDown = (n: ListedNotification) => n.kind === "story-published" && n.postPublished === false;

function describe(n: ListedNotification) {
  if (takenDown(n)) return `${storyNoticeText("story-published", n.postTitle ?? "")} It has since been unpublished.`;
  if (n.postTitle !== undefined && isStoryKind(n.kind)) return storyNoticeText(n.kind, n.postTitle);
  if (isReportKind(n.kind)) return REPORT_NOTICES[n.kind].text;
  if (n.kind === HIDDEN_KIND) return hiddenNoticeText(n.hiddenWhat ?? "question", n.postTitle ?? "", n.reason ?? null);
  if (n.kind === "passkey-added") return "A passkey was added to your account";
  if (n.kind === "answer") return `${n.authorName} answered your question`;
  if (n.kind === "followed") return `${n.authorName} answered a question you follow`;
  if (n.kind === "helpful") return "Someone found your answer helpful";
  if (n.kind === "topic-question") return `${n.authorName} asked a new question in a topic you follow`;
  return "The asker says your answer helped them most";
}

const linkClass = "inline-flex min-h-11 items-center py-1 wrap-anywhere focus-ring";

function UnreadMarker({ unread }: { unread: boolean }) {
  return <span aria-hidden="true" data-unread-marker={unread ? "" : undefined} className={cn("mt-4 size-2.5 shrink-0 rounded-full", unread && "bg-info")} />;
}

function QuestionGroup({ group, busy }: { group: NotificationGroup<ListedNotification>; busy: boolean }) {
  const latest = group.items[0];
  const unread = group.unread > 0;
  return (
    <>
      {/* A whole page load: opening it marks the question's notifications read on the way to the latest answer. */}
      <Link to={`/notifications/${latest.id}`} reloadDocument className={cn(linkClass, unread ? "font-semibold" : "font-medium")}>
        <span>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {groupSummary(group)} on “<span className="text-link underline underline-offset-4">{group.title}</span>”
        </span>
      </Link>
      <ul className="grid gap-0.5 text-sm text-muted-foreground">
        {group.items.slice(0, SHOWN).map((n) => (
          <li key={n.id}>
            <span className={n.unread ? "text-foreground" : undefined}>{describe(n)}</span> · <RelativeTime date={n.createdAt} />
          </li>
        ))}
        {group.items.length > SHOWN ? <li>{`and ${group.items.length - SHOWN} earlier`}</li> : null}
      </ul>
      {unread ? (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="mark-read" />
          <input type="hidden" name="questionId" value={group.questionId ?? ""} />
          <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Mark read: ${group.title}`}>
            Mark read
          </Button>
        </Form>
      ) : null}
    </>
  );
}

function AccountNotice({ n }: { n: ListedNotification }) {
  return (
    <>
      <p className={n.unread ? "font-semibold" : undefined}>
        {n.unread ? <span className="sr-only">Unread: </span> : null}
        {describe(n)}
      </p>
      <Link to={`/notifications/${n.id}`} reloadDocument className={cn(linkClass, "font-medium text-link underline underline-offset-4")}>
        {takenDown(n)
          ? "Read your story on your account"
          : n.postTitle !== undefined && isStoryKind(n.kind)
            ? STORY_LINKS[n.kind]
            : isReportKind(n.kind)
              ? REPORT_NOTICES[n.kind].link
              : n.kind === HIDDEN_KIND
                ? "See your post, edit it or ask for another look"
                : "Not you? Review and remove passkeys on your security page"}
      </Link>
      <RelativeTime date={n.createdAt} className="text-sm text-muted-foreground" />
    </>
  );
}

export function NotificationList({ items, busyQuestion }: { items: ListedNotification[]; busyQuestion: number | null }) {
  const groups = groupNotifications(items);
  return (
    <ul className="divide-y border-y" aria-label="Notifications by question, latest activity first">
      {groups.map((group) => (
        <li key={group.key} data-notification-group={group.questionId ?? undefined} className="flex gap-3 py-3">
          <UnreadMarker unread={group.unread > 0} />
          <div className="grid min-w-0 flex-1 justify-items-start gap-1">
            {group.questionId === null ? <AccountNotice n={group.items[0]} /> : <QuestionGroup group={group} busy={busyQuestion === group.questionId} />}
          </div>
        </li>
      ))}
    </ul>
  );
}
