import { Link } from "react-router";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import type { Route } from "./+types/about";
import { publicPage } from "~/lib/public-page";

export function loader({ context }: Route.LoaderArgs) {
  return { storeUrl: context.get(runtimeContext).env.STORE_URL };
}

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "About this site",
    description:
      "Who runs the Capsiva RA Community and why: a place for people with rheumatoid arthritis, run by Capsiva, a company that sells capsaicin products.",
    path: "/about",
  });

export default function About({ loaderData: { storeUrl } }: Route.ComponentProps) {
  return (
    <article className="prose-content mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">About this site</h1>
      <h2>Who runs it</h2>
      <p>The Capsiva RA Community is run by Capsiva, a company that makes and sells topical capsaicin products, such as creams and roll-ons for sore joints.</p>
      <h2>Why it exists</h2>
      <p>
        Living with rheumatoid arthritis can be lonely, and the everyday questions (how to open a jar on a bad morning, what to ask at an appointment) are often
        best answered by other people who live with it. This site gives them a place to ask, answer and share their stories, next to plain guides about RA and
        pain relief.
      </p>
      <h2>We sell products, and this site promotes them</h2>
      <p>
        Capsiva sells capsaicin products, and this site promotes them: some guides describe our products and link to our <a href={storeUrl}>online store</a>.
        Capsaicin helps some people and not others. Our guides say so, and they also describe treatments and habits that have nothing to do with what we sell.
      </p>
      <p>Members are free to say that a product, ours or anyone else&rsquo;s, did not help them.</p>
      <h2>Not medical advice</h2>
      <p>
        The guides and the community&rsquo;s posts are for general education and shared experience. They are not medical advice and cannot replace your doctor,
        rheumatologist or pharmacist. Talk to them before you start, stop or change a treatment.
      </p>
      <h2>More about how the site works</h2>
      <ul>
        <li>
          <Link to="/privacy">Privacy</Link>: what we store about you and how to download or delete it.
        </li>
        <li>
          <Link to="/terms">Terms</Link>: the rules for using the site.
        </li>
        <li>
          <Link to="/community-guidelines">Community guidelines</Link>: how members look after each other.
        </li>
        <li>
          <Link to="/contact">Contact</Link>: how to reach us.
        </li>
      </ul>
    </article>
  );
}
