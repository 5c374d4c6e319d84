// Cities, services and their local landing pages: the public lookup (city, then service, then the
// page record) and what the page shows. The default copy is in place-copy.server.ts, the
// structured data in place-json-ld.server.ts, the administration in places-admin.server.ts and
// place-pages-admin.server.ts. Functions take the database first and return plain objects.
import { and, eq } from "drizzle-orm";
import { cities, cityServicePages, services } from "../../../db/schema";
import { isReservedSlug, isValidSlug } from "~/lib/place-rules";
import type { Db } from "~/server/infra/db.server";
import { defaultPageContent } from "./place-copy.server";
import { localBusinessJsonLd, type SiteFacts } from "./place-json-ld.server";
import { cityColumns, serviceColumns, type City, type PageContent, type Service } from "./place-model.server";
import { sanitizeContent } from "~/server/infra/sanitize.server";

export { RESERVED_SLUGS, isReservedSlug } from "~/lib/place-rules";
export type { City, PageContent, Service, SiteFacts };

export type PageLookup =
  | { found: false; reason: "invalid-slug" | "reserved-slug" | "city" | "service" }
  | {
      found: true;
      city: City;
      service: Service;
      record: { id: number; content: string; metaTitle: string | null; metaDescription: string | null } | null;
    };

/**
 * Resolves a city-service pair in the order the original site looked them up: the active city by slug, then the
 * active service by slug, then the page record for the pair. A database error is thrown, never
 * reported as "not found".
 */
export async function findCityServicePage(db: Db, citySlug: string, serviceSlug: string): Promise<PageLookup> {
  if (!isValidSlug(citySlug) || !isValidSlug(serviceSlug)) return { found: false, reason: "invalid-slug" };
  if (isReservedSlug(citySlug)) return { found: false, reason: "reserved-slug" };

  const [city] = await db
    .select(cityColumns)
    .from(cities)
    .where(and(eq(cities.slug, citySlug), eq(cities.isActive, true)))
    .limit(1);
  if (!city) return { found: false, reason: "city" };

  const [service] = await db
    .select(serviceColumns)
    .from(services)
    .where(and(eq(services.slug, serviceSlug), eq(services.isActive, true)))
    .limit(1);
  if (!service) return { found: false, reason: "service" };

  const [record] = await db
    .select({
      id: cityServicePages.id,
      content: cityServicePages.content,
      metaTitle: cityServicePages.metaTitle,
      metaDescription: cityServicePages.metaDescription,
    })
    .from(cityServicePages)
    .where(and(eq(cityServicePages.cityId, city.id), eq(cityServicePages.serviceId, service.id)))
    .limit(1);
  return { found: true, city, service, record: record ?? null };
}

export interface CityServicePageView {
  path: string;
  city: Pick<City, "slug" | "name" | "state" | "latitude" | "longitude">;
  service: Pick<Service, "slug" | "name">;
  page: PageContent;
  jsonLd: Record<string, unknown>;
}

/** Everything the public page needs, or why there is no page. Database errors are thrown. */
export async function loadCityServicePage(
  db: Db,
  citySlug: string,
  serviceSlug: string,
  site: SiteFacts,
): Promise<{ found: false; reason: Exclude<PageLookup, { found: true }>["reason"] } | { found: true; view: CityServicePageView }> {
  const lookup = await findCityServicePage(db, citySlug, serviceSlug);
  if (!lookup.found) return lookup;
  const { city, service, record } = lookup;
  const fallback = defaultPageContent(city, service, site.brand);
  const page: PageContent = record
    ? {
        id: String(record.id),
        metaTitle: record.metaTitle?.trim() || fallback.metaTitle,
        metaDescription: record.metaDescription?.trim() || fallback.metaDescription,
        // Stored content was sanitised when it was saved; it is sanitised again on the way out.
        content: sanitizeContent(record.content),
        isDefault: false,
      }
    : fallback;
  const path = `/${city.slug}/${service.slug}`;
  const url = new URL(path, site.siteUrl).toString();
  return {
    found: true,
    view: {
      path,
      city: { slug: city.slug, name: city.name, state: city.state, latitude: city.latitude, longitude: city.longitude },
      service: { slug: service.slug, name: service.name },
      page,
      jsonLd: localBusinessJsonLd(city, service, page, url, site),
    },
  };
}
