import * as React from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError, useRouteLoaderData } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { Route } from "./+types/root";
import appStylesHref from "./app.css?url";
import { AppShell } from "./components/app-shell";
import { AuthBroadcast } from "./components/auth-broadcast";
import { UnsavedTextGuard } from "./components/unsaved-text-guard";
import { useLiveConnection } from "./components/live/live-connection";
import { NotFoundContent } from "./components/not-found-content";
import { NowProvider } from "./components/relative-time";
import { Toaster } from "./components/ui/toast";
import { seo, siteUrlFrom } from "./lib/seo";
import { sidebarOpen } from "./lib/sidebar-cookie";
import { requestOutcomeContext, runtimeContext, toastShownContext } from "~/server/context";
import { RETRY_AFTER_SECONDS } from "~/server/infra/db.server";
import { publicConfig } from "~/server/infra/env.server";
import { carriesNothingPersonal } from "~/server/infra/session-cookie.server";
import { orWhenUnavailable } from "~/server/outage.server";
import { waitingFor } from "~/server/moderation/moderation.server";
import { loadViewer, sessionRefreshedContext, viewerContext } from "~/server/accounts/accounts.server";
import { clearToastHeader, readToast } from "~/server/infra/toast.server";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const { viewer, setCookies } = await loadViewer(request, context);
    context.set(viewerContext, viewer);
    context.set(sessionRefreshedContext, Boolean(viewer) && setCookies.some((c) => c.includes("session_token=")));
    // The toast a redirect left is cleared by the request whose page shows it, not by another
    // request the page sends meanwhile (a fetcher's data, which runs no root loader).
    const toast = { shown: false };
    context.set(toastShownContext, toast);
    const response = (await next()) as Response;
    for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
    if (toast.shown) response.headers.append("Set-Cookie", await clearToastHeader());
    return answerFor(request, context, response);
  },
];

/**
 * The HTTP side of every answer: a request that failed because the database is away answers 503,
 * and only a request that carries nothing personal may get an answer that caches may share.
 * (What a write changed is told by the write itself, where it commits.)
 */
function answerFor(request: Request, context: Readonly<RouterContextProvider>, response: Response): Response {
  const outcome = context.get(requestOutcomeContext);
  if (outcome?.databaseUnavailable && response.status === 500) {
    response = new Response(response.body, { status: 503, headers: response.headers });
  }
  if (response.status === 503) {
    if (!response.headers.has("Retry-After")) response.headers.set("Retry-After", RETRY_AFTER_SECONDS);
    response.headers.set("Cache-Control", "no-store");
  } else if (outcome?.degraded) {
    response.headers.set("Cache-Control", "no-store");
  } else if (
    response.headers.has("Set-Cookie") ||
    !carriesNothingPersonal(request.method, request.headers.get("cookie"), request.headers.get("authorization"))
  ) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const viewer = context.get(viewerContext);
  return data({
    config: publicConfig(runtime.env),
    viewer: viewer
      ? { id: viewer.id, email: viewer.email, role: viewer.role, displayName: viewer.displayName, aal: viewer.aal, liveUpdates: viewer.liveUpdates !== false }
      : null,
    // Where this page stands in the change stream: its live stream starts here (live-connection.tsx).
    liveAt: runtime.live.position(),
    // A form's answer while the database is away still comes in the layout (the count as unknown, 0).
    unread: viewer ? await orWhenUnavailable(context, () => runtime.unread.get(viewer.id), 0) : null,
    // Moderators' and admins' count beside Admin: only in their own pages, rendered for them alone.
    waiting: viewer ? await orWhenUnavailable(context, () => waitingFor(runtime.waiting, viewer.role), null) : null,
    sidebarOpen: sidebarOpen(request.headers.get("cookie")),
    toast: await shownToast(request, context),
    now: Date.now(),
    sessionRefreshed: context.get(sessionRefreshedContext),
  });
}

/** The toast a redirect left, marked as shown so that the middleware clears its cookie. */
async function shownToast(request: Request, context: Readonly<RouterContextProvider>) {
  const toast = await readToast(request);
  const shown = context.get(toastShownContext);
  if (toast && shown) shown.shown = true;
  return toast;
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

// A page that failed before its own head was made (a missing question or guide, say) reaches
// this boundary: it must not pass for the home page (its title, canonical link and "index").
export const meta: Route.MetaFunction = ({ matches, error }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!error) return seo(siteUrl, { path: "/" });
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page not found" : status === 403 ? "Not allowed" : status === 503 ? "Temporarily unavailable" : "Something went wrong";
  return seo(siteUrl, { title, noindex: true });
};

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b3261e" />
        {/* With a precedence React writes the stylesheet ahead of the scripts' modulepreload
            links it hoists into the head, so a phone asks for the CSS (the one thing the first
            paint waits for) first instead of behind some thirty scripts. */}
        <link rel="stylesheet" href={appStylesHref} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { viewer, unread, waiting, sidebarOpen, toast, sessionRefreshed, now, liveAt } = useLoaderData<typeof loader>();
  const live = useLiveConnection({ at: liveAt, member: viewer?.id ?? null, enabled: viewer ? viewer.liveUpdates : true });
  React.useEffect(() => {
    // Lets tests (and styles) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // Draft text this browser kept for a member (components/drafts/local-copy.ts) goes when they
  // sign out or someone else signs in: a shared computer keeps no one's unsent text.
  const member = viewer?.id;
  React.useEffect(() => {
    try {
      for (const name of Object.keys(localStorage))
        if (name.startsWith("capsiva-draft:") && !name.startsWith(`capsiva-draft:${member}:`)) localStorage.removeItem(name);
    } catch {
      // Storage turned off: nothing is kept either.
    }
  }, [member]);
  return (
    <Toaster incoming={toast}>
      <UnsavedTextGuard />
      <AuthBroadcast signedInAs={viewer?.id ?? null} aal={viewer?.aal ?? null} refreshedAt={sessionRefreshed ? now : null} />
      <AppShell viewer={viewer ? { ...viewer, waiting } : null} unread={live.unread ?? unread} sidebarOpen={sidebarOpen}>
        <NowProvider serverNow={now}>
          <Outlet context={live} />
        </NowProvider>
      </AppShell>
    </Toaster>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  let title = "Something went wrong";
  let message = "We could not show this page. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "404";
      message = "Oops! Page not found";
    } else if (error.status === 403) {
      title = "Not allowed";
      message = typeof error.data === "string" ? error.data : "You do not have permission to see this page.";
    } else if (error.status === 503) {
      title = "Temporarily unavailable";
      message = "The site is having trouble reaching its database. Please try again shortly.";
    }
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const body = notFound ? (
    <NotFoundContent />
  ) : (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-4xl font-bold">{title}</h1>
      <p className="mt-4 text-xl text-muted-foreground">{message}</p>
      <a href="/" className="mt-8 inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-medium text-primary-foreground">
        Return to Home
      </a>
    </div>
  );
  // Without the root's data (its loader failed: the database is away, say) the page still
  // wears the site's layout, as for a signed-out visitor.
  return (
    <Toaster>
      <AppShell viewer={root?.viewer ? { ...root.viewer, waiting: root.waiting } : null} unread={root?.unread ?? null} sidebarOpen={root?.sidebarOpen ?? true}>
        {body}
      </AppShell>
    </Toaster>
  );
}
