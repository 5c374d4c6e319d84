import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "Account", path: location.pathname });

export default function AccountPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Account</h1>
    </div>
  );
}
