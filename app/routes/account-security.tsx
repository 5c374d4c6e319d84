import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/account-security";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "AccountSecurity", path: location.pathname });

export default function AccountSecurityPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">AccountSecurity</h1>
    </div>
  );
}
