import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/admin-posts";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "AdminPosts", path: location.pathname });

export default function AdminPostsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">AdminPosts</h1>
    </div>
  );
}
