// The one layout every educational guide uses: breadcrumb, header, hero, body with the
// call-to-action card in the middle, FAQ, disclaimer, contact details and links to other guides.
// The body HTML is rendered on the server from our own reviewed Markdown files.
import { Badge } from "~/components/ui/badge";
import type { GuideCopy } from "~/lib/guide-copy";
import { GuideBreadcrumb, type Crumb } from "./guide-breadcrumb";
import { GuideContact, type ContactDetails } from "./guide-contact";
import { GuideCta } from "./guide-cta";
import { GuideDisclaimer } from "./guide-disclaimer";
import { GuideFaq } from "./guide-faq";
import { FurtherReading } from "./further-reading";
import { MoreGuides, type GuideLinkItem } from "./more-guides";

export interface GuideView {
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  category: string;
  datePublished: string;
  dateModified: string;
  readingMinutes: number;
  hero: { src: string; alt: string; width: number; height: number };
  contact: boolean;
  faq?: { jsonLdCount?: number; items: { q: string; a: string }[] };
  htmlBefore: string;
  htmlAfter: string;
}

export interface GuideLayoutProps {
  guide: GuideView;
  storeUrl: string;
  copy: GuideCopy;
  contact: ContactDetails;
  moreGuides: GuideLinkItem[];
  /** Only a reviewer the site's operator configured; absent by default, never made up. */
  reviewer: { name: string; credentials: string | null } | null;
}

export function guideCrumbs(guide: Pick<GuideView, "slug" | "title">): Crumb[] {
  return [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog" },
    { name: guide.title, path: `/blog/${guide.slug}` },
  ];
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "2025-01-24" -> "January 24, 2025", the same on server and client. */
export function formatGuideDate(isoDate: string) {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(d.getTime()) ? isoDate : dateFormat.format(d);
}

// Long-form text styles come from .prose-content (app.css); links that stand alone in a list
// item get a full-size touch target.
const prose = "prose-content [&_a.standalone-link]:inline-flex [&_a.standalone-link]:min-h-11 [&_a.standalone-link]:items-center";

export function GuideLayout({ guide, storeUrl, copy, contact, moreGuides, reviewer }: GuideLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <GuideBreadcrumb crumbs={guideCrumbs(guide)} />
      <article className="mt-4" data-guide={guide.slug}>
        <header>
          <Badge variant="secondary">{guide.category}</Badge>
          <h1 className="mt-3 text-3xl font-bold leading-tight sm:text-4xl">{guide.title}</h1>
          <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{guide.description}</p>
          <p className="mt-3 flex flex-wrap gap-x-2 text-base text-muted-foreground">
            <span>
              Updated <time dateTime={guide.dateModified}>{formatGuideDate(guide.dateModified)}</time>
            </span>
            <span aria-hidden="true">·</span>
            <span>{guide.readingMinutes} min read</span>
          </p>
          {reviewer ? (
            <p className="mt-2 text-base text-muted-foreground" data-guide-reviewer="">
              Reviewed by {reviewer.name}
              {reviewer.credentials ? `, ${reviewer.credentials}` : null}
            </p>
          ) : null}
        </header>
        <img
          src={guide.hero.src}
          alt={guide.hero.alt}
          width={guide.hero.width}
          height={guide.hero.height}
          fetchPriority="high"
          className="mt-6 h-auto w-full rounded-xl border bg-card"
        />
        <div className={`${prose} mt-8`} dangerouslySetInnerHTML={{ __html: guide.htmlBefore }} />
        <GuideCta storeUrl={storeUrl} {...copy.cta} />
        {guide.htmlAfter.trim() ? <div className={prose} dangerouslySetInnerHTML={{ __html: guide.htmlAfter }} /> : null}
        {guide.faq?.items.length ? <GuideFaq items={guide.faq.items} /> : null}
        <FurtherReading {...copy.furtherReading} />
        <GuideDisclaimer text={copy.disclaimer} />
      </article>
      {guide.contact ? <GuideContact contact={contact} intro={copy.contactIntro} /> : null}
      <MoreGuides guides={moreGuides} />
    </div>
  );
}
