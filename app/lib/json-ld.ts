// Structured data (schema.org JSON-LD) built from what the page shows, so the two never disagree.
// Pages hand these objects to `seo({ jsonLd })`.
import { organization } from "./seo";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from "./share-image";

const CONTEXT = "https://schema.org";

export function absoluteUrl(siteUrl: string, path: string) {
  return new URL(path, siteUrl).toString();
}

/** The 1200 x 630 PNG the build renders from an SVG illustration (/share/…), with its size. */
export function shareImageObject(siteUrl: string, svgPath: string) {
  return { "@type": "ImageObject", url: absoluteUrl(siteUrl, shareImagePath(svgPath)), width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT };
}

export function articleJsonLd(
  siteUrl: string,
  article: { path: string; headline: string; description: string; image: string; datePublished: string; dateModified: string },
) {
  const url = absoluteUrl(siteUrl, article.path);
  return {
    "@context": CONTEXT,
    "@type": "Article",
    headline: article.headline,
    description: article.description,
    // Search engines take raster images for results; the drawing itself follows.
    image: [shareImageObject(siteUrl, article.image), absoluteUrl(siteUrl, article.image)],
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    author: organization(siteUrl),
    publisher: organization(siteUrl),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}

export function faqPageJsonLd(items: readonly { q: string; a: string }[]) {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.q,
      acceptedAnswer: { "@type": "Answer", text: item.a },
    })),
  };
}

export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly { name: string; path: string }[]) {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}
