// Pages by public health bodies for readers who want a second, independent source: links only.
import { ExternalLink } from "~/components/icons";
import type { GuideCopy } from "~/lib/guide-copy";

export function FurtherReading({ intro, links }: GuideCopy["furtherReading"]) {
  return (
    <section aria-labelledby="further-reading-heading" className="mt-10" data-further-reading="">
      <h2 id="further-reading-heading" className="text-2xl font-bold">
        Further reading
      </h2>
      <p className="mt-2 text-muted-foreground">{intro}</p>
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
