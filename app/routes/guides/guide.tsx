// The ten educational guides, each at /blog/<slug>, all rendered by this one module.
import { data } from "react-router";
import { GuideLayout, guideCrumbs, type GuideView } from "~/components/guide/guide-layout";
import { articleJsonLd, breadcrumbJsonLd, faqPageJsonLd } from "~/lib/json-ld";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { guideReviewer, publicConfig } from "~/server/infra/env.server";
import { pageAddressOf } from "~/server/accounts/accounts.server";
import { allGuides, getGuide } from "~/server/guides/guides.server";
import { GUIDE_COPY } from "~/server/guides/guides.server";
import type { Route } from "./+types/guide";
import { publicPage } from "~/lib/public-page";

/** The guide's slug from the page's own address (a client-side navigation asks for "<page>.data"). */
function guideSlugFrom(request: Request) {
  return pageAddressOf(request).split("?")[0].split("/").filter(Boolean).pop() ?? "";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const guide = getGuide(guideSlugFrom(request));
  if (!guide) throw data(null, { status: 404 });
  const { env } = context.get(runtimeContext);
  const config = publicConfig(env);
  const view: GuideView = {
    slug: guide.slug,
    title: guide.title,
    description: guide.description,
    keywords: guide.keywords,
    category: guide.category,
    datePublished: guide.datePublished,
    dateModified: guide.dateModified,
    readingMinutes: guide.readingMinutes,
    hero: guide.hero,
    contact: guide.contact,
    faq: guide.faq,
    htmlBefore: guide.htmlBefore,
    htmlAfter: guide.htmlAfter,
  };
  const moreGuides = [...allGuides().values()].filter((g) => g.slug !== guide.slug).map((g) => ({ slug: g.slug, title: g.title, category: g.category }));
  return {
    guide: view,
    storeUrl: config.storeUrl,
    copy: GUIDE_COPY,
    contact: {
      postalAddress: config.postalAddress,
      supportPhone: config.supportPhone,
      supportPhoneTel: config.supportPhoneTel,
      supportEmail: config.supportEmail,
    },
    moreGuides,
    reviewer: guideReviewer(env),
  };
}

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!loaderData) return seo(siteUrl, { title: "Page not found", noindex: true });
  const g = loaderData.guide;
  const path = `/blog/${g.slug}`;
  const jsonLd: object[] = [
    articleJsonLd(siteUrl, {
      path,
      headline: g.title,
      description: g.description,
      image: g.hero.src,
      datePublished: g.datePublished,
      dateModified: g.dateModified,
    }),
    breadcrumbJsonLd(siteUrl, guideCrumbs(g)),
  ];
  if (g.faq?.jsonLdCount) jsonLd.push(faqPageJsonLd(g.faq.items.slice(0, g.faq.jsonLdCount)));
  return seo(siteUrl, {
    title: g.title,
    description: g.description,
    keywords: g.keywords,
    path,
    type: "article",
    image: g.hero.src,
    article: { publishedTime: g.datePublished, modifiedTime: g.dateModified, author: "Capsiva" },
    jsonLd,
  });
};

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  return <GuideLayout {...loaderData} />;
}
