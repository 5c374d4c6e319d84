import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Blog", path: location.pathname });

export default function BlogPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Blog</h1>
    </div>
  );
}
