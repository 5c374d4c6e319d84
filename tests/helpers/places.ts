// What the places tests share: calling the city-service route as the router would, its head
// (meta tags, structured data), and a database that records which tables a lookup reads.
import type { MetaDescriptor } from "react-router";
import { expect } from "vitest";
import { cities, cityServicePages, services } from "../../db/schema";
import * as cityRoute from "~/routes/places/city-service";
import type { Db } from "~/server/infra/db.server";
import { contextFor, getRequest, settle, type createMember, type TestRuntime } from "./runtime";

export type Viewer = Awaited<ReturnType<typeof createMember>>;
export type PageData = Awaited<ReturnType<typeof cityRoute.loader>>;

export function args(request: Request, context: ReturnType<typeof contextFor>, params: Record<string, string> = {}) {
  return { request, context, params, url: new URL(request.url), pattern: "" } as never;
}

export function openPage(runtime: TestRuntime, citySlug: string, serviceSlug: string) {
  const request = getRequest(`/${citySlug}/${serviceSlug}`);
  return settle(() => cityRoute.loader(args(request, contextFor(runtime), { citySlug, serviceSlug })));
}

/** The page's loader data, expecting a 200. */
export async function pageOn(runtime: TestRuntime, citySlug: string, serviceSlug: string) {
  const result = await openPage(runtime, citySlug, serviceSlug);
  expect(result.status).toBe(200);
  return result.data as PageData;
}

export function headOf(data: PageData, siteUrl = "http://localhost:3000"): MetaDescriptor[] {
  return cityRoute.meta({
    loaderData: data,
    data,
    matches: [{ id: "root", loaderData: { config: { siteUrl } } }],
    location: { pathname: data.path },
    params: {},
    error: undefined,
  } as never) as MetaDescriptor[];
}

export const metaNamed = (head: MetaDescriptor[], name: string) => head.find((m) => (m as { name?: string }).name === name) as { content: string } | undefined;
export const jsonLdOf = (head: MetaDescriptor[]) =>
  (head.find((m) => "script:ld+json" in m) as { "script:ld+json": Record<string, unknown> } | undefined)?.["script:ld+json"];

/** A view of `db` that records which table each query reads, in the order they are issued. */
export function recordingDb(db: Db, tables: string[]): Db {
  const names = new Map<unknown, string>([
    [cities, "cities"],
    [services, "services"],
    [cityServicePages, "city_service_pages"],
  ]);
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== "select") return value;
      return (...a: unknown[]) => {
        const builder = (value as (...x: unknown[]) => object).apply(target, a);
        return new Proxy(builder, {
          get(b, p, r) {
            const v = Reflect.get(b, p, r);
            if (p !== "from") return typeof v === "function" ? v.bind(b) : v;
            return (table: unknown) => {
              tables.push(names.get(table) ?? "other");
              return (v as (t: unknown) => unknown).call(b, table);
            };
          },
        });
      };
    },
  });
}
