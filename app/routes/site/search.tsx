// /search?q=: full-text search over guides, published stories and forum questions.
// Works without JavaScript: a GET form, and plain links between result pages.
import { Search as SearchIcon } from "~/components/icons";
import * as React from "react";
import { data, Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { RateLimitedError } from "~/server/infra/rate-limit.server";
import { classifyQuery, MAX_QUERY_LENGTH, type SearchOutcome, type SearchResultType, type SnippetPart } from "~/server/site/site.server";
import type { Route } from "./+types/search";
import { LIMITS } from "~/lib/limits";
import { publicPage } from "~/lib/public-page";
import { pageNumberOf, pageQuery, type PageHandle } from "~/lib/page-query";
import { searchResults } from "~/server/site/site.server";
import { getViewer } from "~/server/accounts/accounts.server";
import { mutedPostsAmong } from "~/server/members/members.server";
import { MutedFold } from "~/components/forum/muted-fold";

export const headers = publicPage;
// A query too long to search is still shown, with a message, so it is part of the page's address.
export const handle: PageHandle = {
  query: { q: (v) => v.length <= 4 * LIMITS.searchQueryMax, page: (v) => /^[1-9]\d?$/.test(v) && Number(v) <= LIMITS.searchPageMax },
};

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Search", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const query = pageQuery(request.url, handle.query);
  const q = query.get("q") ?? "";
  const page = pageNumberOf(query);
  if (classifyQuery(q).status === "ok") {
    try {
      await runtime.limiter.consume("search", request.headers.get("x-forwarded-for") || "unknown");
    } catch (error) {
      if (error instanceof RateLimitedError) {
        return data(
          { q, outcome: null, limited: error.message, maxLength: MAX_QUERY_LENGTH },
          { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
        );
      }
      throw error;
    }
  }
  const outcome: SearchOutcome = await searchResults(runtime, q, page);
  return { q, outcome: await foldForViewer(runtime.db, getViewer(context)?.id ?? null, outcome), limited: null, maxLength: MAX_QUERY_LENGTH };
}

type Results = Extract<SearchOutcome, { status: "results" }>;
/** A result, with its author's name when it is a question by a member the reader muted. */
type ShownResult = Results["results"][number] & { muted?: string };
const QUESTION_HREF = /^\/forum\/(\d+)$/;

// A member's page (never stored) folds questions by members they muted; the shared read is left
// as every reader gets it. A question's result links to "/forum/<id>": that is its id.
async function foldForViewer(db: Parameters<typeof mutedPostsAmong>[0], viewerId: string | null, outcome: SearchOutcome) {
  if (!viewerId || outcome.status !== "results") return outcome;
  const idOf = (r: Results["results"][number]) => (r.type === "question" ? Number(QUESTION_HREF.exec(r.href)?.[1] ?? 0) : 0);
  const ids = outcome.results.map(idOf).filter((id) => id > 0);
  if (!ids.length) return outcome;
  const muted = await mutedPostsAmong(db, viewerId, { questions: ids });
  if (!muted.questions.size) return outcome;
  const results: ShownResult[] = outcome.results.map((r) => {
    const name = muted.questions.get(idOf(r));
    return name === undefined ? r : { ...r, muted: name };
  });
  return { ...outcome, results };
}

const TYPE_LABEL: Record<SearchResultType, string> = { guide: "Guide", post: "Story", question: "Question" };

/** Snippet parts arrive as plain text; matched words become <mark>. Never parsed as HTML. */
function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          <mark key={i} className="rounded-sm bg-accent px-0.5 font-semibold text-foreground">
            {part.text}
          </mark>
        ) : (
          <React.Fragment key={i}>{part.text}</React.Fragment>
        ),
      )}
    </>
  );
}

function pageHref(q: string, page: number) {
  const params = new URLSearchParams({ q });
  if (page > 1) params.set("page", String(page));
  return `/search?${params.toString()}`;
}

function Suggestions() {
  return (
    <div className="mt-4">
      <p>Try different or fewer words, or browse instead:</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/blog" className={buttonVariants({ variant: "outline" })}>
          Browse the blog
        </Link>
        <Link to="/forum" className={buttonVariants({ variant: "outline" })}>
          Visit the forum
        </Link>
      </div>
    </div>
  );
}

