import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/admin-places";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "AdminPlaces", path: location.pathname });

export default function AdminPlacesPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">AdminPlaces</h1>
    </div>
  );
}
