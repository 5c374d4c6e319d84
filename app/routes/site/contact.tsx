import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { publicConfig } from "~/server/infra/env.server";
import type { Route } from "./+types/contact";
import { publicPage } from "~/lib/public-page";

export function loader({ context }: Route.LoaderArgs) {
  const config = publicConfig(context.get(runtimeContext).env);
  return { email: config.supportEmail, phone: config.supportPhone, phoneTel: config.supportPhoneTel, postalAddress: config.postalAddress };
}

const linkClass = "inline-flex min-h-11 items-center font-medium text-link underline underline-offset-4 hover:no-underline focus-ring";

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Contact us",
    description: "How to reach the team behind the Capsiva RA Community: email, phone and postal address.",
    path: "/contact",
  });

export default function Contact({ loaderData: contact }: Route.ComponentProps) {
  return (
    <article className="prose-content mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Contact us</h1>
      <p>
        For questions about the site, your account, your data or a post you are worried about, get in touch. We cannot give medical advice: for that, please ask
        your doctor, rheumatologist or pharmacist.
      </p>
      <dl className="mt-6 grid gap-4">
        <div>
          <dt className="font-semibold">Email</dt>
          <dd>
            <a href={`mailto:${contact.email}`} className={`${linkClass} break-all`}>
              {contact.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Phone</dt>
          <dd>
            <a href={`tel:${contact.phoneTel}`} className={linkClass}>
              {contact.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Post</dt>
          <dd>
            <address className="not-italic">{contact.postalAddress}</address>
          </dd>
        </div>
      </dl>
      <p className="mt-6">To report a post, use the &lsquo;Report&rsquo; link next to it: moderators see reports there first.</p>
    </article>
  );
}
