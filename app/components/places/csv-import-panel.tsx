// CSV import: choose what the file holds, upload it, read the report. A file is stored only when
// every row passes; otherwise the report lists each rejected row and nothing changes.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Label } from "~/components/ui/input";
import type { ImportReport } from "~/server/places/places.server";
import { countOf, tookSeconds } from "~/lib/plural";
import { IMPORT_COLUMNS, IMPORT_KINDS, type FieldErrors, type ImportKind } from "~/lib/place-rules";

const KIND_TEXT: Record<ImportKind, { label: string; note: string }> = {
  cities: {
    label: "Cities",
    note: "A row whose slug is already known updates that city; any other row adds one. latitude, longitude and description may be empty; is_active is true or false.",
  },
  services: {
    label: "Services",
    note: "A row whose slug is already known updates that service; any other row adds one. description may be empty; is_active is true or false.",
  },
  pages: {
    label: "Page records",
    note: "A row for a city and service that already have a page updates that page; any other row adds one. The city and service must already exist. content is HTML and is sanitised.",
  },
};

const n = (x: number) => x.toLocaleString("en-US");

// What one row adds, and several: the report's count agrees with its noun ("1 new page record").
const NOUNS: Record<ImportKind, [string, string]> = { cities: ["city", "cities"], services: ["service", "services"], pages: ["page record", "page records"] };

/** The one-line report of a stored import. */
export function importSummary(report: ImportReport) {
  const added = countOf(report.inserted, ...NOUNS[report.kind]);
  return `${countOf(report.accepted, "row")} accepted and stored (${added.replace(" ", " new ")}, ${n(report.updated)} updated) ${tookSeconds(report.ms)}.`;
}

function Report({ report }: { report: ImportReport }) {
  if (report.stored) {
    return (
      <div role="status" className="rounded-lg border-2 border-success p-4" data-testid="import-report">
        <h3 className="text-lg font-semibold">Import complete</h3>
        <p className="mt-1">{importSummary(report)}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-lg border-2 border-destructive p-4" data-testid="import-report">
      <h3 className="text-lg font-semibold">Nothing was stored</h3>
      {report.fileError ? (
        <p className="mt-1">{report.fileError}</p>
      ) : (
        <>
          <p className="mt-1">
            {`${n(report.rejectedCount)} of ${countOf(report.totalRows, "row")} ${report.rejectedCount === 1 ? "was" : "were"} rejected (${countOf(report.accepted, "row")} ${report.accepted === 1 ? "was" : "were"} fine). Fix the rows below and import the whole file again.`}
          </p>
          <div role="region" aria-label="Rejected rows" tabIndex={0} className="relative mt-3 max-h-96 overflow-auto rounded-md border focus-ring">
            <table className="w-full border-collapse text-left">
              <thead>
                <tr>
                  <th scope="col" className="sticky top-0 border-b bg-muted px-3 py-2">
                    Row
                  </th>
                  <th scope="col" className="sticky top-0 border-b bg-muted px-3 py-2">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rejected.map((r) => (
                  <tr key={r.row}>
                    <td className="border-b px-3 py-2 align-top tabular-nums">{r.row}</td>
                    <td className="border-b px-3 py-2">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.rejectedCount > report.rejected.length ? (
            <p className="mt-2 text-muted-foreground">
              {`Showing the first ${n(report.rejected.length)} of ${countOf(report.rejectedCount, "rejected row")}.`}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

export function CsvImportPanel({ report, errors, busy }: { report: ImportReport | null; errors?: FieldErrors; busy: boolean }) {
  return (
    <div className="grid gap-8">
      <Card>
        <CardHeader>
          <CardTitle>Import a CSV file</CardTitle>
          <CardDescription>
            UTF-8, comma-separated, with a header row, up to 5 MB. Row numbers in the report count the header as row 1, as a spreadsheet does. If any row is
            rejected, nothing from the file is stored.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="grid gap-6" aria-label="Import a CSV file">
            <input type="hidden" name="intent" value="import" />
            <fieldset aria-describedby={errors?.kind ? "import-kind-error" : undefined}>
              <legend className="text-base font-medium">What the file contains</legend>
              <div className="mt-2 grid gap-3">
                {IMPORT_KINDS.map((kind, i) => (
                  <div key={kind} className="rounded-md border p-3">
                    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-medium">
                      <input
                        type="radio"
                        name="kind"
                        value={kind}
                        defaultChecked={report ? report.kind === kind : i === 0}
                        aria-describedby={`import-kind-${kind}-note`}
                        className="size-6 accent-primary focus-ring"
                      />
                      {KIND_TEXT[kind].label}
                    </label>
                    <p id={`import-kind-${kind}-note`} className="text-sm text-muted-foreground">
                      Columns: <code>{IMPORT_COLUMNS[kind].join(",")}</code>. {KIND_TEXT[kind].note}
                    </p>
                  </div>
                ))}
              </div>
              <FieldError id="import-kind-error">{errors?.kind}</FieldError>
            </fieldset>
            <div>
              <Label htmlFor="import-file">CSV file</Label>
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".csv,text/csv"
                required
                aria-invalid={errors?.file ? true : undefined}
                aria-describedby={errors?.file ? "import-file-error" : undefined}
                className="mt-1 block min-h-11 w-full rounded-md border-2 border-input bg-background p-2 text-base file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:font-medium focus-ring"
              />
              <FieldError id="import-file-error">{errors?.file}</FieldError>
            </div>
            <div>
              <Button type="submit" disabled={busy}>
                {busy ? "Importing..." : "Import"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      {report ? (
        <section aria-labelledby="import-report-heading">
          <h2 id="import-report-heading" className="sr-only">
            Import report
          </h2>
          <Report report={report} />
        </section>
      ) : null}
    </div>
  );
}
