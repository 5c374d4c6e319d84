// "Check for new answers" without JavaScript: a link that always loads the question page again
// (a link to the page's own address would only scroll), landing at its answers.
import { data, redirect } from "react-router";
import type { Route } from "./+types/forum-question-check";
import { parseQuestionId } from "./forum-question";

export function loader({ params }: Route.LoaderArgs) {
  const id = parseQuestionId(params.questionId);
  if (!id) throw data(null, { status: 404 });
  return redirect(`/forum/${id}#answers-heading`, { headers: { "Cache-Control": "no-store" } });
}
