import { Link } from "react-router";

export interface GuideLinkItem {
  slug: string;
  title: string;
  category: string;
}

export function MoreGuides({ guides }: { guides: readonly GuideLinkItem[] }) {
  if (guides.length === 0) return null;
  return (
    <nav aria-labelledby="more-guides-heading" className="mt-12">
      <h2 id="more-guides-heading" className="text-2xl font-bold">
        More guides
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {guides.map((g) => (
          <li key={g.slug}>
            <Link
              to={`/blog/${g.slug}`}
              className="flex min-h-11 h-full flex-col gap-1 rounded-xl border bg-card p-4 hover:border-primary hover:bg-accent/40 focus-ring"
            >
              <span className="text-sm font-medium text-muted-foreground">{g.category}</span>
              <span className="font-semibold leading-snug text-foreground">{g.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
