import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/auth-reset";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "AuthReset", path: location.pathname });

export default function AuthResetPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">AuthReset</h1>
    </div>
  );
}
