import { Link } from "react-router";
import { CrisisResources } from "~/components/crisis-resources";
import { publicPage } from "~/lib/public-page";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/help-now";

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Need help now?",
    description: "If you or someone else may be in danger now: call or text 988 in the US, call 911 in an emergency, or your local emergency number.",
    path: "/help-now",
  });

export default function HelpNow() {
  return (
    <article className="prose-content mx-auto grid max-w-3xl gap-4 px-4 py-8">
      <h1 className="text-3xl font-bold">Need help now?</h1>
      <p>This community is a place to share experience of living with rheumatoid arthritis. It is not a crisis service, and no one here can send help.</p>
      <CrisisResources />
      <h2 className="text-xl font-semibold">If a post worries you</h2>
      <p>
        If someone here may be at risk of harming themselves, report their post and choose &lsquo;May be at risk of harming themselves&rsquo;. Every moderator
        is told at once. If you think they are in danger right now, call for help as well.
      </p>
      <h2 className="text-xl font-semibold">About this page</h2>
      <p>
        This page is for information only and is not medical advice. For your treatment, talk to your doctor, rheumatologist or pharmacist. Read our{" "}
        <Link to="/community-guidelines">community guidelines</Link>.
      </p>
    </article>
  );
}
