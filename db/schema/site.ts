// The site's machinery and places: the mail outbox, cities, services and their pages, the guide
// index and the change events.
import { sql } from "drizzle-orm";
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { tsvector, createdAt, updatedAt } from "./columns";
import { profiles } from "./community";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    gatherKey: text("gather_key").notNull(),
    // An account mail (reset link, address confirmation, security notice) is written when it is
    // asked for and kept here, so the request answers without waiting for the mail server.
    payload: jsonb("payload").$type<{ subject: string; text: string }>(),
    state: text("state").notNull().default("pending"), // 'pending' | 'sent' | 'skipped' | 'failed'
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_pending_idx")
      .on(t.memberId, t.gatherKey)
      .where(sql`state = 'pending'`),
    index("mail_outbox_due_idx")
      .on(t.dueAt)
      .where(sql`state = 'pending'`),
    index("mail_outbox_sent_idx").on(t.memberId, t.gatherKey, t.sentAt),
  ],
);

export const cities = pgTable("cities", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  state: text("state").notNull(),
  description: text("description"),
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const services = pgTable("services", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cityServicePages = pgTable(
  "city_service_pages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("city_service_pages_pair_idx").on(t.cityId, t.serviceId)],
);

/** The static guides, indexed for full-text search when the server starts. */
export const guideIndex = pgTable(
  "guide_index",
  {
    slug: text("slug").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    body: text("body").notNull(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
    ),
  },
  (t) => [index("guide_index_search_idx").using("gin", t.search)],
);

// Proof that the person at a session re-entered their password (or a fresh two-step code) a
// moment ago. Adding a passkey needs one: a stolen session cookie alone must not be able to
// plant a lasting way in. A proof belongs to one session and goes with it.
// ---------------------------------------------------------------- change events

/**
 * What each write changed (tags such as question:12 or forum), in commit order: other instances
 * drop what depended on them, and live pages catch up on what they missed. Kept for an hour.
 */
export const changeEvents = pgTable(
  "change_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tags: text("tags").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("change_events_created_idx").on(t.createdAt)],
);
