// Storing a validated CSV import: in one transaction, upserting by slug (page records by their
// city and service pair), BATCH_SIZE rows per statement. Returns how many rows were new.
import { sql } from "drizzle-orm";
import { cities, cityServicePages, services } from "../../../db/schema";
import type { CityInput, PageInput, ServiceInput } from "~/lib/place-rules";
import type { Db } from "~/server/infra/db.server";
import type { Writer } from "~/server/infra/change-events.server";
import { tag } from "~/server/infra/change-tags.server";

export const BATCH_SIZE = 500;

export type Validated =
  | { kind: "cities"; row: number; value: CityInput }
  | { kind: "services"; row: number; value: ServiceInput }
  | { kind: "pages"; row: number; value: PageInput & { sanitized: string } };

/** The ids of the cities and services that page rows name, by slug. */
export interface PageIds {
  cityIds: Map<string, number>;
  serviceIds: Map<string, number>;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
// `(xmax = 0)` is true for a row the statement inserted, false for one it updated; PGlite may
// return it as the text "t".
const INSERTED = { inserted: sql<boolean>`(xmax = 0)` };
const countInserted = (flags: { inserted: boolean }[]) => flags.filter((f) => f.inserted === true || (f.inserted as unknown) === "t").length;

function upsertCities(tx: Tx, batch: Validated[]) {
  return tx
    .insert(cities)
    .values(
      batch.map(({ value }) => {
        const v = value as CityInput;
        return {
          slug: v.slug,
          name: v.name,
          state: v.state,
          description: v.description,
          latitude: v.latitude,
          longitude: v.longitude,
          isActive: v.is_active,
        };
      }),
    )
    .onConflictDoUpdate({
      target: cities.slug,
      set: {
        name: sql`excluded.name`,
        state: sql`excluded.state`,
        description: sql`excluded.description`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        isActive: sql`excluded.is_active`,
        updatedAt: sql`now()`,
      },
    })
    .returning(INSERTED);
}

function upsertServices(tx: Tx, batch: Validated[]) {
  return tx
    .insert(services)
    .values(
      batch.map(({ value }) => {
        const v = value as ServiceInput;
        return { slug: v.slug, name: v.name, description: v.description, isActive: v.is_active };
      }),
    )
    .onConflictDoUpdate({
      target: services.slug,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        isActive: sql`excluded.is_active`,
        updatedAt: sql`now()`,
      },
    })
    .returning(INSERTED);
}

function upsertPages(tx: Tx, batch: Validated[], ids: PageIds) {
  return tx
    .insert(cityServicePages)
    .values(
      batch.map(({ value }) => {
        const v = value as PageInput & { sanitized: string };
        return {
          cityId: ids.cityIds.get(v.city_slug)!,
          serviceId: ids.serviceIds.get(v.service_slug)!,
          metaTitle: v.meta_title,
          metaDescription: v.meta_description,
          content: v.sanitized,
        };
      }),
    )
    .onConflictDoUpdate({
      target: [cityServicePages.cityId, cityServicePages.serviceId],
      set: {
        metaTitle: sql`excluded.meta_title`,
        metaDescription: sql`excluded.meta_description`,
        content: sql`excluded.content`,
        updatedAt: sql`now()`,
      },
    })
    .returning(INSERTED);
}

/**
 * Stores every row of `valid` (all of one kind) or none; `pageIds` is needed for pages. An import
 * may touch any number of places: every city page and the lists of places change.
 */
export async function storeRows({ changes }: Pick<Writer, "changes">, kind: Validated["kind"], valid: Validated[], pageIds: PageIds | null): Promise<number> {
  let inserted = 0;
  await changes.write(async (tx, changed) => {
    if (valid.length) changed(tag.placePages, tag.places);
    for (let i = 0; i < valid.length; i += BATCH_SIZE) {
      const batch = valid.slice(i, i + BATCH_SIZE);
      const flags =
        kind === "cities" ? await upsertCities(tx, batch) : kind === "services" ? await upsertServices(tx, batch) : await upsertPages(tx, batch, pageIds!);
      inserted += countInserted(flags);
    }
  });
  return inserted;
}
