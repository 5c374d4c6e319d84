// Site search: PostgreSQL full-text search over the guides (guide_index), published blog posts
// and visible forum questions, ranked together with ts_rank. One statement per results page.
//
// Snippets come from ts_headline. Matches are wrapped in two control characters instead of HTML,
// and `<`, `>` and `&` are swapped for other control characters before ts_headline sees the
// text (its parser would otherwise drop anything that looks like a tag). The page turns the
// markers into parts ({ text, mark }) that the page renders as React text and <mark> elements.
import { LIMITS } from "~/lib/limits";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/server/infra/db.server";
import { postPlainText } from "~/server/infra/post-markdown.server";
import { correctedQuery } from "./search-spelling.server";

export const SEARCH_PAGE_SIZE = 20;
export const MAX_QUERY_LENGTH = LIMITS.searchQueryMax;
/** Deepest page we serve; past it the query should be narrowed instead. */
export const MAX_SEARCH_PAGE = LIMITS.searchPageMax;

/** Markers around highlighted words in a snippet. */
export const MARK_START = "\u0001";
export const MARK_END = "\u0002";
// ts_headline's input has <, > and & replaced by these, and they are swapped back afterwards.
const LT = "\u0003";
const GT = "\u0004";
const AMP = "\u0005";

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=15, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

export type SearchResultType = "guide" | "post" | "question";

/** A piece of a snippet: plain text, highlighted when it matched the query. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

export interface SearchResult {
  type: SearchResultType;
  title: string;
  href: string;
  snippet: SnippetPart[];
}

export type SearchOutcome =
  | { status: "empty" }
  | { status: "too-long"; max: number }
  | { status: "no-results"; query: string }
  | {
      status: "results";
      query: string;
      results: SearchResult[];
      total: number;
      page: number;
      pageCount: number;
      pageSize: number;
      /** The words as typed, when they found nothing and these results are for `query`, their spelling corrected. */
      typed?: string;
    }
  | { status: "past-end"; query: string; total: number; pageCount: number };

/** What to do with the raw query before any database work. */
export function classifyQuery(
  raw: string | null | undefined,
): { status: "empty" } | { status: "too-long" } | { status: "no-terms"; query: string } | { status: "ok"; query: string } {
  const query = (raw ?? "").trim();
  if (!query) return { status: "empty" };
  if ([...query].length > MAX_QUERY_LENGTH) return { status: "too-long" };
  // Punctuation and symbols alone can never match a word.
  if (!/[\p{L}\p{N}]/u.test(query)) return { status: "no-terms", query };
  return { status: "ok", query };
}

interface Row {
  total: number;
  kind: SearchResultType | null;
  slug: string | null;
  id: number | null;
  title: string | null;
  snippet: string | null;
  /** The first and last characters of the text the snippet was cut from. */
  doc_start: string | null;
  doc_end: string | null;
}

function hrefFor(row: Row): string {
  if (row.kind === "guide") return `/blog/${row.slug}`;
  if (row.kind === "post") return `/article/${encodeURIComponent(row.slug ?? "")}`;
  return `/forum/${row.id}`;
}

