import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/auth-two-factor";

export const meta: Route.MetaFunction = ({ matches, location }) => seo(siteUrlFrom(matches), { title: "AuthTwoFactor", path: location.pathname });

export default function AuthTwoFactorPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">AuthTwoFactor</h1>
    </div>
  );
}
