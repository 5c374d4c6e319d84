// One helper builds every page's head: title, description, keywords, canonical, robots,
// Open Graph, Twitter and JSON-LD. Pages call it from their `meta` export.
import { DEFAULT_SHARE_IMAGE, LOGO_PATH, LOGO_SIZE, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from "./share-image";
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Capsiva RA Community";
export const DEFAULT_DESCRIPTION =
  "Rheumatoid arthritis pain relief, support and stories: a community for people living with RA, with guides on topical capsaicin relief for hands and joints.";
export const DEFAULT_KEYWORDS = [
  "rheumatoid arthritis",
  "RA pain relief",
  "arthritis pain relief",
  "capsaicin cream",
  "arthritis hand cream",
  "joint pain",
  "RA community",
];

export interface SeoInput {
  /** The page's own title; the site name is appended unless `fullTitle` is set. */
  title?: string;
  fullTitle?: string;
  description?: string;
  keywords?: readonly string[];
  /** Path of the canonical URL, e.g. "/blog"; omitted for pages that should not be indexed. */
  path?: string;
  type?: "website" | "article";
  image?: string;
  noindex?: boolean;
  article?: { publishedTime?: string; modifiedTime?: string; author?: string };
  jsonLd?: object | object[];
  extra?: MetaDescriptor[];
}

/** Reads the canonical base URL from the root loader's data. */
export function siteUrlFrom(matches: readonly unknown[]): string {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === "root") as
    { loaderData?: { config?: { siteUrl?: string } }; data?: { config?: { siteUrl?: string } } } | undefined;
  return root?.loaderData?.config?.siteUrl ?? root?.data?.config?.siteUrl ?? "http://localhost:3000";
}

export function seo(siteUrl: string, input: SeoInput): MetaDescriptor[] {
  const title = input.fullTitle ?? (input.title ? `${input.title} | ${SITE_NAME}` : `${SITE_NAME}: Rheumatoid Arthritis Pain Relief & Support`);
  const description = input.description ?? DEFAULT_DESCRIPTION;
  const keywords = (input.keywords ?? DEFAULT_KEYWORDS).join(", ");
  const url = input.path !== undefined ? new URL(input.path, siteUrl).toString() : undefined;
  const imagePath = shareImagePath(input.image ?? DEFAULT_SHARE_IMAGE);
  const image = new URL(imagePath, siteUrl).toString();
  const png = imagePath.endsWith(".png");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
    { name: "robots", content: input.noindex ? "noindex, nofollow" : "index, follow" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:image", content: image },
    ...(png
      ? [
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(SHARE_IMAGE_WIDTH) },
          { property: "og:image:height", content: String(SHARE_IMAGE_HEIGHT) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    // Feed readers and browsers find the members' stories feed from any page, not only /rss.xml.
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: SITE_NAME, href: `${siteUrl}/rss.xml` },
  ];
  if (url) {
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  if (input.article) {
    const a = input.article;
    if (a.publishedTime) tags.push({ property: "article:published_time", content: a.publishedTime });
    if (a.modifiedTime) tags.push({ property: "article:modified_time", content: a.modifiedTime });
    if (a.author) tags.push({ property: "article:author", content: a.author });
  }
  for (const block of [input.jsonLd ?? []].flat()) tags.push({ "script:ld+json": block });
  return [...tags, ...(input.extra ?? [])];
}

/** The organisation behind the site, used as author and publisher in structured data. */
export function organization(siteUrl: string) {
  return {
    "@type": "Organization",
    name: "Capsiva",
    url: siteUrl,
    // A PNG the build renders from the favicon drawing: search engines do not take SVG logos.
    logo: { "@type": "ImageObject", url: new URL(LOGO_PATH, siteUrl).toString(), width: LOGO_SIZE, height: LOGO_SIZE },
  };
}