// What is left of a mark whose other half fell outside the snippet: a lone "**", "__" or
// backtick, the "](address)" end of a link whose text began before the cut, or the "[" of a
// link whose text the cut ends (no "]" after it in the same fragment).
const CUT_MARKS = /\*\*+|__+|`+|\]\([^)\s]*\)?|\[(?![^[\]…]*\])/g;

/**
 * The text of a snippet as a reader sees it: stories and forum posts are Markdown, so their
 * marks ("**", "[text](address)", list dashes) are taken out as their pages take them out, and so
 * are halves of marks cut by the snippet's ends. The markers and the stand-ins for <, > and & are
 * control characters, which Markdown keeps as text.
 */
function snippetText(row: Row): string {
  const headline = row.snippet ?? "";
  return row.kind === "guide" ? headline : postPlainText(headline).replace(CUT_MARKS, "");
}

const words = (s: string) =>
  s
    .replaceAll(MARK_START, "")
    .replaceAll(MARK_END, "")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** How many characters a few short words take: what ts_headline drops at a fragment's edge. */
const SHORT_WORDS = 12;

/**
 * The snippet as parts, with an ellipsis before it when the text goes on before its first
 * fragment and after it when the text goes on after its last: ts_headline cuts silently, so the
 * fragments' ends are compared, word for word, with the text's own. It also drops short words
 * ("The") at a fragment's edge: those are put back when only they were left out.
 */
function snippetWithEllipses(row: Row): SnippetPart[] {
  const parts = snippetParts(snippetText(row));
  const fragments = (row.snippet ?? "").split(" … ").map(words);
  const start = words(row.doc_start ?? "");
  const end = words(row.doc_end ?? "");
  const at = start.indexOf(fragments[0].slice(0, 40));
  if (at > 0 && at <= SHORT_WORDS) parts.unshift({ text: start.slice(0, at), mark: false });
  else if (at !== 0) parts.unshift({ text: "… ", mark: false });
  const last = fragments[fragments.length - 1].slice(-40);
  const left = end.length - (end.lastIndexOf(last) + last.length);
  if (end.lastIndexOf(last) === -1 || left > SHORT_WORDS) parts.push({ text: " …", mark: false });
  else if (left > 0) parts.push({ text: end.slice(end.length - left), mark: false });
  return parts;
}

/** Splits ts_headline output at the markers and restores <, > and & as text. */
export function snippetParts(headline: string): SnippetPart[] {
  const restored = headline.replaceAll(LT, "<").replaceAll(GT, ">").replaceAll(AMP, "&").replace(/\s+/g, " ").trim();
  const parts: SnippetPart[] = [];
  const push = (text: string, mark: boolean) => {
    const clean = text.replaceAll(MARK_START, "").replaceAll(MARK_END, "");
    if (!clean) return;
    const last = parts[parts.length - 1];
    if (last && last.mark === mark) last.text += clean;
    else parts.push({ text: clean, mark });
  };
  let rest = restored;
  while (rest) {
    const start = rest.indexOf(MARK_START);
    if (start === -1) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, start), false);
    const end = rest.indexOf(MARK_END, start + 1);
    push(rest.slice(start + 1, end === -1 ? undefined : end), true);
    rest = end === -1 ? "" : rest.slice(end + 1);
  }
  return parts;
}

/**
 * Searches guides, published posts and visible questions. Returns a message state without
 * touching the database for an empty, over-long or punctuation-only query.
 */
export async function searchSite(db: Db, rawQuery: string | null | undefined, page = 1): Promise<SearchOutcome> {
  const c = classifyQuery(rawQuery);
  if (c.status === "empty") return { status: "empty" };
  if (c.status === "too-long") return { status: "too-long", max: MAX_QUERY_LENGTH };
  if (c.status === "no-terms") return { status: "no-results", query: c.query };

  const pageNumber = Math.min(Math.max(1, Math.trunc(page) || 1), MAX_SEARCH_PAGE);
  const outcome = await searchFor(db, c.query, pageNumber);
  if (outcome.status !== "no-results") return outcome;
  // Nothing found: perhaps a word is misspelt ("stifness"). Its correction is searched instead.
  const corrected = correctedQuery(c.query);
  const again = corrected ? await searchFor(db, corrected, pageNumber) : null;
  return again?.status === "results" ? { ...again, typed: c.query } : outcome;
}

async function searchFor(db: Db, query: string, pageNumber: number): Promise<SearchOutcome> {
  const c = { query };
  const offset = (pageNumber - 1) * SEARCH_PAGE_SIZE;
  // Characters that must never reach the snippet as markers are removed; <, > and & are
  // replaced so that ts_headline keeps them as text.
  const from = `<>&${MARK_START}${MARK_END}${LT}${GT}${AMP}`;
  const to = `${LT}${GT}${AMP}`;

  const result = await db.execute(sql`
    with query as (select websearch_to_tsquery('english', ${c.query}) as tsq),
    hits as (
      select 'guide'::text as kind, g.slug as slug, null::int as id, ts_rank(g.search, query.tsq) as rank
        from guide_index g, query where g.search @@ query.tsq
      union all
      select 'post'::text, null::text, p.id, ts_rank(p.search, query.tsq)
        from blog_posts p, query where p.published and p.search @@ query.tsq
      union all
      select 'question'::text, null::text, f.id, ts_rank(f.search, query.tsq)
        from forum_questions f, query where f.hidden_at is null and f.search @@ query.tsq
    ),
    counted as (select count(*)::int as total from hits),
    top as (
      select kind, slug, id, rank from hits
      order by rank desc, kind, slug, id desc
      limit ${SEARCH_PAGE_SIZE} offset ${offset}
    )
    select counted.total, top.kind, coalesce(g.slug, p.slug) as slug, top.id,
      coalesce(g.title, p.title, f.title) as title,
      case when top.kind is null then null else ts_headline(
        'english',
        translate(coalesce(g.body, p.content, f.content, ''), ${from}, ${to}),
        query.tsq,
        ${HEADLINE_OPTIONS}
      ) end as snippet,
      left(translate(coalesce(g.body, p.content, f.content, ''), ${from}, ${to}), 400) as doc_start,
      right(translate(coalesce(g.body, p.content, f.content, ''), ${from}, ${to}), 400) as doc_end
    from counted
    cross join query
    left join top on true
    left join guide_index g on top.kind = 'guide' and g.slug = top.slug
    left join blog_posts p on top.kind = 'post' and p.id = top.id
    left join forum_questions f on top.kind = 'question' and f.id = top.id
    order by top.rank desc nulls last, top.kind, top.slug, top.id desc
  `);
  const rows = rowsOf<Row>(result);
  const total = Number(rows[0]?.total ?? 0);
  if (total === 0) return { status: "no-results", query: c.query };
  const pageCount = Math.min(Math.ceil(total / SEARCH_PAGE_SIZE), MAX_SEARCH_PAGE);
  const results = rows.filter((r) => r.kind && r.title).map((r) => ({ type: r.kind!, title: r.title!, href: hrefFor(r), snippet: snippetWithEllipses(r) }));
  if (results.length === 0) return { status: "past-end", query: c.query, total, pageCount };
  return { status: "results", query: c.query, results, total, page: pageNumber, pageCount, pageSize: SEARCH_PAGE_SIZE };
}
