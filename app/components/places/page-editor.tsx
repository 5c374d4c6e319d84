// The page record editor of the places administration: pick a city-service pair, edit its page,
// and preview the sanitised HTML before saving.
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import type { PageEditorData } from "~/server/places/places.server";
import { FormError, TextAreaField, TextField } from "./admin-fields";
import { LIMITS, type FieldErrors } from "~/lib/place-rules";

type Values = Record<string, string>;

interface Option {
  slug: string;
  label: string;
}

/** A slug field that suggests the known slugs, with their names, as the admin types. */
function SlugPicker({
  name,
  label,
  options,
  defaultValue,
  className,
}: {
  name: string;
  label: string;
  options: Option[];
  defaultValue?: string;
  className: string;
}) {
  return (
    <div>
      <Label htmlFor={`pick-${name}`}>{label}</Label>
      <Input
        id={`pick-${name}`}
        name={name}
        list={`pick-${name}-options`}
        required
        defaultValue={defaultValue ?? ""}
        autoComplete="off"
        spellCheck={false}
        className={`mt-1 ${className}`}
      />
      <datalist id={`pick-${name}-options`}>
        {options.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.label}
          </option>
        ))}
      </datalist>
    </div>
  );
}

function PairPicker({
  requested,
  cityOptions,
  serviceOptions,
}: {
  requested: { city: string; service: string } | null;
  cityOptions: Option[];
  serviceOptions: Option[];
}) {
  return (
    <form method="get" action="/admin/places" className="flex flex-wrap items-end gap-3" aria-label="Open a page">
      <input type="hidden" name="tab" value="pages" />
      <SlugPicker name="city" label="City slug" options={cityOptions} defaultValue={requested?.city} className="sm:w-64" />
      <SlugPicker name="service" label="Service slug" options={serviceOptions} defaultValue={requested?.service} className="sm:w-72" />
      <Button type="submit" variant="outline">
        Open page
      </Button>
    </form>
  );
}

export function PageEditor({
  requested,
  editor,
  cityOptions,
  serviceOptions,
  errors,
  values,
  preview,
  busyIntent,
}: {
  requested: { city: string; service: string } | null;
  editor: PageEditorData | null;
  cityOptions: Option[];
  serviceOptions: Option[];
  errors?: FieldErrors;
  values?: Values;
  preview: string | null;
  busyIntent: string | null;
}) {
  const base = editor?.record ?? editor?.defaults ?? null;
  const v = (name: string, fallback: string) => values?.[name] ?? fallback;
  const path = editor ? `/${editor.city.slug}/${editor.service.slug}` : "";
  const live = editor ? editor.city.isActive && editor.service.isActive : false;
  return (
    <section id="page-editor" aria-labelledby="page-editor-heading" className="scroll-mt-20">
      <h2 id="page-editor-heading" className="text-2xl font-bold">
        Edit a page
      </h2>
      <p className="mt-1 text-muted-foreground">Choose a city and a service to edit the page for that pair.</p>
      <div className="mt-4">
        <PairPicker requested={requested} cityOptions={cityOptions} serviceOptions={serviceOptions} />
      </div>
      {requested && !editor ? (
        <p role="alert" className="mt-4 font-medium text-destructive">
          There is no city &lsquo;{requested.city}&rsquo; or no service &lsquo;{requested.service}&rsquo;. Check the slugs.
        </p>
      ) : null}
      {editor && base ? (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle className="text-lg">
              {editor.service.name} in {editor.city.name}, {editor.city.state}
            </CardTitle>
            <div className="flex flex-wrap items-center gap-2">
              {editor.record ? <Badge variant="secondary">Has its own record</Badge> : <Badge variant="outline">Shows the default content</Badge>}
              {live ? (
                <Link to={path} className="inline-flex min-h-11 items-center underline underline-offset-4 hover:no-underline">
                  View {path}
                </Link>
              ) : (
                <span className="text-muted-foreground">
                  {path} answers 404 while the {editor.city.isActive ? "service" : "city"} is inactive.
                </span>
              )}
            </div>
          </CardHeader>
          <CardContent>
            <Form method="post" noValidate className="grid gap-4" aria-label="Page record">
              <input type="hidden" name="city_id" value={editor.city.id} />
              <input type="hidden" name="service_id" value={editor.service.id} />
              {editor.record ? <input type="hidden" name="page_id" value={editor.record.id} /> : null}
              <FormError>{errors?.form}</FormError>
              <TextField
                idPrefix="page"
                name="meta_title"
                label="Meta title"
                hint={`Shown in search results and the browser tab; up to ${LIMITS.metaTitle} characters.`}
                required
                maxLength={LIMITS.metaTitle}
                defaultValue={v("meta_title", base.metaTitle)}
                error={errors?.meta_title}
              />
              <TextAreaField
                idPrefix="page"
                name="meta_description"
                label="Meta description"
                hint={`Up to ${LIMITS.metaDescription} characters.`}
                required
                maxLength={LIMITS.metaDescription}
                rows={3}
                defaultValue={v("meta_description", base.metaDescription)}
                error={errors?.meta_description}
                className="[&_textarea]:min-h-20"
              />
              <TextAreaField
                idPrefix="page"
                name="content"
                label="Content (HTML)"
                hint="Allowed: h2-h4, p, lists, strong/em/b/i, links, blockquote, br, images, tables. Anything else is removed when you preview or save."
                required
                maxLength={LIMITS.content}
                rows={14}
                spellCheck={false}
                defaultValue={v("content", base.content)}
                error={errors?.content}
                className="[&_textarea]:font-mono [&_textarea]:text-sm"
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" name="intent" value="preview-page" variant="outline" disabled={busyIntent !== null}>
                  {busyIntent === "preview-page" ? "Previewing..." : "Preview"}
                </Button>
                <Button type="submit" name="intent" value="save-page" disabled={busyIntent !== null}>
                  {busyIntent === "save-page" ? "Saving..." : "Save"}
                </Button>
              </div>
            </Form>
            {preview !== null ? (
              <section aria-labelledby="preview-heading" className="mt-8">
                <h3 id="preview-heading" className="text-lg font-semibold">
                  Preview (sanitised, not saved yet)
                </h3>
                <div
                  className="prose-content mt-3 rounded-lg border-2 border-dashed p-4"
                  data-testid="page-preview"
                  dangerouslySetInnerHTML={{ __html: preview }}
                />
              </section>
            ) : null}
            {editor.record ? (
              <Form method="post" className="mt-8 border-t pt-4">
                <input type="hidden" name="intent" value="delete-page" />
                <input type="hidden" name="city_id" value={editor.city.id} />
                <input type="hidden" name="service_id" value={editor.service.id} />
                <p className="text-muted-foreground">Removing the record brings back the generated default content.</p>
                <Button type="submit" variant="destructive" className="mt-2" disabled={busyIntent !== null}>
                  Remove page record
                </Button>
              </Form>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
