// How the forum's lists may be asked for: the orders a reader can choose and the shape of a topic's
// slug. Shared by the pages, the JSON API and the page cache's key (server/page-cache/), which
// stores a list only when its query is one of these.
export const FORUM_SORTS = ["newest", "unanswered", "active"] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];

export const SORT_LABELS: Record<ForumSort, string> = {
  newest: "Newest",
  unanswered: "Unanswered",
  active: "Recently active",
};

/** A topic's slug: lowercase letters and digits in words joined by single hyphens. */
export const TOPIC_SLUG_MAX = 60;
export const TOPIC_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isTopicSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= TOPIC_SLUG_MAX && TOPIC_SLUG.test(value);
}

export function isForumSort(value: unknown): value is ForumSort {
  return typeof value === "string" && (FORUM_SORTS as readonly string[]).includes(value);
}

/**
 * A list's address with its choices: the default order (newest) and page 1 are left out, so each
 * list has one address.
 */
export function forumListHref(base: string, options: { topic?: string | null; sort?: ForumSort; page?: number }) {
  const params = new URLSearchParams();
  if (options.topic) params.set("topic", options.topic);
  if (options.sort && options.sort !== "newest") params.set("sort", options.sort);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/**
 * The same list's address without the choices that say nothing (an empty topic, the default
 * order), or null when it has none: the forum's GET form sends both, and each list keeps one
 * address (one stored page, one canonical URL).
 */
export function withoutDefaults(url: URL): string | null {
  const params = new URLSearchParams(url.search);
  let changed = false;
  if (params.get("topic") === "") {
    params.delete("topic");
    changed = true;
  }
  if (params.get("sort") === "newest") {
    params.delete("sort");
    changed = true;
  }
  if (!changed) return null;
  // A client-side request asks for the page's data at "<path>.data" (with "_routes"): the
  // address to send the browser to is the page's own.
  params.delete("_routes");
  const query = params.toString();
  return `${url.pathname.replace(/\.data$/, "")}${query ? `?${query}` : ""}`;
}
