import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/forum-question";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "ForumQuestion", path: location.pathname });

export default function ForumQuestionPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">ForumQuestion</h1>
    </div>
  );
}
