// What shows while a client-side navigation loads the next page: the blog's skeleton, a spinner
// for an article, 'Loading...' for a city page. A first load is server-rendered with its content.
import type * as React from "react";
import { useNavigation } from "react-router";

const TOP_LEVEL = new Set(["blog", "article", "forum", "auth", "account", "admin", "search", "community-guidelines", "about", "privacy", "terms", "contact"]);

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-24">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary motion-reduce:animate-none" />
      <span>{label}</span>
    </div>
  );
}

export function BlogSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10" role="status" aria-label="Loading the blog">
      <div className="mb-8 h-10 w-64 animate-pulse rounded bg-muted motion-reduce:animate-none" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-48 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
        ))}
      </div>
    </div>
  );
}

export function PendingView({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location || navigation.formMethod) return <>{children}</>;
  const segments = navigation.location.pathname.split("/").filter(Boolean);
  if (segments.length === 1 && segments[0] === "blog") return <BlogSkeleton />;
  if (segments.length === 2 && segments[0] === "article") return <Spinner label="Loading article..." />;
  if (segments.length === 2 && !TOP_LEVEL.has(segments[0])) return <Spinner label="Loading..." />;
  return <>{children}</>;
}
