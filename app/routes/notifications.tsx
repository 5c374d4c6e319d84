import { data, Form, Link, useNavigation } from "react-router";
import { RelativeTime } from "~/components/relative-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { listNotifications, markAllRead } from "~/server/notifications.server";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageParam } from "~/components/pagination";
import { storyNoticeText, type StoryKind } from "~/lib/story-notices";
import type { Route } from "./+types/notifications";

const STORY_LINKS: Record<StoryKind, string> = {
  "story-published": "Read it on the blog",
  "story-returned": "Read the note and edit your story",
  "story-declined": "Your stories on your account page",
};

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
  if (form.get("intent") !== "mark-all-read") return data({ error: "Unknown action" }, { status: 400 });
  const n = await markAllRead(context.get(runtimeContext).db, viewer.id);
  return redirectWithToast("/notifications", { title: "All caught up", description: n ? `${n} notification${n === 1 ? "" : "s"} marked as read.` : "Nothing was unread." });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "mark-all-read";
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
      {items.length === 0 ? (
        <p className="text-muted-foreground">Nothing yet. When someone answers your question, or a question you follow, it shows here.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Notifications, newest first">
          {items.map((n) => (
            <li key={n.id}>
              <Card className={n.unread ? "border-2 border-info" : undefined}>
                <CardContent className="grid gap-1 pt-6">
                  <p className="flex flex-wrap items-center gap-2">
                    {n.unread ? <Badge>New</Badge> : null}
                    <span className={n.unread ? "font-semibold" : undefined}>
                      {"postTitle" in n
                        ? storyNoticeText(n.kind, n.postTitle)
                        : n.kind === "passkey-added"
                        ? "A passkey was added to your account"
                        : n.kind === "answer"
                        ? `${n.authorName} answered your question`
                        : n.kind === "followed"
                          ? `${n.authorName} answered a question you follow`
                          : n.kind === "helpful"
                            ? "Someone found your answer helpful"
                            : "The asker says your answer helped them most"}
                    </span>
                  </p>
                  {/* A whole page load: opening it marks it read on the way to the answer. */}
                  <Link to={`/notifications/${n.id}`} reloadDocument className="inline-flex min-h-11 items-center font-medium underline wrap-anywhere">
                    {"postTitle" in n ? STORY_LINKS[n.kind] : (n.questionTitle ?? "Not you? Review and remove passkeys on your security page")}
                  </Link>
                  <RelativeTime date={n.createdAt} className="text-sm text-muted-foreground" />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
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
