// Cities, services and their local landing pages: the public lookup (city, then service, then the
// page record), the default page when no record exists, the local-business structured data, and
// the administration of all three. Every function takes the database first and returns plain
// objects; nothing here knows about requests or React.
import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import { cities, cityServicePages, services } from "../../db/schema";
import {
  isReservedSlug,
  isValidSlug,
  reservedSlugMessage,
  type CityInput,
  type FieldErrors,
  type ServiceInput,
} from "~/lib/place-rules";
import { escapeHtml } from "~/lib/escape";
import type { Db } from "./db.server";
import { isEffectivelyEmpty, sanitizeContent } from "./sanitize.server";

export { RESERVED_SLUGS, isReservedSlug } from "~/lib/place-rules";

export interface City {
  id: number;
  slug: string;
  name: string;
  state: string;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
  isActive: boolean;
}

export interface Service {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  isActive: boolean;
}

/** What a city-service page shows: a stored record, or the generated default (id ''). */
export interface PageContent {
  id: string;
  metaTitle: string;
  metaDescription: string;
  /** Sanitised HTML. */
  content: string;
  isDefault: boolean;
}

const cityColumns = {
  id: cities.id,
  slug: cities.slug,
  name: cities.name,
  state: cities.state,
  description: cities.description,
  latitude: cities.latitude,
  longitude: cities.longitude,
  isActive: cities.isActive,
};

const serviceColumns = {
  id: services.id,
  slug: services.slug,
  name: services.name,
  description: services.description,
  isActive: services.isActive,
};

// ---------------------------------------------------------------- the public page

export type PageLookup =
  | { found: false; reason: "invalid-slug" | "reserved-slug" | "city" | "service" }
  | {
      found: true;
      city: City;
      service: Service;
      record: { id: number; content: string; metaTitle: string | null; metaDescription: string | null } | null;
    };

/**
 * Resolves a city-service pair in the specification's order: the active city by slug, then the
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

export const DEFAULT_BULLETS = (cityName: string) => [
  "Local community support and resources",
  "Expert guidance on pain management",
  `Connect with others in ${cityName}`,
  "Access to proven arthritis relief solutions",
];

type NamedCity = Pick<City, "name" | "state" | "description">;
type NamedService = Pick<Service, "name" | "description">;

/** The page shown when no record exists for the pair (specification, section 3). */
export function defaultPageContent(city: NamedCity, service: NamedService, brand = "Capsiva"): PageContent {
  const c = escapeHtml(city.name);
  const st = escapeHtml(city.state);
  const s = escapeHtml(service.name);
  const serviceText = service.description?.trim()
    ? escapeHtml(service.description.trim())
    : `Find trusted ${escapeHtml(service.name.toLowerCase())} information and encouragement from people who understand life with rheumatoid arthritis.`;
  const cityText = city.description?.trim()
    ? escapeHtml(city.description.trim())
    : `Our community includes people living with rheumatoid arthritis in and around ${c}, ${st}, sharing what helps them day to day.`;
  const bullets = DEFAULT_BULLETS(city.name)
    .map((b) => `<li>${escapeHtml(b)}</li>`)
    .join("");
  return {
    id: "",
    metaTitle: `${service.name} in ${city.name}, ${city.state} | ${brand}`,
    metaDescription: `Find ${service.name.toLowerCase()} resources, community support and practical tips for people living with rheumatoid arthritis in ${city.name}, ${city.state}.`,
    content:
      `<h2>Welcome to ${s} in ${c}</h2>` +
      `<p>${serviceText}</p>` +
      `<p>${cityText}</p>` +
      `<h3>Why choose ${s} in ${c}?</h3>` +
      `<ul>${bullets}</ul>`,
    isDefault: true,
  };
}

export interface SiteFacts {
  siteUrl: string;
  brand: string;
  phoneTel: string;
  email: string;
  /** The configured aggregate rating, or null when it is switched off. */
  rating: { value: number; count: number } | null;
}

