import { ExternalLink } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button-variants";
import type { GuideCopy } from "~/lib/guide-copy";

/** The promotion inside every guide: labelled as coming from Capsiva, honest about what capsaicin can do. */
export function GuideCta({ storeUrl, from, title, text }: { storeUrl: string } & GuideCopy["cta"]) {
  return (
    <section aria-labelledby="guide-cta-heading" data-guide-cta="" className="not-prose my-10 rounded-xl border-2 border-primary/30 bg-accent/60 p-4 sm:p-8">
      <p className="text-sm font-semibold text-muted-foreground">{from}</p>
      <h2 id="guide-cta-heading" className="mt-2 text-2xl font-bold leading-tight">
        {title}
      </h2>
      <p className="mt-3 text-base leading-relaxed">{text}</p>
      <a href={storeUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "default", size: "lg", className: "mt-5" })}>
        Visit the Capsiva store
        <span className="sr-only"> (opens in a new tab)</span>
        <ExternalLink aria-hidden="true" />
      </a>
    </section>
  );
}
