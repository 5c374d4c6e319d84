import { Link } from "react-router";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/terms";
import { publicPage } from "~/lib/public-page";
import { runtimeContext } from "~/server/context";

export const headers = publicPage;

export function loader({ context }: Route.LoaderArgs) {
  return { minimumAge: context.get(runtimeContext).env.MINIMUM_AGE };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Terms of use",
    description: "The terms for using the Capsiva RA Community: educational content, not medical advice; what you may post; how moderation works.",
    path: "/terms",
  });

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <article className="prose-content mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Terms of use</h1>
      <p>By using this site you agree to these terms. They are written to be read, so please do.</p>
      <h2>Information, not medical advice</h2>
      <p>
        The guides and posts on this site are for general education and shared experience. They are not medical advice, diagnosis or treatment. Always ask your
        doctor, rheumatologist or pharmacist about your own health, and get urgent help if you need it.
      </p>
      <h2>Who runs the site</h2>
      <p>
        The site is run by Capsiva, which sells capsaicin products and promotes them here. Read more <Link to="/about">about us</Link>.
      </p>
      <h2>Your account</h2>
      <ul>
        <li data-minimum-age="">
          You must be {loaderData.minimumAge} or older to have an account. You confirm it when you sign up; a moderator may close an account that belongs to
          someone younger.
        </li>
        <li>Keep your password to yourself. You are responsible for what is posted from your account.</li>
        <li>You can delete your account at any time from your account page.</li>
      </ul>
      <h2>What you post</h2>
      <ul>
        <li>Your questions, answers and stories are public. Do not post your own or anyone else&rsquo;s contact details or medical records.</li>
        <li>
          Follow the <Link to="/community-guidelines">community guidelines</Link>: be kind, share experience rather than prescriptions, and say so if you work
          for a company whose products you mention.
        </li>
        <li>You keep the rights to what you write. You allow us to show it on this site for as long as it stays here.</li>
      </ul>
      <h2>Moderation</h2>
      <p>
        Moderators may hide or remove posts that break these terms or the guidelines, and may close accounts that keep doing so. Stories are reviewed before
        they are published.
      </p>
      <h2>Links to other websites</h2>
      <p>We link to other websites, such as public health bodies, for further reading. We are not responsible for what they say.</p>
      <h2>Changes</h2>
      <p>
        If these terms change, the new version will be on this page. If you have a question about them, <Link to="/contact">contact us</Link>.
      </p>
    </article>
  );
}
