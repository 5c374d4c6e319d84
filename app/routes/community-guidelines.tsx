import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/community-guidelines";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "CommunityGuidelines", path: location.pathname });

export default function CommunityGuidelinesPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">CommunityGuidelines</h1>
    </div>
  );
}
