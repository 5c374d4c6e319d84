// Page links that work without JavaScript: plain links to ?page=N.
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/** `hrefFor` gives a page's address when the list has other choices to keep (a topic, an order). */
export function Pagination({
  page,
  pageCount,
  basePath,
  label,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  basePath: string;
  label: string;
  hrefFor?: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const href = hrefFor ?? ((p: number) => (p === 1 ? basePath : `${basePath}?page=${p}`));
  const pages = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border-2 px-3 font-medium focus-ring";
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} className={cn(item, "hover:bg-accent")} rel="prev">
              Previous
            </Link>
          </li>
        ) : null}
        {pages.map((p, i) => (
          <li key={p} className="flex items-center gap-2">
            {i > 0 && p - pages[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
            <Link
              to={href(p)}
              aria-current={p === page ? "page" : undefined}
              aria-label={`Page ${p}`}
              className={cn(item, p === page ? "border-foreground bg-foreground text-background" : "hover:bg-accent")}
            >
              {p}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} className={cn(item, "hover:bg-accent")} rel="next">
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** Reads ?page=N; anything else is page 1 (huge numbers are clamped by the query). */
export function pageParam(request: Request) {
  const raw = new URL(request.url).searchParams.get("page");
  if (!raw || !/^\d{1,7}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
