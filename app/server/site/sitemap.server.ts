// What search engines and feed readers get: the sitemap (every public page once), robots.txt and
// the RSS feed of published stories. Each document is a fixed number of statements.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { escapeHtml, escapeRssTitle, escapeXml } from "~/lib/escape";
import { SITE_PAGES } from "~/lib/site-pages";
import type { Db } from "~/server/infra/db.server";
import { allGuides } from "~/server/guides/guides.server";
import { shortenAtWord } from "~/lib/shorten";
import { postPlainText } from "~/server/infra/post-markdown.server";
import { blogPosts, cities, cityServicePages, forumAnswers, forumQuestions, forumTopics, services } from "../../../db/schema";

/** The sitemaps protocol allows at most 50,000 URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
export const FEED_SIZE = 50;
export const FEED_DESCRIPTION_LENGTH = 160;
export const SEO_CACHE_CONTROL = "public, max-age=300";

export interface SitemapEntry {
  /** Path under SITE_URL, already percent-encoded. */
  path: string;
  lastmod?: Date | string | null;
}

const seg = (s: string) => encodeURIComponent(s);

function isoDate(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** Every public page: home, blog, forum, the pages about the site, guides, published posts, forum topics, visible questions, city pages. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const latestAnswers = db
    .select({ questionId: forumAnswers.questionId, at: sql<Date>`max(${forumAnswers.createdAt})`.as("at") })
    .from(forumAnswers)
    .where(isNull(forumAnswers.hiddenAt))
    .groupBy(forumAnswers.questionId)
    .as("latest_answers");

  const [posts, topics, questions, pairs] = await Promise.all([
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)),
    db.select({ slug: forumTopics.slug, updatedAt: forumTopics.updatedAt }).from(forumTopics).orderBy(forumTopics.position, forumTopics.id),
    db
      .select({
        id: forumQuestions.id,
        updatedAt: forumQuestions.updatedAt,
        answeredAt: latestAnswers.at,
      })
      .from(forumQuestions)
      .leftJoin(latestAnswers, eq(latestAnswers.questionId, forumQuestions.id))
      .where(isNull(forumQuestions.hiddenAt))
      .orderBy(desc(forumQuestions.createdAt), desc(forumQuestions.id)),
    db
      .select({ citySlug: cities.slug, serviceSlug: services.slug, updatedAt: cityServicePages.updatedAt })
      .from(cities)
      .innerJoin(services, sql`true`)
      .leftJoin(cityServicePages, and(eq(cityServicePages.cityId, cities.id), eq(cityServicePages.serviceId, services.id)))
      .where(and(eq(cities.isActive, true), eq(services.isActive, true)))
      .orderBy(cities.slug, services.slug),
  ]);

  const entries: SitemapEntry[] = [{ path: "/" }, { path: "/blog" }, { path: "/forum" }, ...SITE_PAGES.map((p) => ({ path: p.path }))];
  for (const guide of allGuides().values()) entries.push({ path: `/blog/${seg(guide.slug)}`, lastmod: guide.dateModified });
  for (const p of posts) entries.push({ path: `/article/${seg(p.slug)}`, lastmod: p.updatedAt });
  entries.push({ path: "/forum/topics" });
  for (const t of topics) entries.push({ path: `/forum/topics/${seg(t.slug)}`, lastmod: t.updatedAt });
  for (const q of questions) {
    const answeredAt = q.answeredAt ? new Date(q.answeredAt) : null;
    const lastmod = answeredAt && answeredAt > q.updatedAt ? answeredAt : q.updatedAt;
    entries.push({ path: `/forum/${q.id}`, lastmod });
  }
  for (const c of pairs) entries.push({ path: `/${seg(c.citySlug)}/${seg(c.serviceSlug)}`, lastmod: c.updatedAt });
  return entries;
}

function absolute(siteUrl: string, path: string) {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}

/**
 * The sitemap document. Up to SITEMAP_MAX_URLS entries it is one <urlset>; beyond that, without
 * `part` it is a <sitemapindex> of `?part=N` files, and with `part` it is that slice.
 * Returns null for a part that does not exist.
 */
export function renderSitemap(siteUrl: string, entries: SitemapEntry[], options: { part?: number; maxUrls?: number } = {}): string | null {
  const max = options.maxUrls ?? SITEMAP_MAX_URLS;
  const parts = Math.max(1, Math.ceil(entries.length / max));
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (options.part === undefined && parts > 1) {
    const items = Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${escapeXml(absolute(siteUrl, `/sitemap.xml?part=${i + 1}`))}</loc></sitemap>`);
    return `${head}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
  }
  const part = options.part ?? 1;
  if (!Number.isInteger(part) || part < 1 || part > parts) return null;
  const slice = entries.slice((part - 1) * max, part * max);
  const urls = slice.map((e) => {
    const lastmod = isoDate(e.lastmod);
    return `  <url><loc>${escapeXml(absolute(siteUrl, e.path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  });
  return `${head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * robots.txt. The sign-in and join page (/auth) is public, indexable and canonical like any page a
 * reader can arrive at; the account flows under /auth/ (password reset, two-step check, sign-out)
 * stay out, as do members' and administrators' pages.
 */
export function renderRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /account",
    "Disallow: /admin",
    "Disallow: /auth/",
    "Disallow: /api/",
    "",
    `Sitemap: ${absolute(siteUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

export interface FeedItem {
  title: string;
  slug: string;
  description: string;
  publishedAt: Date;
}

/** The excerpt, or the first whole words of the story without its Markdown marks (and "…" when cut). */
function summary(excerpt: string | null, content: string): string {
  const fromExcerpt = excerpt?.trim();
  if (fromExcerpt) return fromExcerpt;
  return shortenAtWord(postPlainText(content), FEED_DESCRIPTION_LENGTH);
}

/** The newest published posts for the RSS feed. */
export async function feedItems(db: Db, limit = FEED_SIZE): Promise<FeedItem[]> {
  const rows = await db
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(limit);
  return rows.map((r) => ({
    title: r.title,
    slug: r.slug,
    description: summary(r.excerpt, r.content),
    publishedAt: r.publishedAt ?? r.createdAt,
  }));
}

export function renderRss(config: { siteUrl: string; siteName: string; description: string }, items: FeedItem[], now = new Date()): string {
  const site = config.siteUrl.replace(/\/+$/, "");
  const lines = items.map((item) => {
    const link = escapeXml(absolute(site, `/article/${seg(item.slug)}`));
    return [
      "    <item>",
      `      <title>${escapeRssTitle(item.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
      // Feed readers show a description as HTML (RSS 2.0 allows entity-encoded HTML there), so its
      // plain text is escaped for HTML, then for XML: a typed "<script>" reaches them as text.
      `      <description>${escapeXml(escapeHtml(item.description))}</description>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = (items[0]?.publishedAt ?? now).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${config.siteName}: Community Stories`)}</title>`,
    `    <link>${escapeXml(absolute(site, "/blog"))}</link>`,
    `    <description>${escapeXml(config.description)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(absolute(site, "/rss.xml"))}" rel="self" type="application/rss+xml"/>`,
    ...lines,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
