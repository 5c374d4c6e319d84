// The query parameters a page varies by, declared once in its route module's `handle` and read
// the same way by its loader and by the readers' store's key: each named parameter with a valid
// value, once, in one order. An unknown parameter (or a page number on a page without pages) is
// left out by both: it neither changes the page nor makes another stored copy. A named parameter
// with a value its rule refuses is left out by the loader too, and such a request is not stored.
export type QueryRules = Readonly<Record<string, (value: string) => boolean>>;

/** What a route module's `handle` may declare: the query rules of its page. */
export interface PageHandle {
  query?: QueryRules;
}

/** A list's page number: 1 to 999,999 without leading zeros. */
export const isPageNumber = (value: string) => /^[1-9]\d{0,5}$/.test(value);

/** The page's query under `rules`: the first valid value of each named parameter, sorted by name. */
export function pageQuery(url: string | URL, rules: QueryRules | undefined): URLSearchParams {
  return readQuery(url, rules).query;
}

/** The same query for the readers' store, or null when a named parameter has a refused value. */
export function storedQuery(url: string | URL, rules: QueryRules | undefined): URLSearchParams | null {
  const { query, refused } = readQuery(url, rules);
  return refused ? null : query;
}

function readQuery(url: string | URL, rules: QueryRules | undefined) {
  const params = typeof url === "string" ? new URL(url, "http://localhost").searchParams : url.searchParams;
  const query = new URLSearchParams();
  let refused = false;
  for (const [name, value] of params) {
    if (!rules || !Object.hasOwn(rules, name)) continue;
    if (!rules[name](value)) refused = true;
    else if (!query.has(name)) query.set(name, value);
  }
  query.sort();
  return { query, refused };
}

/** The page number under `rules` (1 when absent or not a page number). */
export const pageNumberOf = (query: URLSearchParams) => Number(query.get("page") ?? 1);
