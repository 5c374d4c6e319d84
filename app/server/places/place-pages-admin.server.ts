// The administration of city-service page records: the list, the editor's data (with the default
// page to start from), save, delete and the editor's preview. What is stored is sanitised HTML.
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { cities, cityServicePages, services } from "../../../db/schema";
import { isValidSlug } from "~/lib/place-rules";
import type { Db } from "~/server/infra/db.server";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { defaultPageContent } from "./place-copy.server";
import { cityColumns, serviceColumns, type City, type PageContent, type Service } from "./place-model.server";
import { isUniqueViolation, paging, searchTerm, type ListOptions, type SaveResult } from "./places-admin.server";
import { isEffectivelyEmpty, sanitizeContent } from "~/server/infra/sanitize.server";

export interface PageRecordSummary {
  id: number;
  city: Pick<City, "id" | "slug" | "name" | "state" | "isActive">;
  service: Pick<Service, "id" | "slug" | "name" | "isActive">;
  metaTitle: string | null;
  updatedAt: Date;
}

export async function listPageRecords(db: Db, options: ListOptions = {}): Promise<{ rows: PageRecordSummary[]; total: number; page: number; perPage: number }> {
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
  { changes }: Pick<Writer, "changes">,
  input: PageRecordInput,
): Promise<SaveResult<{ id: number; city: City; service: Service; content: string }>> {
  const content = sanitizeContent(input.content);
  if (isEffectivelyEmpty(content)) {
    return { ok: false, errors: { content: "Nothing would remain after removing unsafe markup. Enter some text." } };
  }
  try {
    return await changes.write(async (tx, changed): Promise<SaveResult<{ id: number; city: City; service: Service; content: string }>> => {
      const [city] = await tx.select(cityColumns).from(cities).where(eq(cities.id, input.cityId));
      const [service] = await tx.select(serviceColumns).from(services).where(eq(services.id, input.serviceId));
      if (!city || !service) return { ok: false, errors: { form: "This city or service no longer exists." } };
      changed(tag.place(city.slug, service.slug));
      const values = { content, metaTitle: input.metaTitle, metaDescription: input.metaDescription };
      if (input.pageId) {
        const [row] = await tx
          .update(cityServicePages)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(cityServicePages.id, input.pageId), eq(cityServicePages.cityId, input.cityId), eq(cityServicePages.serviceId, input.serviceId)))
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
export async function deletePageRecord({ changes }: Pick<Writer, "changes">, cityId: number, serviceId: number): Promise<boolean> {
  return changes.write(async (tx, changed) => {
    const rows = await tx
      .delete(cityServicePages)
      .where(and(eq(cityServicePages.cityId, cityId), eq(cityServicePages.serviceId, serviceId)))
      .returning({ id: cityServicePages.id });
    if (!rows.length) return false;
    const [city] = await tx.select({ slug: cities.slug }).from(cities).where(eq(cities.id, cityId));
    const [service] = await tx.select({ slug: services.slug }).from(services).where(eq(services.id, serviceId));
    changed(city && service && tag.place(city.slug, service.slug));
    return true;
  });
}

/** Sanitised HTML for the editor's preview: nothing is stored. */
export function previewContent(html: string) {
  return sanitizeContent(html);
}
