// The administration of cities and services: lists with search and paging, one record, save
// (slugs checked and unique) and switching on or off. Page records are in place-pages-admin.server.ts.
import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import { cities, services } from "../../../db/schema";
import { isReservedSlug, reservedSlugMessage, type CityInput, type FieldErrors, type ServiceInput } from "~/lib/place-rules";
import type { Db } from "~/server/infra/db.server";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";
import { cityColumns, serviceColumns, type City, type Service } from "./place-model.server";

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

export function paging(options: ListOptions) {
  const perPage = Math.min(Math.max(options.perPage ?? 50, 1), 200);
  const page = Math.max(Math.floor(options.page ?? 1), 1);
  return { perPage, page, offset: (page - 1) * perPage };
}

export function searchTerm(q: string | undefined) {
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
export async function saveCity({ changes }: Pick<Writer, "changes">, input: CityInput & { id?: number }): Promise<SaveResult<City>> {
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
    return await changes.write(async (tx, changed): Promise<SaveResult<City>> => {
      const [taken] = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(input.id ? and(eq(cities.slug, input.slug), ne(cities.id, input.id)) : eq(cities.slug, input.slug));
      if (taken) return { ok: false, errors: { slug: duplicateSlugMessage("city", input.slug) } };
      // Its pages under the old slug and the new one, and the lists of places.
      const [before] = input.id ? await tx.select({ slug: cities.slug }).from(cities).where(eq(cities.id, input.id)) : [];
      const [row] = input.id
        ? await tx
            .update(cities)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(cities.id, input.id))
            .returning(cityColumns)
        : await tx.insert(cities).values(values).returning(cityColumns);
      if (!row) return { ok: false, errors: { form: "This city no longer exists." } };
      changed(tag.city(row.slug), before && tag.city(before.slug), tag.places);
      return { ok: true, value: row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: duplicateSlugMessage("city", input.slug) } };
    throw error;
  }
}

export async function saveService({ changes }: Pick<Writer, "changes">, input: ServiceInput & { id?: number }): Promise<SaveResult<Service>> {
  if (isReservedSlug(input.slug)) return { ok: false, errors: { slug: reservedSlugMessage(input.slug) } };
  const values = { slug: input.slug, name: input.name, description: input.description, isActive: input.is_active };
  try {
    return await changes.write(async (tx, changed): Promise<SaveResult<Service>> => {
      const [taken] = await tx
        .select({ id: services.id })
        .from(services)
        .where(input.id ? and(eq(services.slug, input.slug), ne(services.id, input.id)) : eq(services.slug, input.slug));
      if (taken) return { ok: false, errors: { slug: duplicateSlugMessage("service", input.slug) } };
      const [before] = input.id ? await tx.select({ slug: services.slug }).from(services).where(eq(services.id, input.id)) : [];
      const [row] = input.id
        ? await tx
            .update(services)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(services.id, input.id))
            .returning(serviceColumns)
        : await tx.insert(services).values(values).returning(serviceColumns);
      if (!row) return { ok: false, errors: { form: "This service no longer exists." } };
      changed(tag.service(row.slug), before && tag.service(before.slug), tag.places);
      return { ok: true, value: row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: duplicateSlugMessage("service", input.slug) } };
    throw error;
  }
}

export async function setCityActive({ changes }: Pick<Writer, "changes">, id: number, active: boolean): Promise<City | null> {
  return changes.write(async (tx, changed) => {
    const [row] = await tx
      .update(cities)
      .set({ isActive: active, updatedAt: sql`now()` })
      .where(eq(cities.id, id))
      .returning(cityColumns);
    if (row) changed(tag.city(row.slug), tag.places);
    return row ?? null;
  });
}

export async function setServiceActive({ changes }: Pick<Writer, "changes">, id: number, active: boolean): Promise<Service | null> {
  return changes.write(async (tx, changed) => {
    const [row] = await tx
      .update(services)
      .set({ isActive: active, updatedAt: sql`now()` })
      .where(eq(services.id, id))
      .returning(serviceColumns);
    if (row) changed(tag.service(row.slug), tag.places);
    return row ?? null;
  });
}
