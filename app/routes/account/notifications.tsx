import { data, Form, Link, useNavigation } from "react-router";
import { NewNotifications } from "~/components/live/new-notifications";
import { NotificationList } from "~/components/notifications/notification-list";
import { Button } from "~/components/ui/button";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { listNotifications, markAllRead, markQuestionRead } from "~/server/notifications/notifications.server";
import { requireUser } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import { pageParam } from "~/components/pagination";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Notifications", path: "/notifications", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const page = pageParam(request);
  const { items, hasMore } = await listNotifications(context.get(runtimeContext).db, viewer.id, page);
  if (page > 1 && items.length === 0) throw data(null, { status: 404 });
  return { items, page, hasMore };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const form = await request.formData();
  const runtime = context.get(runtimeContext);
  if (form.get("intent") === "mark-read") {
    // One question's group: its notifications only, whichever page it was on.
    const questionId = Number(form.get("questionId"));
    if (!Number.isSafeInteger(questionId) || questionId < 1 || questionId > 2 ** 31 - 1) return data({ error: "Unknown question" }, { status: 400 });
    const n = await markQuestionRead(runtime, viewer.id, questionId);
    const page = pageParam(request);
    return redirectWithToast(page > 1 ? `/notifications?page=${page}` : "/notifications", {
      title: "Marked as read",
      description: n ? `${n} notification${n === 1 ? "" : "s"} marked as read.` : "Nothing was unread.",
    });
  }
  if (form.get("intent") !== "mark-all-read") return data({ error: "Unknown action" }, { status: 400 });
  const n = await markAllRead(runtime, viewer.id);
  return redirectWithToast("/notifications", {
    title: "All caught up",
    description: n ? `${n} notification${n === 1 ? "" : "s"} marked as read.` : "Nothing was unread.",
  });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData : undefined;
  const busy = submitting?.get("intent") === "mark-all-read";
  const busyQuestion = submitting?.get("intent") === "mark-read" ? Number(submitting.get("questionId")) : null;
  const { items, page, hasMore } = loaderData;
  const unread = items.filter((n) => n.unread).length;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Notifications</h1>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-all-read" />
            <Button type="submit" variant="outline" disabled={busy}>
              {busy ? "Marking..." : "Mark all read"}
            </Button>
          </Form>
        ) : null}
      </div>
      <NewNotifications />
      {items.length === 0 ? (
        <p className="text-muted-foreground">Nothing yet. When someone answers your question, or a question you follow, it shows here.</p>
      ) : (
        <NotificationList items={items} busyQuestion={busyQuestion} />
      )}
      {hasMore || page > 1 ? (
        <nav aria-label="Pages of notifications" className="flex gap-3">
          {page > 1 ? (
            <Link to={page === 2 ? "/notifications" : `/notifications?page=${page - 1}`} className="inline-flex min-h-11 items-center underline">
              Newer
            </Link>
          ) : null}
          {hasMore ? (
            <Link to={`/notifications?page=${page + 1}`} className="inline-flex min-h-11 items-center underline">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
