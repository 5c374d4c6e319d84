import { data, Form, useActionData } from "react-router";
import { FormAlert } from "~/components/form-field";
import { mayActOn } from "~/lib/standing";
import { isStandingIntent, standingAction } from "./admin-standing.server";
import { OpenReportCard, TargetActions } from "~/components/admin/report-card";
import { RelativeTime } from "~/components/relative-time";
import { reasonLabel } from "~/lib/report-reasons";
import { HIDDEN_POST } from "~/components/forum/question-controls";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { NotFoundError } from "~/server/forum/forum.server";
import { dismissReport, hideContent, listReports, restoreContent, type ReportView } from "~/server/moderation/moderation.server";
import { openReportCards } from "~/server/moderation/moderation.server";
import { decideHeld, listHeld } from "~/server/forum/forum.server";
import { HeldPosts } from "~/components/admin/held-posts";
import { requireRole } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/admin-reports";
import { AdminHeading } from "~/components/admin/admin-heading";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Reports", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireRole(request, context, "moderator");
  const { db } = context.get(runtimeContext);
  const [open, resolved, held] = await Promise.all([listReports(db, "open"), listReports(db, "resolved", 30), listHeld(db)]);
  // One card per reported post, with every report of it, and whether this moderator may act on its author.
  const cards = (await openReportCards(db, open)).map((card) => ({
    ...card,
    actable: mayActOn(viewer, { id: card.authorId, role: card.authorRole }),
  }));
  return { open, cards, resolved, held };
}

export async function action({ request, context }: Route.ActionArgs) {
  const moderator = requireRole(request, context, "moderator");
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const targetType = form.get("targetType") === "answer" ? "answer" : "question";
  const targetId = Number(form.get("targetId"));
  if (isStandingIntent(intent)) return standingAction(runtime, moderator, intent, form, "/admin/reports");
  try {
    if (intent === "hide" || intent === "restore") {
      if (!Number.isInteger(targetId) || targetId <= 0) return data({ error: "Unknown content" }, { status: 400 });
      await (intent === "hide" ? hideContent : restoreContent)(runtime, targetType, targetId, moderator.id);
      return redirectWithToast("/admin/reports", { title: intent === "hide" ? "Content hidden" : "Content restored" });
    }
    if (intent === "approve" || intent === "reject") {
      const decided = await decideHeld(runtime, targetType, targetId, intent === "approve", moderator.id);
      if (!decided) return redirectWithToast("/admin/reports", { title: "Already decided", description: "Another moderator has looked at it." });
      return redirectWithToast("/admin/reports", { title: intent === "approve" ? "Post approved" : "Post rejected" });
    }
    if (intent === "dismiss") {
      // A card's Dismiss dismisses every open report of its post.
      for (const id of form.getAll("reportId").slice(0, 100)) await dismissReport(runtime, Number(id), moderator.id);
      return redirectWithToast("/admin/reports", { title: "Report dismissed" });
    }
  } catch (error) {
    if (error instanceof NotFoundError) return data({ error: "That content no longer exists." }, { status: 404 });
    throw error;
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

const RESOLUTION: Record<string, string> = { hidden: "Resolved by hiding it", dismissed: "Dismissed", restored: "Resolved by restoring it" };

function ReportCard({ report }: { report: ReportView }) {
  const link = `/forum/${report.questionId}${report.targetType === "answer" ? `#answer-${report.targetId}` : ""}`;
  return (
    <li>
      <Card className={report.targetHidden ? HIDDEN_POST : undefined} data-hidden-post={report.targetHidden ? "" : undefined}>
        <CardContent className="grid gap-3 pt-6">
          <p className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{report.targetType === "question" ? "Question" : "Answer"}</Badge>
            {report.targetHidden ? <Badge variant="hidden">Hidden</Badge> : null}
            <span className="text-sm text-muted-foreground">
              Reported by {report.reporterName} <RelativeTime date={report.createdAt} />
              {/* Plain words, not a pill beside the buttons that could pass for one. */}
              {report.targetHidden ? " · Now hidden from members" : null}
              {report.status !== "open" ? ` · ${RESOLUTION[report.status] ?? "Resolved"}` : null}
            </span>
          </p>
          {report.targetTitle ? <p className="font-semibold wrap-anywhere">{report.targetTitle}</p> : null}
          <blockquote className="line-clamp-6 whitespace-pre-line wrap-anywhere border-l-4 pl-3">{report.targetContent}</blockquote>
          <p>
            <span className="font-medium">Reason:</span> {reasonLabel(report.category)}
            {report.reason ? <span className="wrap-anywhere">: {report.reason}</span> : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <TargetActions targetType={report.targetType} targetId={report.targetId} hidden={report.targetHidden} link={link} />
            {report.status === "open" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="dismiss" />
                <input type="hidden" name="reportId" value={report.id} />
                <Button type="submit" variant="outline" size="sm">
                  Dismiss
                </Button>
              </Form>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const failed = useActionData<typeof action>();
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
      <AdminHeading>Reports</AdminHeading>
      {failed && "error" in failed ? <FormAlert title="Nothing was changed">{failed.error}</FormAlert> : null}
      <section aria-labelledby="open-reports" className="grid gap-3">
        <h2 id="open-reports" className="text-2xl font-semibold">
          Waiting for review ({loaderData.open.length})
        </h2>
        {loaderData.open.length === 0 ? <p>Nothing to review. Thank you for looking after the community.</p> : null}
        <ul className="grid gap-3">
          {loaderData.cards.map((card) => (
            <OpenReportCard key={`${card.targetType}-${card.targetId}`} card={card} />
          ))}
        </ul>
      </section>
      <HeldPosts held={loaderData.held} />
      {loaderData.resolved.length ? (
        <section aria-labelledby="resolved-reports" className="grid gap-3">
          <h2 id="resolved-reports" className="text-2xl font-semibold">
            Recently resolved
          </h2>
          <ul className="grid gap-3">
            {loaderData.resolved.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
