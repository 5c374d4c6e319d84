// A member's unread count, for the bell of a page whose live stream says their inbox changed.
import { runtimeContext } from "~/server/context";
import { caughtUp } from "~/server/infra/live.server";
import { getViewer } from "~/server/accounts/accounts.server";
import type { Route } from "./+types/notifications-count";

export async function loader({ request, context }: Route.LoaderArgs) {
  await caughtUp(new URL(request.url).searchParams.get("at"), context.get(runtimeContext));
  const viewer = getViewer(context);
  const headers = { "Cache-Control": "private, no-store" };
  if (!viewer) return Response.json({ unread: null }, { status: 401, headers });
  return Response.json({ unread: await context.get(runtimeContext).unread.get(viewer.id) }, { headers });
}
