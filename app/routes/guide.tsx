import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/guide";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Guide", path: location.pathname });

export default function GuidePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Guide</h1>
    </div>
  );
}