/** LocalBusiness structured data for a city-service page. */
export function localBusinessJsonLd(city: City, service: Service, page: PageContent, url: string, site: SiteFacts) {
  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: `${site.brand} ${service.name} in ${city.name}, ${city.state}`,
    description: page.metaDescription,
    url,
    telephone: site.phoneTel,
    email: site.email,
    address: {
      "@type": "PostalAddress",
      addressLocality: city.name,
      addressRegion: city.state,
      addressCountry: "US",
    },
  };
  if (city.latitude !== null && city.longitude !== null) {
    jsonLd.geo = { "@type": "GeoCoordinates", latitude: city.latitude, longitude: city.longitude };
  }
  if (site.rating) {
    jsonLd.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: site.rating.value,
      reviewCount: site.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return jsonLd;
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

// ---------------------------------------------------------------- administration

export type SaveResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** PostgreSQL's unique_violation, as node-postgres or PGlite report it (possibly wrapped). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === "23505") return true;
  }
  return false;
}

export interface ListOptions {
  q?: string;
  page?: number;
  perPage?: number;
}

function paging(options: ListOptions) {
  const perPage = Math.min(Math.max(options.perPage ?? 50, 1), 200);
  const page = Math.max(Math.floor(options.page ?? 1), 1);
  return { perPage, page, offset: (page - 1) * perPage };
}

