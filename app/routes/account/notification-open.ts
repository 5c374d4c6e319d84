// Opening a notification from the list (or from a mail): marks it read and goes to the answer,
// or to the security page, story or article it is about. A GET because it is a link; the
// freshness rules count it as a write, so the unread count on every page is right next request.
import { data, redirect } from "react-router";
import { runtimeContext } from "~/server/context";
import { openNotification } from "~/server/notifications/notifications.server";
import { requireUser } from "~/server/accounts/accounts.server";
import type { Route } from "./+types/notification-open";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) throw data(null, { status: 404 });
  const target = await openNotification(context.get(runtimeContext), viewer.id, id);
  if (!target) throw data(null, { status: 404 });
  if (target.path) return redirect(target.path);
  return redirect(`/forum/${target.questionId}#answer-${target.answerId}`);
}
