// The forms of the places administration: add or edit a city, add or edit a service, and edit the
// page record of a city-service pair with a preview of the sanitised HTML before saving.
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import type { PageEditorData } from "~/server/place-pages-admin.server";
import type { City, Service } from "~/server/places.server";
import { CheckboxField, FormError, TextAreaField, TextField } from "./admin-fields";
import { LIMITS, SLUG_PATTERN, type FieldErrors } from "~/lib/place-rules";

type Values = Record<string, string>;

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));

export function CityForm({
  city,
  errors,
  values,
  busy,
}: {
  city: City | null;
  errors?: FieldErrors;
  values?: Values;
  busy: boolean;
}) {
  const v = (name: string, fallback: string) => values?.[name] ?? fallback;
  const active = values ? values.is_active === "true" : (city?.isActive ?? true);
  return (
    <Card id="city-form" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{city ? `Edit ${city.name}, ${city.state}` : "Add a city"}</CardTitle>
        <CardDescription>
          The slug is the first part of the page address, as in /austin/arthritis-pain-relief. Coordinates are optional; with
          them, pages carry location metadata.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" aria-label={city ? `Edit ${city.name}` : "Add a city"}>
          <input type="hidden" name="intent" value="save-city" />
          {city ? <input type="hidden" name="id" value={city.id} /> : null}
          <div className="sm:col-span-2">
            <FormError>{errors?.form}</FormError>
          </div>
          <TextField idPrefix="city" name="name" label="Name" required maxLength={LIMITS.name} defaultValue={v("name", city?.name ?? "")} error={errors?.name} autoComplete="off" />
          <TextField
            idPrefix="city"
            name="state"
            label="State"
            hint="Two-letter code, e.g. TX"
            required
            minLength={2}
            maxLength={2}
            defaultValue={v("state", city?.state ?? "")}
            error={errors?.state}
            autoComplete="off"
            className="sm:max-w-48"
          />
          <TextField
            idPrefix="city"
            name="slug"
            label="Slug"
            hint="Lowercase letters, digits and hyphens"
            required
            maxLength={LIMITS.slug}
            pattern={SLUG_PATTERN}
            defaultValue={v("slug", city?.slug ?? "")}
            error={errors?.slug}
            autoComplete="off"
            spellCheck={false}
            className="sm:col-span-2"
          />
          <TextAreaField
            idPrefix="city"
            name="description"
            label="Description (optional)"
            maxLength={LIMITS.description}
            defaultValue={v("description", city?.description ?? "")}
            error={errors?.description}
            className="sm:col-span-2"
          />
          <TextField idPrefix="city" name="latitude" label="Latitude (optional)" hint="-90 to 90" inputMode="decimal" defaultValue={v("latitude", str(city?.latitude))} error={errors?.latitude} autoComplete="off" />
          <TextField idPrefix="city" name="longitude" label="Longitude (optional)" hint="-180 to 180" inputMode="decimal" defaultValue={v("longitude", str(city?.longitude))} error={errors?.longitude} autoComplete="off" />
          <CheckboxField idPrefix="city" name="is_active" label="Active (its pages are public)" defaultChecked={active} error={errors?.is_active} className="sm:col-span-2" />
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : city ? "Save city" : "Add city"}
            </Button>
            {city ? (
              <Link to="/admin/places?tab=cities" className={buttonVariants({ variant: "ghost" })}>
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

export function ServiceForm({
  service,
  errors,
  values,
  busy,
}: {
  service: Service | null;
  errors?: FieldErrors;
  values?: Values;
  busy: boolean;
}) {
  const v = (name: string, fallback: string) => values?.[name] ?? fallback;
  const active = values ? values.is_active === "true" : (service?.isActive ?? true);
  return (
    <Card id="service-form" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{service ? `Edit ${service.name}` : "Add a service"}</CardTitle>
        <CardDescription>The slug is the second part of the page address, as in /austin/arthritis-pain-relief.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" noValidate className="grid gap-4" aria-label={service ? `Edit ${service.name}` : "Add a service"}>
          <input type="hidden" name="intent" value="save-service" />
          {service ? <input type="hidden" name="id" value={service.id} /> : null}
          <FormError>{errors?.form}</FormError>
          <TextField idPrefix="service" name="name" label="Name" required maxLength={LIMITS.name} defaultValue={v("name", service?.name ?? "")} error={errors?.name} autoComplete="off" />
          <TextField
            idPrefix="service"
            name="slug"
            label="Slug"
            hint="Lowercase letters, digits and hyphens"
            required
            maxLength={LIMITS.slug}
            pattern={SLUG_PATTERN}
            defaultValue={v("slug", service?.slug ?? "")}
            error={errors?.slug}
            autoComplete="off"
            spellCheck={false}
          />
          <TextAreaField
            idPrefix="service"
            name="description"
            label="Description (optional)"
            maxLength={LIMITS.description}
            defaultValue={v("description", service?.description ?? "")}
            error={errors?.description}
          />
          <CheckboxField idPrefix="service" name="is_active" label="Active (its pages are public)" defaultChecked={active} error={errors?.is_active} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : service ? "Save service" : "Add service"}
            </Button>
            {service ? (
              <Link to="/admin/places?tab=services" className={buttonVariants({ variant: "ghost" })}>
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

interface Option {
  slug: string;
  label: string;
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
      <div>
        <Label htmlFor="pick-city">City slug</Label>
        <Input id="pick-city" name="city" list="pick-city-options" required defaultValue={requested?.city ?? ""} autoComplete="off" spellCheck={false} className="mt-1 sm:w-64" />
        <datalist id="pick-city-options">
          {cityOptions.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.label}
            </option>
          ))}
        </datalist>
      </div>
      <div>
        <Label htmlFor="pick-service">Service slug</Label>
        <Input id="pick-service" name="service" list="pick-service-options" required defaultValue={requested?.service ?? ""} autoComplete="off" spellCheck={false} className="mt-1 sm:w-72" />
        <datalist id="pick-service-options">
          {serviceOptions.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.label}
            </option>
          ))}
        </datalist>
      </div>
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
                <div className="prose-content mt-3 rounded-lg border-2 border-dashed p-4" data-testid="page-preview" dangerouslySetInnerHTML={{ __html: preview }} />
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
