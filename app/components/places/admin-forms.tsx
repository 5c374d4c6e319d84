// The forms of the places administration: add or edit a city, and add or edit a service.
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { City, Service } from "~/server/places/places.server";
import { CheckboxField, FormError, TextAreaField, TextField } from "./admin-fields";
import { LIMITS, SLUG_PATTERN, type FieldErrors } from "~/lib/place-rules";

type Values = Record<string, string>;

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));

export function CityForm({ city, errors, values, busy }: { city: City | null; errors?: FieldErrors; values?: Values; busy: boolean }) {
  const v = (name: string, fallback: string) => values?.[name] ?? fallback;
  const active = values ? values.is_active === "true" : (city?.isActive ?? true);
  return (
    <Card id="city-form" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{city ? `Edit ${city.name}, ${city.state}` : "Add a city"}</CardTitle>
        <CardDescription>
          The slug is the first part of the page address, as in /austin/arthritis-pain-relief. Coordinates are optional; with them, pages carry location
          metadata.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" aria-label={city ? `Edit ${city.name}` : "Add a city"}>
          <input type="hidden" name="intent" value="save-city" />
          {city ? <input type="hidden" name="id" value={city.id} /> : null}
          <div className="sm:col-span-2">
            <FormError>{errors?.form}</FormError>
          </div>
          <TextField
            idPrefix="city"
            name="name"
            label="Name"
            required
            maxLength={LIMITS.name}
            defaultValue={v("name", city?.name ?? "")}
            error={errors?.name}
            autoComplete="off"
          />
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
          <TextField
            idPrefix="city"
            name="latitude"
            label="Latitude (optional)"
            hint="-90 to 90"
            inputMode="decimal"
            defaultValue={v("latitude", str(city?.latitude))}
            error={errors?.latitude}
            autoComplete="off"
          />
          <TextField
            idPrefix="city"
            name="longitude"
            label="Longitude (optional)"
            hint="-180 to 180"
            inputMode="decimal"
            defaultValue={v("longitude", str(city?.longitude))}
            error={errors?.longitude}
            autoComplete="off"
          />
          <CheckboxField
            idPrefix="city"
            name="is_active"
            label="Active (its pages are public)"
            defaultChecked={active}
            error={errors?.is_active}
            className="sm:col-span-2"
          />
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

export function ServiceForm({ service, errors, values, busy }: { service: Service | null; errors?: FieldErrors; values?: Values; busy: boolean }) {
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
          <TextField
            idPrefix="service"
            name="name"
            label="Name"
            required
            maxLength={LIMITS.name}
            defaultValue={v("name", service?.name ?? "")}
            error={errors?.name}
            autoComplete="off"
          />
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
