// The server half of /admin/places: the loader's data for each tab, and one function per form
// intent. Each returns what the route's action returns (data with field errors, or a redirect
// with a toast); the route module keeps the page.
import type { Writer } from "~/server/infra/change-events.server";
import type { Db } from "~/server/infra/db.server";
import { data } from "react-router";
import { z } from "zod";
import {
  citySchema,
  fieldErrors,
  IMPORT_KINDS,
  MAX_IMPORT_BYTES,
  pagePairSchema,
  pageSchema,
  serviceSchema,
  toggleSchema,
  type FieldErrors,
} from "~/lib/place-rules";
import { importCsv, type ImportReport } from "~/server/places/places.server";
import { deletePageRecord, getPageEditor, listPageRecords, previewContent, savePageRecord } from "~/server/places/places.server";
import { getCity, getService, listCities, listServices, saveCity, saveService, setCityActive, setServiceActive } from "~/server/places/places.server";
import type { Runtime } from "~/server/runtime.server";
import { redirectWithToast } from "~/server/infra/toast.server";

const querySchema = z.object({
  tab: z.enum(["cities", "services", "pages", "import"]).catch("cities"),
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  edit: z.coerce.number().int().positive().optional().catch(undefined),
  city: z.string().trim().toLowerCase().max(100).optional().catch(undefined),
  service: z.string().trim().toLowerCase().max(100).optional().catch(undefined),
});

/** What the page shows for the tab and list position in `url`. */
export async function loadPlacesTab(db: Db, url: URL) {
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  const { tab, q, page } = query;
  switch (tab) {
    case "cities":
      return {
        tab,
        q,
        cities: await listCities(db, { q, page }),
        editing: query.edit ? await getCity(db, query.edit) : null,
      };
    case "services":
      return {
        tab,
        q,
        services: await listServices(db, { q, page }),
        editing: query.edit ? await getService(db, query.edit) : null,
      };
    case "pages": {
      const requested = query.city && query.service ? { city: query.city, service: query.service } : null;
      return {
        tab,
        q,
        records: await listPageRecords(db, { q, page }),
        requested,
        editor: requested ? await getPageEditor(db, requested.city, requested.service) : null,
        cityOptions: (await listCities(db, { perPage: 200 })).rows.map((c) => ({ slug: c.slug, label: `${c.name}, ${c.state}` })),
        serviceOptions: (await listServices(db, { perPage: 200 })).rows.map((s) => ({ slug: s.slug, label: s.name })),
      };
    }
    case "import":
      return { tab, q };
  }
}

export type Values = Record<string, string>;

function formValues(form: FormData, names: string[]): Values {
  const values: Values = {};
  for (const name of names) {
    const v = form.get(name);
    values[name] = typeof v === "string" ? v : "";
  }
  return values;
}

/** Where to go after a write: the same tab and list position, without the edit target. */
function backTo(request: Request, patch: Record<string, string | null> = {}) {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("edit");
  params.delete("index");
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const search = params.toString();
  return `/admin/places${search ? `?${search}` : ""}`;
}

const CITY_FIELDS = ["id", "slug", "name", "state", "description", "latitude", "longitude", "is_active"];
const SERVICE_FIELDS = ["id", "slug", "name", "description", "is_active"];
const PAGE_FIELDS = ["city_id", "service_id", "page_id", "meta_title", "meta_description", "content"];

/** One intent's arguments: where writes go, the request (for where to go back to) and the form. */
interface Intent {
  writer: Writer;
  request: Request;
  form: FormData;
}

export async function saveCityIntent({ writer, request, form }: Intent) {
  const intent = "save-city" as const;
  const values = formValues(form, CITY_FIELDS);
  const parsed = citySchema.safeParse({ ...values, is_active: values.is_active || "false" });
  if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const result = await saveCity(writer, parsed.data);
  if (!result.ok) return data({ intent, errors: result.errors, values }, { status: 400 });
  const c = result.value;
  return redirectWithToast(backTo(request, { tab: "cities" }), {
    title: parsed.data.id ? "City updated" : "City added",
    description: `${c.name}, ${c.state} (/${c.slug}) is saved${c.isActive ? "" : " as inactive"}.`,
  });
}

export async function saveServiceIntent({ writer, request, form }: Intent) {
  const intent = "save-service" as const;
  const values = formValues(form, SERVICE_FIELDS);
  const parsed = serviceSchema.safeParse({ ...values, is_active: values.is_active || "false" });
  if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const result = await saveService(writer, parsed.data);
  if (!result.ok) return data({ intent, errors: result.errors, values }, { status: 400 });
  const s = result.value;
  return redirectWithToast(backTo(request, { tab: "services" }), {
    title: parsed.data.id ? "Service updated" : "Service added",
    description: `${s.name} (${s.slug}) is saved${s.isActive ? "" : " as inactive"}.`,
  });
}

