// Who to call when someone may be in danger now: 988 and 911 in the US, the local emergency
// number or a local crisis line elsewhere. Information only, in the site's words: the same box
// on the help page and wherever a member is shown it.
import { Link } from "react-router";
import { HELP_NOW_LABEL, HELP_NOW_PATH } from "~/lib/help-now";

export function CrisisResources({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="crisis-resources" className="grid gap-2 rounded-md border-2 border-primary p-4" data-crisis-resources="">
      <Heading id="crisis-resources" className="text-xl font-semibold">
        If you or someone else may be in danger now
      </Heading>
      <ul className="grid list-disc gap-1 pl-5">
        <li>
          In the US, call or text <strong>988</strong> to reach the Suicide &amp; Crisis Lifeline.
        </li>
        <li>
          In an emergency in the US, call <strong>911</strong>.
        </li>
        <li>Outside the US, call your local emergency number, or a crisis line where you live.</li>
      </ul>
      <p>You are not alone, and reaching out is the right thing to do.</p>
    </section>
  );
}

/** The small "Need help now?" link placed beside a disclaimer. */
export function HelpNowLink() {
  return (
    <Link to={HELP_NOW_PATH} className="inline-flex min-h-11 items-center font-medium underline underline-offset-4" data-help-now-link="">
      {HELP_NOW_LABEL}
    </Link>
  );
}
