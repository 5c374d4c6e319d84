import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Search", path: location.pathname });

export default function SearchPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Search</h1>
    </div>
  );
}
