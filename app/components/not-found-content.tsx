// The not-found page: '404', 'Oops! Page not found' and a way home. The missing path is logged
// to the browser console, as the original product did.
import * as React from "react";
import { Link, useLocation } from "react-router";

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
