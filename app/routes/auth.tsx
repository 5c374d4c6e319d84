import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Auth", path: location.pathname });

export default function AuthPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Auth</h1>
    </div>
  );
}
