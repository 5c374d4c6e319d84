import * as React from "react";
import { data, Link, useLocation } from "react-router";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.get(runtimeContext).log.warn({ path }, "404: no page at this path");
  return data({ path }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), { title: "Page not found", noindex: true });

export function NotFoundContent() {
  const location = useLocation();
  React.useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="mt-8 inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90">
        Return to Home
      </Link>
    </div>
  );
}

export default function NotFound() {
  return <NotFoundContent />;
}
