import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/article";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Article", path: location.pathname });

export default function ArticlePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Article</h1>
    </div>
  );
}
