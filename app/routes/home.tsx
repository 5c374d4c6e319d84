import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Home", path: location.pathname });

export default function HomePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Home</h1>
    </div>
  );
}
