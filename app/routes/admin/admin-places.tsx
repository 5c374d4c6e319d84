// /admin/places: cities, services, their local page records and CSV import, for admins only.
// Tabs are `?tab=cities|services|pages|import`; every form posts here with an `intent`.
import * as React from "react";
import { data, Link, useNavigation } from "react-router";
import { CityForm, ServiceForm } from "~/components/places/admin-forms";
import { PageEditor } from "~/components/places/page-editor";
import { CityTable, PageRecordTable, ServiceTable } from "~/components/places/admin-lists";
import { CsvImportPanel } from "~/components/places/csv-import-panel";
import { useToast } from "~/components/ui/toast";
import { cn } from "~/lib/cn";
import { MAX_IMPORT_BYTES, type FieldErrors } from "~/lib/place-rules";
import { countOf } from "~/lib/plural";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { readFormData } from "~/server/infra/form-data.server";
import { requireRole } from "~/server/accounts/accounts.server";
import {
  deletePageIntent,
  importIntent,
  loadPlacesTab,
  previewPageIntent,
  savePageIntent,
  saveCityIntent,
  saveServiceIntent,
  toggleIntent,
  unreadReport,
  type Values,
} from "./admin-places.server";
import type { Route } from "./+types/admin-places";

const TABS = [
  { id: "cities", label: "Cities" },
  { id: "services", label: "Services" },
  { id: "pages", label: "Pages" },
  { id: "import", label: "Import CSV" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Cities, services and local pages", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  return loadPlacesTab(context.get(runtimeContext).db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(request, context, "admin");
  const runtime = context.get(runtimeContext);
  const form = await readFormData(request, MAX_IMPORT_BYTES + 256 * 1024);
  if (!form) {
    return data({ intent: "import" as const, report: unreadReport(), errors: {} as FieldErrors }, { status: 413 });
  }
  const intent = String(form.get("intent") ?? "");
  const args = { writer: runtime, request, form };
  switch (intent) {
    case "save-city":
      return saveCityIntent(args);
    case "save-service":
      return saveServiceIntent(args);
    case "toggle-city":
    case "toggle-service":
      return toggleIntent(args, intent);
    case "preview-page":
      return previewPageIntent(args);
    case "save-page":
      return savePageIntent(args);
    case "delete-page":
      return deletePageIntent(args);
    case "import":
      return importIntent(args, runtime.log);
    default:
      return data({ intent: "unknown" as const, errors: { form: "Unknown action." } as FieldErrors }, { status: 400 });
  }
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
                "inline-flex min-h-11 items-center rounded-t-md border-b-4 px-4 font-medium hover:bg-accent focus-ring",
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
      toast({
        title: "Import complete",
        description: `${countOf(r.accepted, "row")} imported (${r.inserted.toLocaleString("en-US")} new, ${r.updated.toLocaleString("en-US")} updated).`,
      });
    } else {
      toast({
        title: "Nothing was imported",
        description: r.fileError ?? `${countOf(r.rejectedCount, "row")} ${r.rejectedCount === 1 ? "was" : "were"} rejected.`,
        variant: "destructive",
      });
    }
  }, [actionData, toast]);

  const errorsFor = (intent: string) => (actionData && actionData.intent === intent ? actionData.errors : undefined);
  const valuesFor = (intent: string) => (actionData && actionData.intent === intent && "values" in actionData ? (actionData.values as Values) : undefined);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <p>
        <Link to="/admin" className="inline-flex min-h-11 items-center underline underline-offset-4 hover:no-underline">
          Back to admin
        </Link>
      </p>
      <h1 className="text-3xl font-bold">Cities, services and local pages</h1>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Each active city and active service has a public page at /city/service. A page shows its own record when there is one, and generated default content
        otherwise.
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
