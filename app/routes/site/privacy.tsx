import { Link } from "react-router";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/privacy";
import { publicPage } from "~/lib/public-page";

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Privacy",
    description:
      "What the Capsiva RA Community stores about you, what it never does (no trackers, no third-party requests), and how to download or delete your data.",
    path: "/privacy",
  });

export default function Privacy() {
  return (
    <article className="prose-content mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Privacy</h1>
      <p>This page says in plain words what this site keeps about you, why, and how you can take it with you or remove it.</p>
      <h2>If you only read</h2>
      <p>
        You can read the guides, stories and forum without an account. We do not set tracking cookies and we do not build a profile of what you read. A small
        cookie may remember whether the side menu is open.
      </p>
      <h2>What we store when you join</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your email address, your display name if you choose one, and your password in a one-way scrambled form (we cannot read
          it). If you turn on two-step verification or add a passkey, we keep what is needed to check them.
        </li>
        <li>
          <strong>What you post:</strong> your questions, answers and stories, and any reports you make about other posts. Posts are public.
        </li>
        <li>
          <strong>Your sessions:</strong> for each device you are signed in on, when you signed in, the browser and the network address it used. This lets you
          see your devices on the <Link to="/account/security">security page</Link> and sign any of them out.
        </li>
        <li>
          <strong>Server logs:</strong> for each request, the time, the page address, the result and how long it took; for each email we send, the address it
          went to and its subject. Logs never contain what you wrote, your password or your session cookie. We use them to keep the site running and to
          investigate faults and abuse.
        </li>
      </ul>
      <h2>What we do not do</h2>
      <ul>
        <li>No advertising or analytics trackers.</li>
        <li>
          No requests to other companies when you load a page: fonts, images and scripts all come from this site. Links to other websites only take you there
          when you choose to follow them.
        </li>
        <li>We do not sell your data.</li>
      </ul>
      <h2>Emails</h2>
      <p>We email you only about your account, for example to confirm your address or to reset your password.</p>
      <h2>Download or delete your data</h2>
      <p>
        On your <Link to="/account">account page</Link> you can download everything you have written here as a file, and delete your account. When you delete
        it, you choose whether your posts are removed too or stay on the site as &lsquo;Anonymous&rsquo;. Your sessions end at once.
      </p>
      <h2>Questions</h2>
      <p>
        If you have a question about your data, <Link to="/contact">contact us</Link>.
      </p>
    </article>
  );
}
