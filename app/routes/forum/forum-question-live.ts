// The answers of a question this viewer may see, by id only: what an open question page asks
// when its live stream says the question changed. It counts the new ones itself, so an answer
// hidden from this viewer (a moderator's hide, a hidden account) or by a member they muted is
// never announced to them.
import { data } from "react-router";
import { runtimeContext } from "~/server/context";
import { caughtUp } from "~/server/infra/live.server";
import { questionPage } from "~/server/site/site.server";
import { getViewer } from "~/server/accounts/accounts.server";
import { mutedAmong } from "~/server/members/members.server";
import type { Route } from "./+types/forum-question-live";
import { isModerator } from "./forum-question.server";
import { parseQuestionId } from "./forum-question";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseQuestionId(params.questionId);
  if (!id) throw data(null, { status: 404 });
  await caughtUp(new URL(request.url).searchParams.get("at"), context.get(runtimeContext));
  const viewer = getViewer(context);
  const moderator = isModerator(viewer?.role);
  const question = await questionPage(context.get(runtimeContext), id, moderator);
  if (!question) throw data(null, { status: 404 });
  // An answer by a member this viewer muted is folded on their page: never announced as new to them.
  const authors = question.answers.map((a) => a.authorId);
  const muted = viewer ? await mutedAmong(context.get(runtimeContext).db, viewer.id, authors) : new Set<string>();
  const answerIds = question.answers.filter((a) => a.authorId === null || !muted.has(a.authorId)).map((a) => a.id);
  return Response.json({ answerIds }, { headers: { "Cache-Control": "no-store" } });
}
