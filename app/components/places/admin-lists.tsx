// The lists of the places administration: cities, services and page records, each searchable
// and paginated, with edit links and activate/deactivate buttons that work without JavaScript.
import type * as React from "react";
import { Form, Link, useLocation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { PageRecordSummary } from "~/server/places/places.server";
import type { City, Service } from "~/server/places/places.server";
import { FormError } from "./admin-fields";
import type { FieldErrors } from "~/lib/place-rules";

interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  perPage: number;
}

function withParams(search: string, patch: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  return `/admin/places?${params.toString()}`;
}

function SearchForm({ tab, q, label }: { tab: string; q: string; label: string }) {
  const id = `search-${tab}`;
  return (
    <form method="get" action="/admin/places" role="search" aria-label={label} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="tab" value={tab} />
      <div className="grow sm:grow-0">
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        <Input id={id} name="q" type="search" defaultValue={q} maxLength={100} className="mt-1 sm:w-72" />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
      {q ? (
        <Link to={`/admin/places?tab=${tab}`} className={buttonVariants({ variant: "ghost" })}>
          Clear search
        </Link>
      ) : null}
    </form>
  );
}

function Pagination({ list, label }: { list: Paged<unknown>; label: string }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(list.total / list.perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center gap-3">
      {list.page > 1 ? (
        <Link to={withParams(location.search, { page: String(list.page - 1), edit: null })} className={buttonVariants({ variant: "outline" })}>
          Previous page
        </Link>
      ) : null}
      <p>
        Page {list.page} of {pages.toLocaleString("en-US")}
      </p>
      {list.page < pages ? (
        <Link to={withParams(location.search, { page: String(list.page + 1), edit: null })} className={buttonVariants({ variant: "outline" })}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge variant="secondary" className="border border-success text-success">
      Active
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      Inactive
    </Badge>
  );
}

function ToggleButton({ intent, id, active, name }: { intent: "toggle-city" | "toggle-service"; id: number; active: boolean; name: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="active" value={active ? "false" : "true"} />
      <Button type="submit" variant="outline" size="sm">
        {active ? "Deactivate" : "Activate"}
        <span className="sr-only"> {name}</span>
      </Button>
    </Form>
  );
}

/**
 * One tab's list: a heading with the total, a search, and a table that scrolls sideways on narrow
 * screens (and by keyboard), or a line saying there is nothing to list.
 */
function ListSection({
  id,
  title,
  intro,
  tab,
  q,
  list,
  columns,
  empty,
  error,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tab: string;
  q: string;
  list: Paged<unknown>;
  columns: string[];
  empty: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {title} <span className="text-lg font-normal text-muted-foreground">({list.total.toLocaleString("en-US")})</span>
      </h2>
      {intro ? <p className="mt-1 text-muted-foreground">{intro}</p> : null}
      <div className="mt-4">
        <SearchForm tab={tab} q={q} label={`Search ${title.toLowerCase()}`} />
      </div>
      <FormError>{error}</FormError>
      {list.rows.length === 0 ? (
        <p className="mt-4">{empty}</p>
      ) : (
        // `relative`: the visually hidden labels in the rows are positioned absolutely; without a
        // positioned ancestor they escape this scrolling box and widen the whole page on a phone.
        <div role="region" aria-label={title} tabIndex={0} className="relative mt-4 overflow-x-auto rounded-lg border focus-ring">
          <table className="w-full min-w-[40rem] border-collapse text-left">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className={th}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      <Pagination list={list} label={title} />
    </section>
  );
}

const th = "border-b bg-muted px-3 py-2 font-semibold";
const td = "border-b px-3 py-2 align-middle";
const editLink = buttonVariants({ variant: "outline", size: "sm" });

/** A city's or a service's actions: edit it in the form below the list, or switch it on or off. */
function EditAndToggle({ tab, item }: { tab: "cities" | "services"; item: { id: number; name: string; isActive: boolean } }) {
  const location = useLocation();
  const city = tab === "cities";
  return (
    <td className={td}>
      <div className="flex flex-wrap gap-2">
        <Link to={withParams(location.search, { tab, edit: String(item.id) }) + (city ? "#city-form" : "#service-form")} className={editLink}>
          Edit<span className="sr-only"> {item.name}</span>
        </Link>
        <ToggleButton intent={city ? "toggle-city" : "toggle-service"} id={item.id} active={item.isActive} name={item.name} />
      </div>
    </td>
  );
}

export function CityTable({ list, q, toggleErrors }: { list: Paged<City>; q: string; toggleErrors?: FieldErrors }) {
  return (
    <ListSection
      id="cities"
      title="Cities"
      tab="cities"
      q={q}
      list={list}
      columns={["City", "Slug", "Coordinates", "Status", "Actions"]}
      empty={q ? "No city matches this search." : "No cities yet. Add one below or import a CSV file."}
      error={toggleErrors?.form}
    >
      {list.rows.map((c) => (
        <tr key={c.id}>
          <th scope="row" className={`${td} font-medium`}>
            {c.name}, {c.state}
          </th>
          <td className={td}>
            <code>{c.slug}</code>
          </td>
          <td className={td}>{c.latitude !== null && c.longitude !== null ? `${c.latitude}, ${c.longitude}` : "Not set"}</td>
          <td className={td}>
            <StatusBadge active={c.isActive} />
          </td>
          <EditAndToggle tab="cities" item={c} />
        </tr>
      ))}
    </ListSection>
  );
}

export function ServiceTable({ list, q, toggleErrors }: { list: Paged<Service>; q: string; toggleErrors?: FieldErrors }) {
  return (
    <ListSection
      id="services"
      title="Services"
      tab="services"
      q={q}
      list={list}
      columns={["Service", "Slug", "Status", "Actions"]}
      empty={q ? "No service matches this search." : "No services yet. Add one below or import a CSV file."}
      error={toggleErrors?.form}
    >
      {list.rows.map((s) => (
        <tr key={s.id}>
          <th scope="row" className={`${td} font-medium`}>
            {s.name}
          </th>
          <td className={td}>
            <code>{s.slug}</code>
          </td>
          <td className={td}>
            <StatusBadge active={s.isActive} />
          </td>
          <EditAndToggle tab="services" item={s} />
        </tr>
      ))}
    </ListSection>
  );
}

export function PageRecordTable({ list, q }: { list: Paged<PageRecordSummary>; q: string }) {
  return (
    <ListSection
      id="records"
      title="Page records"
      intro="Pairs without a record show the generated default content."
      tab="pages"
      q={q}
      list={list}
      columns={["Page", "Meta title", "Status", "Actions"]}
      empty={q ? "No page record matches this search." : "No page records yet."}
    >
      {list.rows.map((r) => {
        const path = `/${r.city.slug}/${r.service.slug}`;
        const live = r.city.isActive && r.service.isActive;
        const name = `${r.service.name} in ${r.city.name}`;
        return (
          <tr key={r.id}>
            <th scope="row" className={`${td} font-medium`}>
              {name}, {r.city.state}
              <br />
              <code className="text-sm font-normal">{path}</code>
            </th>
            <td className={td}>{r.metaTitle ?? "(default)"}</td>
            <td className={td}>
              <StatusBadge active={live} />
            </td>
            <td className={td}>
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/admin/places?tab=pages&city=${encodeURIComponent(r.city.slug)}&service=${encodeURIComponent(r.service.slug)}#page-editor`}
                  className={editLink}
                >
                  Edit<span className="sr-only"> {name}</span>
                </Link>
                {live ? (
                  <Link to={path} className={buttonVariants({ variant: "ghost", size: "sm" })}>
                    View<span className="sr-only"> {name}</span>
                  </Link>
                ) : null}
              </div>
            </td>
          </tr>
        );
      })}
    </ListSection>
  );
}
