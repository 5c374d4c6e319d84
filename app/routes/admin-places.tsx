// /admin/places: cities, services, their local page records and CSV import, for admins only.
// Tabs are `?tab=cities|services|pages|import`; every form posts here with an `intent`.
import * as React from "react";
import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { CityForm, PageEditor, ServiceForm } from "~/components/places/admin-forms";
import { CityTable, PageRecordTable, ServiceTable } from "~/components/places/admin-lists";
import { CsvImportPanel } from "~/components/places/csv-import-panel";
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
import { useToast } from "~/components/ui/toast";
import { cn } from "~/lib/cn";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { importCsv, readFormData, type ImportReport } from "~/server/csv-import.server";
import {
  deletePageRecord,
  getCity,
  getPageEditor,
  getService,
  listCities,
  listPageRecords,
  listServices,
  previewContent,
  saveCity,
  savePageRecord,
  saveService,
  setCityActive,
  setServiceActive,
} from "~/server/places.server";
import { requireRole } from "~/server/session.server";
import { countOf } from "~/lib/plural";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/admin-places";

const TABS = [
  { id: "cities", label: "Cities" },
  { id: "services", label: "Services" },
  { id: "pages", label: "Pages" },
  { id: "import", label: "Import CSV" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const querySchema = z.object({
  tab: z.enum(["cities", "services", "pages", "import"]).catch("cities"),
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  edit: z.coerce.number().int().positive().optional().catch(undefined),
  city: z.string().trim().toLowerCase().max(100).optional().catch(undefined),
  service: z.string().trim().toLowerCase().max(100).optional().catch(undefined),
});

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), { title: "Cities, services and local pages", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const { db } = context.get(runtimeContext);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
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

type Values = Record<string, string>;

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

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(request, context, "admin");
  const runtime = context.get(runtimeContext);
  const { db } = runtime;
  const form = await readFormData(request, MAX_IMPORT_BYTES + 256 * 1024);
  if (!form) {
    return data(
      { intent: "import" as const, report: unreadReport(), errors: {} as FieldErrors },
      { status: 413 },
    );
  }
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "save-city": {
      const values = formValues(form, CITY_FIELDS);
      const parsed = citySchema.safeParse({ ...values, is_active: values.is_active || "false" });
      if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
      const result = await saveCity(db, parsed.data);
      if (!result.ok) return data({ intent, errors: result.errors, values }, { status: 400 });
      const c = result.value;
      return redirectWithToast(backTo(request, { tab: "cities" }), {
        title: parsed.data.id ? "City updated" : "City added",
        description: `${c.name}, ${c.state} (/${c.slug}) is saved${c.isActive ? "" : " as inactive"}.`,
      });
    }
    case "save-service": {
      const values = formValues(form, SERVICE_FIELDS);
      const parsed = serviceSchema.safeParse({ ...values, is_active: values.is_active || "false" });
      if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
      const result = await saveService(db, parsed.data);
      if (!result.ok) return data({ intent, errors: result.errors, values }, { status: 400 });
      const s = result.value;
      return redirectWithToast(backTo(request, { tab: "services" }), {
        title: parsed.data.id ? "Service updated" : "Service added",
        description: `${s.name} (${s.slug}) is saved${s.isActive ? "" : " as inactive"}.`,
      });
    }
    case "toggle-city":
    case "toggle-service": {
      const parsed = toggleSchema.safeParse(formValues(form, ["id", "active"]));
      if (!parsed.success) return data({ intent, errors: { form: "That record could not be found." } as FieldErrors }, { status: 400 });
      const { id, active } = parsed.data;
      const row = intent === "toggle-city" ? await setCityActive(db, id, active) : await setServiceActive(db, id, active);
      if (!row) return data({ intent, errors: { form: "That record no longer exists." } as FieldErrors }, { status: 404 });
      const label = "state" in row ? `${row.name}, ${row.state}` : row.name;
      return redirectWithToast(backTo(request), {
        title: active ? `${label} activated` : `${label} deactivated`,
        description: active ? "Its local pages are public again." : "Its local pages now answer 404.",
      });
    }
    case "preview-page":
    case "save-page": {
      const values = formValues(form, PAGE_FIELDS);
      const parsed = pageSchema.safeParse(values);
      if (intent === "preview-page") {
        const preview = values.content.trim() ? previewContent(values.content) : "";
        const errors = parsed.success ? {} : fieldErrors(parsed.error);
        return data({ intent, errors, values, preview }, { status: parsed.success ? 200 : 400 });
      }
      if (!parsed.success) return data({ intent, errors: fieldErrors(parsed.error), values }, { status: 400 });
      const p = parsed.data;
      const result = await savePageRecord(db, {
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
    case "delete-page": {
      const parsed = pagePairSchema.safeParse(formValues(form, ["city_id", "service_id"]));
      if (!parsed.success) return data({ intent, errors: { form: "That page record could not be found." } as FieldErrors }, { status: 400 });
      const removed = await deletePageRecord(db, parsed.data.city_id, parsed.data.service_id);
      return redirectWithToast(backTo(request), {
        title: removed ? "Page record removed" : "Nothing to remove",
        description: removed ? "The page shows the default content again." : "This pair had no page record.",
      });
    }
    case "import": {
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
        report = await importCsv(db, kind as ImportReport["kind"], await file.text());
      } catch (err) {
        runtime.log.error({ err, kind }, "csv import failed");
        return data(
          {
            intent,
            report: unreadReport(kind as ImportReport["kind"], "The database refused the import, so nothing was stored. Try again in a moment."),
            errors: {} as FieldErrors,
          },
          { status: 503 },
        );
      }
      runtime.log.info(
        { kind, stored: report.stored, rows: report.totalRows, rejected: report.rejectedCount, ms: report.ms },
        "csv import",
      );
      return data({ intent, report, errors: {} as FieldErrors }, { status: report.stored ? 200 : 400 });
    }
    default:
      return data({ intent: "unknown" as const, errors: { form: "Unknown action." } as FieldErrors }, { status: 400 });
  }
}

const TOO_LARGE = "The file is larger than 5 MB. Split it into smaller files.";

/** The report for a file that could not be imported as a whole (too large by default). */
function unreadReport(kind: ImportReport["kind"] = "cities", fileError = TOO_LARGE): ImportReport {
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

function TabNav({ current }: { current: Tab }) {
  return (
    <nav aria-label="Places sections" className="mt-6 border-b">
      <ul className="flex flex-wrap gap-1">
        {TABS.map((t) => (
          <li key={t.id}>
            <Link
              to={`/admin/places?tab=${t.id}`}
              aria-current={t.id === current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-t-md border-b-4 px-4 font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring",
                t.id === current ? "border-primary text-foreground" : "border-transparent text-muted-foreground",
              )}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AdminPlacesPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;

  // A finished import reports in a toast as well as on the page.
  React.useEffect(() => {
    if (actionData?.intent !== "import" || !actionData.report) return;
    const r = actionData.report;
    if (r.stored) {
      toast({ title: "Import complete", description: `${countOf(r.accepted, "row")} imported (${r.inserted.toLocaleString("en-US")} new, ${r.updated.toLocaleString("en-US")} updated).` });
    } else {
      toast({ title: "Nothing was imported", description: r.fileError ?? `${countOf(r.rejectedCount, "row")} ${r.rejectedCount === 1 ? "was" : "were"} rejected.`, variant: "destructive" });
    }
  }, [actionData, toast]);

  const errorsFor = (intent: string) => (actionData && actionData.intent === intent ? actionData.errors : undefined);
  const valuesFor = (intent: string) =>
    actionData && actionData.intent === intent && "values" in actionData ? (actionData.values as Values) : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <p>
        <Link to="/admin" className="inline-flex min-h-11 items-center underline underline-offset-4 hover:no-underline">
          Back to admin
        </Link>
      </p>
      <h1 className="text-3xl font-bold">Cities, services and local pages</h1>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Each active city and active service has a public page at /city/service. A page shows its own record when there is one,
        and generated default content otherwise.
      </p>
      <TabNav current={loaderData.tab} />

      {/* One column that may be narrower than its tables: they scroll inside their own region
          instead of widening the page on a phone. */}
      <div className="mt-6">
        {loaderData.tab === "cities" ? (
          <div className="grid grid-cols-1 gap-10">
            <CityTable list={loaderData.cities} q={loaderData.q} toggleErrors={errorsFor("toggle-city")} />
            <CityForm
              key={`${loaderData.editing?.id ?? "new"}-${actionData?.intent === "save-city" ? "err" : "ok"}`}
              city={loaderData.editing}
              errors={errorsFor("save-city")}
              values={valuesFor("save-city")}
              busy={busyIntent === "save-city"}
            />
          </div>
        ) : null}

        {loaderData.tab === "services" ? (
          <div className="grid grid-cols-1 gap-10">
            <ServiceTable list={loaderData.services} q={loaderData.q} toggleErrors={errorsFor("toggle-service")} />
            <ServiceForm
              key={`${loaderData.editing?.id ?? "new"}-${actionData?.intent === "save-service" ? "err" : "ok"}`}
              service={loaderData.editing}
              errors={errorsFor("save-service")}
              values={valuesFor("save-service")}
              busy={busyIntent === "save-service"}
            />
          </div>
        ) : null}

        {loaderData.tab === "pages" ? (
          <div className="grid grid-cols-1 gap-10">
            <PageEditor
              key={loaderData.editor ? `${loaderData.editor.city.id}-${loaderData.editor.service.id}-${loaderData.editor.record?.id ?? "new"}` : "none"}
              requested={loaderData.requested}
              editor={loaderData.editor}
              cityOptions={loaderData.cityOptions}
              serviceOptions={loaderData.serviceOptions}
              errors={errorsFor("save-page") ?? errorsFor("preview-page") ?? errorsFor("delete-page")}
              values={valuesFor("save-page") ?? valuesFor("preview-page")}
              preview={actionData?.intent === "preview-page" && "preview" in actionData ? actionData.preview : null}
              busyIntent={busyIntent}
            />
            <PageRecordTable list={loaderData.records} q={loaderData.q} />
          </div>
        ) : null}

        {loaderData.tab === "import" ? (
          <CsvImportPanel
            report={actionData?.intent === "import" && "report" in actionData ? actionData.report : null}
            errors={errorsFor("import")}
            busy={busyIntent === "import"}
          />
        ) : null}
      </div>
    </div>
  );
}
