// The rules for cities, services and their local pages, shared by the admin forms, the CSV
// import and the domain module: one zod schema per form, the limits the inputs show, and the
// slugs that can never name a city because a top-level route already uses them.
import { z } from "zod";
import { isRowId, rowIdField } from "~/lib/validation";

export const LIMITS = {
  slug: 100,
  name: 100,
  description: 2000,
  metaTitle: 70,
  metaDescription: 160,
  content: 100_000,
} as const;

/** Lowercase letters, digits and hyphens, 1 to 100 characters. */
export const SLUG_RE = /^[a-z0-9-]{1,100}$/;
/** The same rule for the `pattern` attribute of a form field. */
export const SLUG_PATTERN = "[a-z0-9\\-]{1,100}";

/**
 * Top-level paths of the site (and of its static files and server endpoints). A city with one of
 * these slugs would be shadowed by, or would shadow, another page.
 */
export const RESERVED_SLUGS: readonly string[] = [
  "404",
  "about",
  "account",
  "admin",
  "api",
  "apple-touch-icon.png",
  "article",
  "assets",
  "auth",
  "blog",
  "build",
  "community-guidelines",
  "contact",
  "favicon.ico",
  "favicon.svg",
  "forum",
  "guides",
  "healthz",
  "livez",
  "og-image.svg",
  "privacy",
  "readyz",
  "robots.txt",
  "rss.xml",
  "search",
  "sitemap.xml",
  "static",
  "terms",
  ".well-known",
  "well-known",
];

const reserved = new Set(RESERVED_SLUGS);

export function isReservedSlug(slug: string) {
  return reserved.has(slug.toLowerCase());
}

/** A slug as it appears in a URL: the shape alone, no database lookup. */
export function isValidSlug(slug: string | undefined | null): slug is string {
  return typeof slug === "string" && SLUG_RE.test(slug);
}

export function reservedSlugMessage(slug: string) {
  return `'${slug}' is reserved: it is already the address of another part of the site. Choose another slug.`;
}

// ---------------------------------------------------------------- field rules

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControlChars = (label: string) => (value: string, ctx: z.RefinementCtx) => {
  if (CONTROL_CHARS.test(value)) ctx.addIssue({ code: "custom", message: `The ${label} contains invisible control characters.` });
};

const slug = z
  .string()
  .trim()
  .min(1, "Enter a slug.")
  .max(LIMITS.slug, `Keep the slug to ${LIMITS.slug} characters or fewer.`)
  .regex(SLUG_RE, "Use lowercase letters, digits and hyphens only (for example new-york).")
  .superRefine((value, ctx) => {
    if (isReservedSlug(value)) ctx.addIssue({ code: "custom", message: reservedSlugMessage(value) });
  });

/** A slug that refers to an existing record (CSV page rows): the shape only. */
const slugReference = (what: string) =>
  z.string().trim().min(1, `Enter the ${what} slug.`).regex(SLUG_RE, `The ${what} slug may only contain lowercase letters, digits and hyphens.`);

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what} name.`)
    .max(LIMITS.name, `Keep the ${what} name to ${LIMITS.name} characters or fewer.`)
    .superRefine(noControlChars(`${what} name`));

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} to ${max.toLocaleString("en-US")} characters or fewer.`)
    .superRefine(noControlChars(label))
    .transform((v) => (v === "" ? null : v));

const state = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, "Use the two-letter state code, for example TX."));

const coordinate = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return null;
      const n = Number(value);
      if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value) || !Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number, for example ${min === -90 ? "30.2672" : "-97.7431"}.` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${label} must be between ${min} and ${max}.` });
        return z.NEVER;
      }
      return n;
    });

/** true/false, 1/0, yes/no, on (a ticked checkbox); an empty CSV cell means active. */
const active = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const v = value.toLowerCase();
    if (["", "true", "1", "yes", "on"].includes(v)) return true;
    if (["false", "0", "no", "off"].includes(v)) return false;
    ctx.addIssue({ code: "custom", message: "is_active must be true or false." });
    return z.NEVER;
  });

function coordinatesTogether(value: { latitude: number | null; longitude: number | null }, ctx: z.RefinementCtx) {
  if ((value.latitude === null) !== (value.longitude === null)) {
    ctx.addIssue({
      code: "custom",
      path: [value.latitude === null ? "latitude" : "longitude"],
      message: "Give both latitude and longitude, or leave both empty.",
    });
  }
}

const cityShape = {
  slug,
  name: name("city"),
  state,
  description: optionalText(LIMITS.description, "description"),
  latitude: coordinate("Latitude", -90, 90),
  longitude: coordinate("Longitude", -180, 180),
  is_active: active,
};

const serviceShape = {
  slug,
  name: name("service"),
  description: optionalText(LIMITS.description, "description"),
  is_active: active,
};

const pageShape = {
  meta_title: z
    .string()
    .trim()
    .min(1, "Enter a meta title.")
    .max(LIMITS.metaTitle, `Keep the meta title to ${LIMITS.metaTitle} characters or fewer.`)
    .superRefine(noControlChars("meta title")),
  meta_description: z
    .string()
    .trim()
    .min(1, "Enter a meta description.")
    .max(LIMITS.metaDescription, `Keep the meta description to ${LIMITS.metaDescription} characters or fewer.`)
    .superRefine(noControlChars("meta description")),
  content: z
    .string()
    .trim()
    .min(1, "Enter the page content.")
    .max(LIMITS.content, `Keep the content to ${LIMITS.content.toLocaleString("en-US")} characters or fewer.`)
    .superRefine(noControlChars("content")),
};

const id = rowIdField;
const optionalId = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    const n = Number(v);
    if (!isRowId(n)) {
      ctx.addIssue({ code: "custom", message: "Unknown record." });
      return z.NEVER;
    }
    return n;
  });

// ---------------------------------------------------------------- schemas

/** The city form (and one row of a cities CSV file). */
export const citySchema = z.object({ id: optionalId, ...cityShape }).superRefine(coordinatesTogether);
export const cityCsvSchema = z.object(cityShape).superRefine(coordinatesTogether);
export type CityInput = z.output<typeof cityCsvSchema>;

export const serviceSchema = z.object({ id: optionalId, ...serviceShape });
export const serviceCsvSchema = z.object(serviceShape);
export type ServiceInput = z.output<typeof serviceCsvSchema>;

/** The page editor: Preview and Save send the same fields. */
export const pageSchema = z.object({ city_id: id, service_id: id, page_id: optionalId, ...pageShape });
export const pageCsvSchema = z.object({
  city_slug: slugReference("city"),
  service_slug: slugReference("service"),
  ...pageShape,
});
export type PageInput = z.output<typeof pageCsvSchema>;

export const toggleSchema = z.object({ id, active: z.enum(["true", "false"]).transform((v) => v === "true") });
export const pagePairSchema = z.object({ city_id: id, service_id: id });

export const IMPORT_KINDS = ["cities", "services", "pages"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  cities: ["slug", "name", "state", "description", "latitude", "longitude", "is_active"],
  services: ["slug", "name", "description", "is_active"],
  pages: ["city_slug", "service_slug", "meta_title", "meta_description", "content"],
};

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type FieldErrors = Record<string, string>;

/** The first message for each field, keyed by the field's name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
