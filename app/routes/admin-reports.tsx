import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/admin-reports";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "AdminReports", path: location.pathname });

export default function AdminReportsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">AdminReports</h1>
    </div>
  );
}