function searchTerm(q: string | undefined) {
  const t = q?.trim().slice(0, 100);
  return t ? `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

export async function listCities(db: Db, options: ListOptions = {}): Promise<{ rows: City[]; total: number; page: number; perPage: number }> {
  const { perPage, page, offset } = paging(options);
  const term = searchTerm(options.q);
  const where = term ? or(ilike(cities.slug, term), ilike(cities.name, term)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select(cityColumns).from(cities).where(where).orderBy(asc(cities.name), asc(cities.id)).limit(perPage).offset(offset),
    db.select({ total: count() }).from(cities).where(where),
  ]);
  return { rows, total, page, perPage };
}

export async function listServices(db: Db, options: ListOptions = {}): Promise<{ rows: Service[]; total: number; page: number; perPage: number }> {
  const { perPage, page, offset } = paging(options);
  const term = searchTerm(options.q);
  const where = term ? or(ilike(services.slug, term), ilike(services.name, term)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select(serviceColumns).from(services).where(where).orderBy(asc(services.name), asc(services.id)).limit(perPage).offset(offset),
    db.select({ total: count() }).from(services).where(where),
  ]);
  return { rows, total, page, perPage };
}

export async function getCity(db: Db, id: number): Promise<City | null> {
  const [row] = await db.select(cityColumns).from(cities).where(eq(cities.id, id));
  return row ?? null;
}

export async function getService(db: Db, id: number): Promise<Service | null> {
  const [row] = await db.select(serviceColumns).from(services).where(eq(services.id, id));
  return row ?? null;
}

function duplicateSlugMessage(kind: "city" | "service", slug: string) {
  return `Another ${kind} already uses the slug '${slug}'. Choose a different slug.`;
}

/** Creates a city (no `id`) or updates one. Slugs are unique and never reserved. */
export async function saveCity(db: Db, input: CityInput & { id?: number }): Promise<SaveResult<City>> {
  if (isReservedSlug(input.slug)) return { ok: false, errors: { slug: reservedSlugMessage(input.slug) } };
  const values = {
    slug: input.slug,
    name: input.name,
    state: input.state,
    description: input.description,
    latitude: input.latitude,
    longitude: input.longitude,
    isActive: input.is_active,
  };
  try {
    return await db.transaction(async (tx): Promise<SaveResult<City>> => {
      const [taken] = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(input.id ? and(eq(cities.slug, input.slug), ne(cities.id, input.id)) : eq(cities.slug, input.slug));
      if (taken) return { ok: false, errors: { slug: duplicateSlugMessage("city", input.slug) } };
      const [row] = input.id
        ? await tx.update(cities).set({ ...values, updatedAt: sql`now()` }).where(eq(cities.id, input.id)).returning(cityColumns)
        : await tx.insert(cities).values(values).returning(cityColumns);
      if (!row) return { ok: false, errors: { form: "This city no longer exists." } };
      return { ok: true, value: row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: duplicateSlugMessage("city", input.slug) } };
    throw error;
  }
}

export async function saveService(db: Db, input: ServiceInput & { id?: number }): Promise<SaveResult<Service>> {
  if (isReservedSlug(input.slug)) return { ok: false, errors: { slug: reservedSlugMessage(input.slug) } };
  const values = { slug: input.slug, name: input.name, description: input.description, isActive: input.is_active };
  try {
    return await db.transaction(async (tx): Promise<SaveResult<Service>> => {
      const [taken] = await tx
        .select({ id: services.id })
        .from(services)
        .where(input.id ? and(eq(services.slug, input.slug), ne(services.id, input.id)) : eq(services.slug, input.slug));
      if (taken) return { ok: false, errors: { slug: duplicateSlugMessage("service", input.slug) } };
      const [row] = input.id
        ? await tx.update(services).set({ ...values, updatedAt: sql`now()` }).where(eq(services.id, input.id)).returning(serviceColumns)
        : await tx.insert(services).values(values).returning(serviceColumns);
      if (!row) return { ok: false, errors: { form: "This service no longer exists." } };
      return { ok: true, value: row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: duplicateSlugMessage("service", input.slug) } };
    throw error;
  }
}

export async function setCityActive(db: Db, id: number, active: boolean): Promise<City | null> {
  const [row] = await db.update(cities).set({ isActive: active, updatedAt: sql`now()` }).where(eq(cities.id, id)).returning(cityColumns);
  return row ?? null;
}

export async function setServiceActive(db: Db, id: number, active: boolean): Promise<Service | null> {
  const [row] = await db
    .update(services)
    .set({ isActive: active, updatedAt: sql`now()` })
    .where(eq(services.id, id))
    .returning(serviceColumns);
  return row ?? null;
}

export interface PageRecordSummary {
  id: number;
  city: Pick<City, "id" | "slug" | "name" | "state" | "isActive">;
  service: Pick<Service, "id" | "slug" | "name" | "isActive">;
  metaTitle: string | null;
  updatedAt: Date;
}

export async function listPageRecords(
  db: Db,
  options: ListOptions = {},
): Promise<{ rows: PageRecordSummary[]; total: number; page: number; perPage: number }> {
  const { perPage, page, offset } = paging(options);
  const term = searchTerm(options.q);
  const where = term ? or(ilike(cities.name, term), ilike(cities.slug, term), ilike(services.name, term), ilike(services.slug, term)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: cityServicePages.id,
        metaTitle: cityServicePages.metaTitle,
        updatedAt: cityServicePages.updatedAt,
        cityId: cities.id,
        citySlug: cities.slug,
        cityName: cities.name,
        cityState: cities.state,
        cityActive: cities.isActive,
        serviceId: services.id,
        serviceSlug: services.slug,
        serviceName: services.name,
        serviceActive: services.isActive,
      })
      .from(cityServicePages)
      .innerJoin(cities, eq(cities.id, cityServicePages.cityId))
      .innerJoin(services, eq(services.id, cityServicePages.serviceId))
      .where(where)
      .orderBy(asc(cities.name), asc(services.name), asc(cityServicePages.id))
      .limit(perPage)
      .offset(offset),
    db
      .select({ total: count() })
      .from(cityServicePages)
      .innerJoin(cities, eq(cities.id, cityServicePages.cityId))
      .innerJoin(services, eq(services.id, cityServicePages.serviceId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      metaTitle: r.metaTitle,
      updatedAt: r.updatedAt,
      city: { id: r.cityId, slug: r.citySlug, name: r.cityName, state: r.cityState, isActive: r.cityActive },
      service: { id: r.serviceId, slug: r.serviceSlug, name: r.serviceName, isActive: r.serviceActive },
    })),
    total,
    page,
    perPage,
  };
}

export interface PageEditorData {
  city: City;
  service: Service;
  /** The stored record (content as stored), or null when the page shows the default. */
  record: { id: number; metaTitle: string; metaDescription: string; content: string } | null;
  /** What the page shows today without a record. */
  defaults: PageContent;
}

/** The page editor for a pair given by slugs (active or not); null when either does not exist. */
export async function getPageEditor(db: Db, citySlug: string, serviceSlug: string): Promise<PageEditorData | null> {
  if (!isValidSlug(citySlug) || !isValidSlug(serviceSlug)) return null;
  const [city] = await db.select(cityColumns).from(cities).where(eq(cities.slug, citySlug));
  const [service] = await db.select(serviceColumns).from(services).where(eq(services.slug, serviceSlug));
  if (!city || !service) return null;
  const [record] = await db
    .select({
      id: cityServicePages.id,
      metaTitle: cityServicePages.metaTitle,
      metaDescription: cityServicePages.metaDescription,
      content: cityServicePages.content,
    })
    .from(cityServicePages)
    .where(and(eq(cityServicePages.cityId, city.id), eq(cityServicePages.serviceId, service.id)));
  const defaults = defaultPageContent(city, service);
  return {
    city,
    service,
    record: record
      ? {
          id: record.id,
          metaTitle: record.metaTitle ?? defaults.metaTitle,
          metaDescription: record.metaDescription ?? defaults.metaDescription,
          content: record.content,
        }
      : null,
    defaults,
  };
}

export interface PageRecordInput {
  /** The record being edited; absent to create the pair's first record. */
  pageId?: number;
  cityId: number;
  serviceId: number;
  metaTitle: string;
  metaDescription: string;
  content: string;
}

/**
 * Saves the page record of a pair, sanitising its HTML. A pair has at most one record: creating a
 * second one is refused with a message, editing updates the one there is.
 */
export async function savePageRecord(
  db: Db,
  input: PageRecordInput,
): Promise<SaveResult<{ id: number; city: City; service: Service; content: string }>> {
  const content = sanitizeContent(input.content);
  if (isEffectivelyEmpty(content)) {
    return { ok: false, errors: { content: "Nothing would remain after removing unsafe markup. Enter some text." } };
  }
  try {
    return await db.transaction(async (tx): Promise<SaveResult<{ id: number; city: City; service: Service; content: string }>> => {
      const [city] = await tx.select(cityColumns).from(cities).where(eq(cities.id, input.cityId));
      const [service] = await tx.select(serviceColumns).from(services).where(eq(services.id, input.serviceId));
      if (!city || !service) return { ok: false, errors: { form: "This city or service no longer exists." } };
      const values = { content, metaTitle: input.metaTitle, metaDescription: input.metaDescription };
      if (input.pageId) {
        const [row] = await tx
          .update(cityServicePages)
          .set({ ...values, updatedAt: sql`now()` })
          .where(
            and(
              eq(cityServicePages.id, input.pageId),
              eq(cityServicePages.cityId, input.cityId),
              eq(cityServicePages.serviceId, input.serviceId),
            ),
          )
          .returning({ id: cityServicePages.id });
        if (!row) return { ok: false, errors: { form: "This page record no longer exists. Reload the editor." } };
        return { ok: true, value: { id: row.id, city, service, content } };
      }
      const [row] = await tx
        .insert(cityServicePages)
        .values({ ...values, cityId: input.cityId, serviceId: input.serviceId })
        .returning({ id: cityServicePages.id });
      return { ok: true, value: { id: row.id, city, service, content } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      return {
        ok: false,
        errors: { form: "A page record already exists for this city and service. Reload the editor to change that record." },
      };
    }
    throw error;
  }
}

/** Removes the pair's record, so the page shows the default content again. */
export async function deletePageRecord(db: Db, cityId: number, serviceId: number): Promise<boolean> {
  const rows = await db
    .delete(cityServicePages)
    .where(and(eq(cityServicePages.cityId, cityId), eq(cityServicePages.serviceId, serviceId)))
    .returning({ id: cityServicePages.id });
  return rows.length > 0;
}

/** Sanitised HTML for the editor's preview: nothing is stored. */
export function previewContent(html: string) {
  return sanitizeContent(html);
}
