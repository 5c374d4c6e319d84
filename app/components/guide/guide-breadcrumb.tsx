import { ChevronRight } from "~/components/icons";
import { Link } from "react-router";

export interface Crumb {
  name: string;
  path: string;
}

const linkClass = "inline-flex min-h-11 min-w-11 items-center rounded-md px-1 text-link underline underline-offset-4 hover:no-underline focus-ring";

/** Home › Blog › this page. The last crumb is the current page and is not a link. */
export function GuideBreadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-base">
      <ol className="flex flex-wrap items-center gap-x-1">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-x-1">
              {last ? (
                <span aria-current="page" className="py-2 text-muted-foreground">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={crumb.path} className={linkClass}>
                    {crumb.name}
                  </Link>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
