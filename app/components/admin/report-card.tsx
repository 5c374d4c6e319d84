// One reported post in the moderators' queue: who wrote it, its words as reported and as they are
// now, every report of it (reason, words, who and when), and what a moderator can do. A post with
// an "at risk" report says so first, in words as well as colour.
import { Form, Link } from "react-router";
import { AuthorName } from "~/components/author-name";
import { HIDDEN_POST } from "~/components/forum/question-controls";
import { RelativeTime } from "~/components/relative-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { reasonLabel } from "~/lib/report-reasons";
import type { ReportCard } from "~/server/moderation/moderation.server";
import { StandingForms, StandingNote } from "./standing-forms";

const STATUS: Record<string, string> = { hidden: "dealt with by hiding it", dismissed: "dismissed", restored: "dealt with by restoring it" };

function Words({ label, title, text }: { label: string; title: string | null; text: string }) {
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium">{label}</p>
      <blockquote className="grid gap-1 border-l-4 pl-3 wrap-anywhere">
        {title ? <span className="font-semibold">{title}</span> : null}
        <span className="line-clamp-6 whitespace-pre-line">{text}</span>
      </blockquote>
    </div>
  );
}

export function OpenReportCard({ card }: { card: ReportCard & { actable: boolean } }) {
  const link = `/forum/${card.questionId}${card.targetType === "answer" ? `#answer-${card.targetId}` : ""}`;
  const what = card.targetType === "question" ? "question" : "answer";
  return (
    <li data-report-card={card.urgent ? "urgent" : ""}>
      <Card className={card.hidden ? HIDDEN_POST : card.urgent ? "border-2 border-destructive" : undefined} data-hidden-post={card.hidden ? "" : undefined}>
        <CardContent className="grid gap-3 pt-6">
          <p className="flex flex-wrap items-center gap-2">
            {card.urgent ? <Badge>Urgent: may be at risk</Badge> : null}
            <Badge variant="secondary">{card.targetType === "question" ? "Question" : "Answer"}</Badge>
            {card.hidden ? <Badge variant="hidden">Hidden</Badge> : null}
            <span className="text-sm text-muted-foreground">
              Written by <AuthorName name={card.authorName} profile={card.authorProfile} />
            </span>
          </p>
          <StandingNote standing={{ silencedUntil: card.authorSilencedUntil, suspended: card.authorSuspended }} />
          {card.reportedText !== null ? (
            <>
              <Words label="As reported" title={card.reportedTitle} text={card.reportedText} />
              {card.changedSince ? (
                <Words label="Now (edited since)" title={card.titleNow} text={card.textNow} />
              ) : (
                <p className="text-sm text-muted-foreground">Not edited since it was reported.</p>
              )}
            </>
          ) : (
            <Words label="Now" title={card.titleNow} text={card.textNow} />
          )}
          <div className="grid gap-1">
            <h3 className="font-medium">{card.reports.length === 1 ? "1 report of this " + what : `${card.reports.length} reports of this ${what}`}</h3>
            {/* Paragraphs, not a nested list: the card itself is the queue's list item. */}
            <div className="grid gap-2">
              {card.reports.map((r) => (
                <p key={r.id} className="grid gap-0.5 text-sm" data-report={r.status}>
                  <span>
                    <span className="font-medium">{reasonLabel(r.category)}</span>
                    {r.reason ? <span className="wrap-anywhere">: {r.reason}</span> : null}
                  </span>
                  <span className="text-muted-foreground">
                    {r.reporterName} · <RelativeTime date={r.createdAt} />
                    {r.status !== "open" ? ` · ${STATUS[r.status] ?? "dealt with"}` : null}
                  </span>
                </p>
              ))}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <TargetActions targetType={card.targetType} targetId={card.targetId} hidden={card.hidden} link={link} />
            <Form method="post">
              <input type="hidden" name="intent" value="dismiss" />
              {card.openIds.map((id) => (
                <input key={id} type="hidden" name="reportId" value={id} />
              ))}
              <Button type="submit" variant="outline" size="sm">
                Dismiss
              </Button>
            </Form>
          </div>
          {card.authorId ? (
            <StandingForms
              idPrefix={`${card.targetType}-${card.targetId}`}
              standing={{
                memberId: card.authorId,
                name: card.authorName,
                silencedUntil: card.authorSilencedUntil,
                suspended: card.authorSuspended,
                actable: card.actable,
              }}
            />
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

/** "View in context" while the post shows, and the button that hides or restores it. */
export function TargetActions({ targetType, targetId, hidden, link }: { targetType: string; targetId: number; hidden: boolean; link: string }) {
  return (
    <>
      {hidden ? null : (
        <Link to={link} className="inline-flex min-h-11 items-center underline">
          View in context
        </Link>
      )}
      <Form method="post">
        <input type="hidden" name="targetType" value={targetType} />
        <input type="hidden" name="targetId" value={targetId} />
        <input type="hidden" name="intent" value={hidden ? "restore" : "hide"} />
        <Button type="submit" variant={hidden ? "outline" : "destructive"} size="sm">
          {hidden ? "Restore" : "Hide"}
        </Button>
      </Form>
    </>
  );
}
