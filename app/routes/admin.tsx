import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Admin", path: location.pathname });

export default function AdminPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Admin</h1>
    </div>
  );
}
