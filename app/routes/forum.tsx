import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/forum";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Forum", path: location.pathname });

export default function ForumPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Forum</h1>
    </div>
  );
}
