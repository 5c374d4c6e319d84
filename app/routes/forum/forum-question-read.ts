// Reading a question marks the member's notifications about it read: the page shows every
// answer. A POST the page sends with the member's session once it is on screen (same-origin,
// like every form); only their own notifications can change.
import { data } from "react-router";
import { runtimeContext } from "~/server/context";
import { markQuestionRead } from "~/server/notifications/notifications.server";
import { getViewer } from "~/server/accounts/accounts.server";
import type { Route } from "./+types/forum-question-read";
import { parseQuestionId } from "./forum-question";

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405 });
  const id = parseQuestionId(params.questionId);
  if (!id) throw data(null, { status: 404 });
  const viewer = getViewer(context);
  if (!viewer) return data({ ok: false }, { status: 401 });
  const marked = await markQuestionRead(context.get(runtimeContext), viewer.id, id);
  return { ok: true, marked };
}

export function loader() {
  throw data(null, { status: 405 });
}
