// /:citySlug/:serviceSlug: a local landing page for a service in a city. Unknown or inactive
// cities and services answer 404 with the not-found page; a database failure answers 503.
// During a client-side navigation to a city page the layout shows 'Loading...' (PendingView).
import { data, isRouteErrorResponse, useRouteError, type MetaDescriptor } from "react-router";
import { NotFoundContent } from "~/components/not-found-content";
import { ContactSection, GetConnectedCard, PlaceContent, PlaceHeader } from "~/components/places/city-service-view";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { isDatabaseUnavailable } from "~/server/infra/db.server";
import { BRAND, publicConfig } from "~/server/infra/env.server";
import { cityServicePage } from "~/server/site/site.server";
import type { Route } from "./+types/city-service";
import { publicPage } from "~/lib/public-page";

export const UNAVAILABLE_MESSAGE = "This page is temporarily unavailable. We could not reach our database; please try again in a moment.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const { env } = runtime;
  let result: Awaited<ReturnType<typeof cityServicePage>>;
  try {
    result = await cityServicePage(runtime, params.citySlug, params.serviceSlug, {
      siteUrl: env.SITE_URL,
      brand: BRAND,
      phoneTel: env.SUPPORT_PHONE_TEL,
      email: env.SUPPORT_EMAIL,
      rating: env.AGGREGATE_RATING ? { value: env.AGGREGATE_RATING_VALUE, count: env.AGGREGATE_RATING_COUNT } : null,
    });
  } catch (err) {
    // Always in these words; a warning when the database is away (an outage is expected trouble,
    // logged as such everywhere), an error otherwise.
    if (isDatabaseUnavailable(err)) runtime.log.warn({ err, databaseUnavailable: true }, "Error fetching page data");
    else runtime.log.error({ err }, "Error fetching page data");
    throw data({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Retry-After": "30", "Cache-Control": "no-store" } });
  }
  if (!result.found) {
    runtime.log.info({ citySlug: params.citySlug, serviceSlug: params.serviceSlug, reason: result.reason }, "no city-service page");
    throw data({ reason: result.reason }, { status: 404 });
  }
  const config = publicConfig(env);
  return {
    ...result.view,
    contact: { phone: config.supportPhone, phoneTel: config.supportPhoneTel, email: config.supportEmail },
  };
}

export const headers = publicPage;

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const siteUrl = siteUrlFrom(matches);
  if (!loaderData) {
    const unavailable = isRouteErrorResponse(error) && error.status === 503;
    return seo(siteUrl, { title: unavailable ? "Temporarily unavailable" : "Page not found", noindex: true });
  }
  const { city, page, path, jsonLd } = loaderData;
  const extra: MetaDescriptor[] = [];
  if (city.latitude !== null && city.longitude !== null) {
    extra.push(
      { name: "geo.position", content: `${city.latitude};${city.longitude}` },
      { name: "ICBM", content: `${city.latitude}, ${city.longitude}` },
      { name: "geo.placename", content: `${city.name}, ${city.state}` },
    );
  }
  return seo(siteUrl, {
    fullTitle: page.metaTitle,
    description: page.metaDescription,
    path,
    jsonLd,
    extra,
  });
};

export default function CityServicePage({ loaderData }: Route.ComponentProps) {
  const { city, service, page, contact } = loaderData;
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PlaceHeader cityName={city.name} state={city.state} serviceName={service.name} />
      <PlaceContent html={page.content} />
      <GetConnectedCard cityName={city.name} />
      <ContactSection phone={contact.phone} phoneTel={contact.phoneTel} email={contact.email} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-4xl font-bold">{unavailable ? "Temporarily unavailable" : "Something went wrong"}</h1>
      <p className="mt-4 text-xl text-muted-foreground">{unavailable ? UNAVAILABLE_MESSAGE : "We could not show this page. Please try again in a moment."}</p>
      <a
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90 focus-ring"
      >
        Return to Home
      </a>
    </div>
  );
}
