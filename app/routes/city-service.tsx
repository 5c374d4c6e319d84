import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/city-service";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "CityService", path: location.pathname });

export default function CityServicePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">CityService</h1>
    </div>
  );
}
