// Column shapes several tables share.
import { customType, integer, text, timestamp } from "drizzle-orm/pg-core";

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/**
 * A post's text as pages show it, rendered when the text is saved, and the renderer version that
 * made it: a newer renderer re-renders stored rows once at start-up, never a page per request.
 */
export const storedHtml = () => ({ contentHtml: text("content_html"), htmlVersion: integer("html_version") });
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
