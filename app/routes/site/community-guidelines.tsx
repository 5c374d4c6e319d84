import { Link } from "react-router";
import { seo, siteUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/community-guidelines";
import { publicPage } from "~/lib/public-page";

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Community guidelines",
    description:
      "How we look after each other in the Capsiva RA Community: be kind, protect your privacy, share experience not prescriptions, what an editor looks for in a story, and report what worries you.",
    path: "/community-guidelines",
  });

export default function CommunityGuidelines() {
  return (
    <article className="prose-content mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Community guidelines</h1>
      <p>This is a place for people living with rheumatoid arthritis to support each other. A few simple rules keep it safe and kind.</p>
      <h2>Be kind</h2>
      <p>Everyone&rsquo;s RA is different. Disagree with ideas, never with people. No insults, harassment or hate.</p>
      <h2>Protect your privacy</h2>
      <ul>
        <li>Everything you post here is public. Do not share your email address, phone number, home address or medical record numbers.</li>
        <li>Use a display name you are comfortable with; it does not have to be your real name.</li>
      </ul>
      <h2>Share experience, not prescriptions</h2>
      <p>
        Tell others what has helped you, but do not tell anyone to start, stop or change a medicine. Nothing here is medical advice: talk to your doctor,
        rheumatologist or pharmacist about your treatment.
      </p>
      <h2>Be open about products</h2>
      <p>
        This site is run by Capsiva, a maker of topical capsaicin products. If you work for a company whose products you mention, say so. No spam or
        advertising.
      </p>
      <h2 id="stories">Stories: what an editor looks for</h2>
      <p>An editor reads every story before it appears on the blog. A story may be sent back to you to change, or not published, when it:</p>
      <ul>
        <li>tells readers to start, stop or change a medicine, or promises a cure;</li>
        <li>advertises or links to something for sale, or praises a product without saying that you work for its maker;</li>
        <li>names or shows private details of you or someone else (an address, a phone number, a health record);</li>
        <li>is unkind about a person or a group, or breaks any other rule on this page;</li>
        <li>was written by someone else, or has been published elsewhere;</li>
        <li>is not about living with rheumatoid arthritis, or is too short to follow.</li>
      </ul>
      <p>A story sent back keeps its text: you can change it on your account page and send it again.</p>
      <h2>Report what worries you</h2>
      <p>Use the &lsquo;Report&rsquo; link on any question or answer. Our moderators review every report and can hide content that breaks these rules.</p>
      <h2>If you are in crisis</h2>
      <p className="rounded-md border-2 border-primary p-4">
        If you are thinking about harming yourself or you are in danger, please get help now: in the US call or text <strong>988</strong> (Suicide &amp; Crisis
        Lifeline), or call <strong>911</strong> or your local emergency number. You are not alone.
      </p>
      <p>
        <Link to="/help-now">Need help now? Where to find help, in the US and elsewhere</Link>
      </p>
      <p>
        <Link to="/forum">Back to the forum</Link>
      </p>
    </article>
  );
}
