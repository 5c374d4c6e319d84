// CSV import of cities, services and city-service page records. A file is parsed (papaparse,
// with a header row), every row is validated (the same zod schemas as the admin forms), and only
// when every row passes is the file stored (csv-store.server.ts: one transaction, upserts by
// slug or by city and service pair). The report names each rejected row and why.
import { inArray } from "drizzle-orm";
import { cities, services } from "../../../db/schema";
import {
  cityCsvSchema,
  IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  pageCsvSchema,
  serviceCsvSchema,
  type CityInput,
  type ImportKind,
  type PageInput,
  type ServiceInput,
} from "~/lib/place-rules";
import { parseCsvOffThread, ParseTimeoutError, type ParseResult } from "./csv-parse.server";
import { storeRows, type PageIds, type Validated } from "./csv-store.server";
import type { Db } from "~/server/infra/db.server";
import type { Writer } from "~/server/infra/change-events.server";
import { isEffectivelyEmpty, sanitizeContent } from "~/server/infra/sanitize.server";

export { IMPORT_COLUMNS, MAX_IMPORT_BYTES, type ImportKind } from "~/lib/place-rules";
export { BATCH_SIZE } from "./csv-store.server";

export const MAX_IMPORT_ROWS = 50_000;
/** The report lists this many rejected rows; the count covers them all. */
export const MAX_REPORTED_REJECTIONS = 200;

export interface RejectedRow {
  /** The row as a spreadsheet numbers it: the header is row 1, the first record row 2. */
  row: number;
  reason: string;
}

export interface ImportReport {
  kind: ImportKind;
  /** True when the file was stored; false when anything was rejected (then nothing is stored). */
  stored: boolean;
  /** A problem with the whole file (columns, malformed CSV, size); rows are not checked then. */
  fileError: string | null;
  totalRows: number;
  /** Rows that passed validation (stored only when `stored`). */
  accepted: number;
  rejectedCount: number;
  rejected: RejectedRow[];
  inserted: number;
  updated: number;
  ms: number;
}

const KIND_LABEL: Record<ImportKind, string> = { cities: "cities", services: "services", pages: "page records" };

function emptyReport(kind: ImportKind, start: number, patch: Partial<ImportReport>): ImportReport {
  return {
    kind,
    stored: false,
    fileError: null,
    totalRows: 0,
    accepted: 0,
    rejectedCount: 0,
    rejected: [],
    inserted: 0,
    updated: 0,
    ms: Math.round(performance.now() - start),
    ...patch,
  };
}

function expectedColumnsMessage(kind: ImportKind, fields: string[]) {
  const expected = IMPORT_COLUMNS[kind];
  const missing = expected.filter((c) => !fields.includes(c));
  const unexpected = fields.filter((c) => !expected.includes(c));
  const parts = [`A ${KIND_LABEL[kind]} file needs exactly these columns in its header row: ${expected.join(",")}.`];
  if (missing.length) parts.push(`Missing: ${missing.join(", ")}.`);
  if (unexpected.length) parts.push(`Not expected: ${unexpected.map((c) => (c === "" ? "(an empty column name)" : c)).join(", ")}.`);
  return parts.join(" ");
}

type Rows = { rows: Record<string, string>[]; fieldCountErrors: Map<number, string> };

/** A file's rows (and which of them have the wrong number of values), or why the whole file is refused. */
async function readRows(kind: ImportKind, input: string): Promise<Rows | { fileError: string; totalRows?: number }> {
  if (Buffer.byteLength(input, "utf8") > MAX_IMPORT_BYTES) return { fileError: "The file is larger than 5 MB. Split it into smaller files." };
  const text = input.replace(/^\uFEFF/, "");
  if (text.trim() === "") return { fileError: "The file is empty." };

  let parsed: ParseResult;
  try {
    parsed = await parseCsvOffThread(text);
  } catch (error) {
    if (!(error instanceof ParseTimeoutError)) throw error;
    return { fileError: "The file could not be read in time. Check that it is a plain CSV file and try again." };
  }

  const fields = parsed.fields.map((f) => f.trim());
  const expected = IMPORT_COLUMNS[kind];
  if (fields.length !== expected.length || expected.some((c) => !fields.includes(c))) return { fileError: expectedColumnsMessage(kind, fields) };

  const quoteError = parsed.errors.find((e) => e.type === "Quotes");
  if (quoteError) {
    const where = quoteError.row !== undefined ? ` (the quoted field starting in row ${quoteError.row + 2})` : "";
    return { fileError: `The file is not valid CSV: a quoted value is never closed${where}. Check the quotes and try again.` };
  }

  const rows = parsed.data;
  if (rows.length === 0) return { fileError: "The file has a header row but no data rows." };
  if (rows.length > MAX_IMPORT_ROWS) {
    return {
      totalRows: rows.length,
      fileError: `The file has ${rows.length.toLocaleString("en-US")} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} at a time.`,
    };
  }

  const fieldCountErrors = new Map<number, string>();
  for (const e of parsed.errors) {
    if (e.type === "FieldMismatch" && e.row !== undefined && !fieldCountErrors.has(e.row)) {
      fieldCountErrors.set(
        e.row,
        e.code === "TooManyFields"
          ? `has more values than the ${expected.length} columns (an unquoted comma?).`
          : `has fewer values than the ${expected.length} columns.`,
      );
    }
  }
  return { rows, fieldCountErrors };
}

