import { ExternalLink } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button-variants";

/** The promotion inside every guide: labelled as coming from Capsiva, honest about what capsaicin can do. */
export function GuideCta({ storeUrl }: { storeUrl: string }) {
  return (
    <section
      aria-labelledby="guide-cta-heading"
      data-guide-cta=""
      className="not-prose my-10 rounded-xl border-2 border-primary/30 bg-accent/60 p-6 sm:p-8"
    >
      <p className="text-sm font-semibold text-muted-foreground">From Capsiva, the makers of this site</p>
      <h2 id="guide-cta-heading" className="mt-2 text-2xl font-bold leading-tight">
        Capsiva capsaicin hand cream and roll-on
      </h2>
      <p className="mt-3 text-base leading-relaxed">
        Topical capsaicin helps some people with some kinds of joint pain, especially when it is used regularly for a few weeks.
        Always follow the product label, and remember that a cream or roll-on is not a replacement for care from your rheumatologist.
      </p>
      <a
        href={storeUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonVariants({ variant: "default", size: "lg", className: "mt-5" })}
      >
        Visit the Capsiva store
        <span className="sr-only"> (opens in a new tab)</span>
        <ExternalLink aria-hidden="true" />
      </a>
    </section>
  );
}
