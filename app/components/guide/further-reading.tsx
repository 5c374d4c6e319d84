// Pages by public health bodies (and one national arthritis charity) for readers who want a second,
// independent source. Links only: their text is theirs. The addresses are the bodies' long-standing
// condition pages, and the NHS page on capsaicin cream, which every guide's product card is about.

import { ExternalLink } from "~/components/icons";

export interface ReadingLink {
  href: string;
  title: string;
  publisher: string;
}

export const FURTHER_READING: readonly ReadingLink[] = [
  { href: "https://www.nhs.uk/conditions/rheumatoid-arthritis/", title: "Rheumatoid arthritis", publisher: "NHS (UK National Health Service)" },
  {
    href: "https://www.niams.nih.gov/health-topics/rheumatoid-arthritis",
    title: "Rheumatoid arthritis",
    publisher: "NIAMS (US National Institute of Arthritis and Musculoskeletal and Skin Diseases)",
  },
  { href: "https://www.cdc.gov/arthritis/rheumatoid-arthritis/index.html", title: "Rheumatoid arthritis", publisher: "CDC (US Centers for Disease Control and Prevention)" },
  {
    href: "https://www.versusarthritis.org/about-arthritis/conditions/rheumatoid-arthritis/",
    title: "Rheumatoid arthritis",
    publisher: "Versus Arthritis (UK arthritis charity)",
  },
  { href: "https://www.nhs.uk/medicines/capsaicin-cream/", title: "Capsaicin cream", publisher: "NHS (UK National Health Service)" },
];

export function FurtherReading({ links }: { links: readonly ReadingLink[] }) {
  return (
    <section aria-labelledby="further-reading-heading" className="mt-10" data-further-reading="">
      <h2 id="further-reading-heading" className="text-2xl font-bold">
        Further reading
      </h2>
      <p className="mt-2 text-muted-foreground">Independent information from public health bodies and a national arthritis charity. These links open their websites in a new tab.</p>
      <ul className="mt-4 grid gap-1">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 py-1 font-medium text-link underline underline-offset-4 hover:no-underline focus-ring"
            >
              <span>
                {link.title}: {link.publisher}
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
              <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