function Outcome({ outcome, limited }: { outcome: SearchOutcome | null; limited: string | null }) {
  if (limited || !outcome) {
    return (
      <p role="alert" className="mt-6 font-medium text-destructive">
        {limited ?? "Please try your search again."}
      </p>
    );
  }
  switch (outcome.status) {
    case "empty":
      return (
        <p className="mt-6 text-lg text-muted-foreground">
          What would you like to find? Type a word or two above to search our guides, community stories and forum questions.
        </p>
      );
    case "too-long":
      return (
        <p role="alert" className="mt-6 font-medium text-destructive">
          {`Please use a shorter search (at most ${outcome.max} characters).`}
        </p>
      );
    case "no-results":
      return (
        <div className="mt-6">
          <p role="status" className="text-lg font-medium">
            {`No results for “${outcome.query}”`}
          </p>
          <Suggestions />
        </div>
      );
    case "past-end":
      return (
        <div className="mt-6">
          <p role="status" className="text-lg font-medium">
            {`There are no more results for “${outcome.query}”.`}
          </p>
          <Link to={pageHref(outcome.query, 1)} className={buttonVariants({ variant: "outline", className: "mt-3" })}>
            Back to the first page of results
          </Link>
        </div>
      );
    case "results":
      return <ResultList outcome={outcome} />;
  }
}

function ResultList({ outcome }: { outcome: Omit<Results, "results"> & { results: ShownResult[] } }) {
  const { query, results, total, page, pageCount, pageSize, typed } = outcome;
  return (
    <section aria-labelledby="search-results-heading" className="mt-6">
      <h2 id="search-results-heading" className="sr-only">
        Results
      </h2>
      <p role="status" className="text-muted-foreground">
        {typed ? <span className="block text-lg font-medium text-foreground">{`No results for “${typed}”. Did you mean “${query}”?`}</span> : null}
        {`${total === 1 ? "1 result" : `${total} results`} for “${query}”${pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}`}
      </p>
      <ol className="mt-4 grid gap-4" start={(page - 1) * pageSize + 1}>
        {results.map((r) => (
          <li key={`${r.type}:${r.href}`} className="rounded-xl border bg-card p-4 sm:p-5" data-result-type={r.type}>
            <Badge variant={r.type === "guide" ? "default" : "secondary"}>{TYPE_LABEL[r.type]}</Badge>
            <MutedFold muted={r.muted !== undefined} name={r.muted ?? ""}>
              <h3 className="mt-2 text-lg font-semibold leading-snug wrap-anywhere">
                <Link to={r.href} className="inline-flex min-h-11 items-center text-link underline underline-offset-4 hover:no-underline">
                  {r.title}
                </Link>
              </h3>
              {r.snippet.length ? (
                <p className="mt-1 text-base leading-relaxed text-foreground" data-snippet="">
                  <Snippet parts={r.snippet} />
                </p>
              ) : null}
            </MutedFold>
          </li>
        ))}
      </ol>
      {pageCount > 1 ? (
        <nav aria-label="Search result pages" className="mt-6 flex flex-wrap items-center gap-3">
          {page > 1 ? (
            <Link to={pageHref(query, page - 1)} rel="prev" className={buttonVariants({ variant: "outline" })}>
              Previous page
            </Link>
          ) : null}
          <span className="text-muted-foreground">{`Page ${page} of ${pageCount}`}</span>
          {page < pageCount ? (
            <Link to={pageHref(query, page + 1)} rel="next" className={buttonVariants({ variant: "outline" })}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, outcome, limited, maxLength } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">Search</h1>
      <Form method="get" action="/search" role="search" className="mt-4">
        <Label htmlFor="search-q">Search guides, stories and questions</Label>
        <div className="mt-2 flex gap-2">
          {/* Reached from the search button with nothing typed yet: the cursor waits in the box. */}
          <Input
            key={q}
            id="search-q"
            name="q"
            type="search"
            defaultValue={q}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby="search-q-hint"
            autoFocus={!q}
          />
          <Button type="submit">
            <SearchIcon aria-hidden="true" />
            Search
          </Button>
        </div>
        <p id="search-q-hint" className="mt-1 text-sm text-muted-foreground">
          {`Up to ${maxLength} characters. Use quotes for an exact phrase.`}
        </p>
      </Form>
      <Outcome outcome={outcome} limited={limited} />
    </div>
  );
}