/** Each row against the kind's schema, once per slug (or pair), and page content still there once sanitised. */
function validateRows(kind: ImportKind, { rows, fieldCountErrors }: Rows) {
  const expected = IMPORT_COLUMNS[kind];
  const schema = kind === "cities" ? cityCsvSchema : kind === "services" ? serviceCsvSchema : pageCsvSchema;
  const firstRowOfKey = new Map<string, number>();
  const valid: Validated[] = [];
  const rejected: RejectedRow[] = [];

  rows.forEach((raw, index) => {
    const rowNumber = index + 2;
    const mismatch = fieldCountErrors.get(index);
    if (mismatch) {
      rejected.push({ row: rowNumber, reason: `The row ${mismatch}` });
      return;
    }
    const record: Record<string, string> = {};
    for (const column of expected) record[column] = raw[column] ?? "";
    const result = schema.safeParse(record);
    if (!result.success) {
      const reasons = result.error.issues.map((i) => {
        const column = i.path.length ? String(i.path[0]) : "";
        return column ? `${column}: ${i.message}` : i.message;
      });
      rejected.push({ row: rowNumber, reason: reasons.join(" ") });
      return;
    }
    const value = result.data as CityInput | ServiceInput | PageInput;
    const key = "slug" in value ? value.slug : `${value.city_slug}/${value.service_slug}`;
    const first = firstRowOfKey.get(key);
    if (first !== undefined) {
      rejected.push({
        row: rowNumber,
        reason:
          kind === "pages"
            ? `The pair ${key} already appears in row ${first}; a city and service have one page record.`
            : `The slug '${key}' already appears in row ${first}; each slug may appear once.`,
      });
      return;
    }
    firstRowOfKey.set(key, rowNumber);
    if (kind === "pages") {
      const page = value as PageInput;
      const sanitized = sanitizeContent(page.content);
      if (isEffectivelyEmpty(sanitized)) {
        rejected.push({ row: rowNumber, reason: "content: Nothing would remain after removing unsafe markup." });
        return;
      }
      valid.push({ kind, row: rowNumber, value: { ...page, sanitized } });
    } else if (kind === "cities") {
      valid.push({ kind, row: rowNumber, value: value as CityInput });
    } else {
      valid.push({ kind, row: rowNumber, value: value as ServiceInput });
    }
  });
  return { valid, rejected };
}

/** Page rows must name cities and services that exist: the others move from `valid` to `rejected`. */
async function resolvePagePairs(db: Db, valid: Validated[], rejected: RejectedRow[]): Promise<PageIds> {
  const pages = valid as Extract<Validated, { kind: "pages" }>[];
  const cityIds = await idsBySlug(db, "cities", [...new Set(pages.map((p) => p.value.city_slug))]);
  const serviceIds = await idsBySlug(db, "services", [...new Set(pages.map((p) => p.value.service_slug))]);
  for (let i = pages.length - 1; i >= 0; i--) {
    const p = pages[i];
    const problems: string[] = [];
    if (!cityIds.has(p.value.city_slug)) problems.push(`no city has the slug '${p.value.city_slug}'`);
    if (!serviceIds.has(p.value.service_slug)) problems.push(`no service has the slug '${p.value.service_slug}'`);
    if (problems.length) {
      rejected.push({ row: p.row, reason: `Unknown slug: ${problems.join(" and ")}.` });
      valid.splice(i, 1);
    }
  }
  return { cityIds, serviceIds };
}

/** Imports one CSV file of `kind`. Never throws for bad input; database errors are thrown. */
export async function importCsv(writer: Writer, kind: ImportKind, input: string): Promise<ImportReport> {
  const { db } = writer;
  const start = performance.now();
  const read = await readRows(kind, input);
  if ("fileError" in read) return emptyReport(kind, start, read);
  const { valid, rejected } = validateRows(kind, read);
  const pageIds = kind === "pages" ? await resolvePagePairs(db, valid, rejected) : null;

  rejected.sort((a, b) => a.row - b.row);
  const base = {
    totalRows: read.rows.length,
    accepted: valid.length,
    rejectedCount: rejected.length,
    rejected: rejected.slice(0, MAX_REPORTED_REJECTIONS),
  };
  if (rejected.length > 0) return emptyReport(kind, start, base);
  const inserted = await storeRows(writer, kind, valid, pageIds);
  return emptyReport(kind, start, { ...base, stored: true, inserted, updated: valid.length - inserted });
}

async function idsBySlug(db: Db, table: "cities" | "services", slugs: string[]) {
  const t = table === "cities" ? cities : services;
  const ids = new Map<string, number>();
  for (let i = 0; i < slugs.length; i += 1000) {
    const chunk = slugs.slice(i, i + 1000);
    const rows = await db.select({ id: t.id, slug: t.slug }).from(t).where(inArray(t.slug, chunk));
    for (const r of rows) ids.set(r.slug, r.id);
  }
  return ids;
}
