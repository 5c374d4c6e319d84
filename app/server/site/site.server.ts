// The site as a whole: home and listing pages, search, the sitemap and counts.
// The one module the rest of the app imports from this area; its other modules are internal.
export {
  articlePage,
  blogPage,
  cityServicePage,
  feedList,
  forumPage,
  homeLists,
  profilePage,
  questionPage,
  searchResults,
  sitemapList,
  topicBySlug,
  topicList,
  topicListWithCounts,
} from "./listings.server";
export { classifyQuery, MAX_QUERY_LENGTH, type SearchOutcome, type SearchResultType, searchSite, type SnippetPart } from "./search.server";
export { renderRobots, renderRss, renderSitemap, SEO_CACHE_CONTROL } from "./sitemap.server";
export { getHomeStats, getStats } from "./stats.server";