export async function toggleIntent({ writer, request, form }: Intent, intent: "toggle-city" | "toggle-service") {
  const parsed = toggleSchema.safeParse(formValues(form, ["id", "active"]));
  if (!parsed.success) return data({ intent, errors: { form: "That record could not be found." } as FieldErrors }, { status: 400 });
  const { id, active } = parsed.data;
  const row = intent === "toggle-city" ? await setCityActive(writer, id, active) : await setServiceActive(writer, id, active);
  if (!row) return data({ intent, errors: { form: "That record no longer exists." } as FieldErrors }, { status: 404 });
  const label = "state" in row ? `${row.name}, ${row.state}` : row.name;
  return redirectWithToast(backTo(request), {
    title: active ? `${label} activated` : `${label} deactivated`,
    description: active ? "Its local pages are public again." : "Its local pages now answer 404.",
  });
}

export function previewPageIntent({ form }: Intent) {
  const intent = "preview-page" as const;
  const values = formValues(form, PAGE_FIELDS);
  const parsed = pageSchema.safeParse(values);
  const preview = values.content.trim() ? previewContent(values.content) : "";
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  return data({ intent, errors, values, preview }, { status: parsed.success ? 200 : 400 });
}

export async function savePageIntent({ writer, request, form }: Intent) {
  const intent = "save-page" as const;
  const values = formValues(form, PAGE_FIELDS);
  const parsed = pageSchema.safeParse(values);
  if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const p = parsed.data;
  const result = await savePageRecord(writer, {
    pageId: p.page_id,
    cityId: p.city_id,
    serviceId: p.service_id,
    metaTitle: p.meta_title,
    metaDescription: p.meta_description,
    content: p.content,
  });
  if (!result.ok) return data({ intent, errors: result.errors, values }, { status: 400 });
  const { city, service } = result.value;
  return redirectWithToast(backTo(request, { tab: "pages", city: city.slug, service: service.slug }), {
    title: "Page saved",
    description: `${service.name} in ${city.name}, ${city.state} now shows the saved content.`,
  });
}

export async function deletePageIntent({ writer, request, form }: Intent) {
  const intent = "delete-page" as const;
  const parsed = pagePairSchema.safeParse(formValues(form, ["city_id", "service_id"]));
  if (!parsed.success) return data({ intent, errors: { form: "That page record could not be found." } as FieldErrors }, { status: 400 });
  const removed = await deletePageRecord(writer, parsed.data.city_id, parsed.data.service_id);
  return redirectWithToast(backTo(request), {
    title: removed ? "Page record removed" : "Nothing to remove",
    description: removed ? "The page shows the default content again." : "This pair had no page record.",
  });
}

export async function importIntent({ writer, form }: Intent, log: Runtime["log"]) {
  const intent = "import" as const;
  const kind = String(form.get("kind") ?? "");
  const file = form.get("file");
  if (!IMPORT_KINDS.includes(kind as (typeof IMPORT_KINDS)[number])) {
    return data({ intent, report: null, errors: { kind: "Choose what the file contains." } as FieldErrors }, { status: 400 });
  }
  if (!(file instanceof File) || file.size === 0) {
    return data({ intent, report: null, errors: { file: "Choose a CSV file to import." } as FieldErrors }, { status: 400 });
  }
  if (file.size > MAX_IMPORT_BYTES) {
    return data({ intent, report: unreadReport(kind as ImportReport["kind"]), errors: {} as FieldErrors }, { status: 413 });
  }
  let report: ImportReport;
  try {
    report = await importCsv(writer, kind as ImportReport["kind"], await file.text());
  } catch (err) {
    log.error({ err, kind }, "csv import failed");
    return data(
      {
        intent,
        report: unreadReport(kind as ImportReport["kind"], "The database refused the import, so nothing was stored. Try again in a moment."),
        errors: {} as FieldErrors,
      },
      { status: 503 },
    );
  }
  log.info({ kind, stored: report.stored, rows: report.totalRows, rejected: report.rejectedCount, ms: report.ms }, "csv import");
  return data({ intent, report, errors: {} as FieldErrors }, { status: report.stored ? 200 : 400 });
}

const TOO_LARGE = "The file is larger than 5 MB. Split it into smaller files.";

/** The report for a file that could not be imported as a whole (too large by default). */
export function unreadReport(kind: ImportReport["kind"] = "cities", fileError = TOO_LARGE): ImportReport {
  return {
    kind,
    stored: false,
    fileError,
    totalRows: 0,
    accepted: 0,
    rejectedCount: 0,
    rejected: [],
    inserted: 0,
    updated: 0,
    ms: 0,
  };
}
