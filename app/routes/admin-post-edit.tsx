import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/admin-post-edit";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "AdminPostEdit", path: location.pathname });

export default function AdminPostEditPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">AdminPostEdit</h1>
    </div>
  );
}
