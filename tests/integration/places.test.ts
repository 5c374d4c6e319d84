// City-service landing pages and their administration, against a real database (PGlite in
// memory, or PostgreSQL with TEST_DATABASE_URL).
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { cities, cityServicePages, services } from "../../db/schema";
import * as adminRoute from "~/routes/admin-places";
import * as cityRoute from "~/routes/city-service";
import { citySchema } from "~/lib/place-rules";
import type { Db } from "~/server/db.server";
import { createLogger } from "~/server/log.server";
import { defaultPageContent } from "~/server/place-copy.server";
import { savePageRecord } from "~/server/place-pages-admin.server";
import { findCityServicePage, RESERVED_SLUGS } from "~/server/places.server";
import { saveCity, saveService } from "~/server/places-admin.server";
import { seedDemoContent } from "~/server/seed.server";
import {
  callRoute,
  contextFor,
  createMember,
  createTestRuntime,
  formRequest,
  getRequest,
  settle,
  type TestRuntime,
} from "../helpers/runtime";

type Viewer = Awaited<ReturnType<typeof createMember>>;
type PageData = Awaited<ReturnType<typeof cityRoute.loader>>;

let rt: TestRuntime;
let admin: Viewer;
let member: Viewer;

beforeAll(async () => {
  rt = await createTestRuntime();
  await seedDemoContent(rt.db);
  admin = await createMember(rt, { role: "admin" });
  member = await createMember(rt);
});
afterAll(() => rt.close());

function args(request: Request, context: ReturnType<typeof contextFor>, params: Record<string, string> = {}) {
  return { request, context, params, url: new URL(request.url), pattern: "" } as never;
}

function openPage(runtime: TestRuntime, citySlug: string, serviceSlug: string) {
  const request = getRequest(`/${citySlug}/${serviceSlug}`);
  return settle(() => cityRoute.loader(args(request, contextFor(runtime), { citySlug, serviceSlug })));
}

async function page(citySlug: string, serviceSlug: string, runtime = rt) {
  const result = await openPage(runtime, citySlug, serviceSlug);
  expect(result.status).toBe(200);
  return result.data as PageData;
}

function headOf(data: PageData, siteUrl = "http://localhost:3000"): MetaDescriptor[] {
  return cityRoute.meta({
    loaderData: data,
    data,
    matches: [{ id: "root", loaderData: { config: { siteUrl } } }],
    location: { pathname: data.path },
    params: {},
    error: undefined,
  } as never) as MetaDescriptor[];
}

const metaNamed = (head: MetaDescriptor[], name: string) =>
  head.find((m) => (m as { name?: string }).name === name) as { content: string } | undefined;
const jsonLdOf = (head: MetaDescriptor[]) =>
  (head.find((m) => "script:ld+json" in m) as { "script:ld+json": Record<string, unknown> } | undefined)?.["script:ld+json"];

/** A view of `db` that records which table each query reads, in the order they are issued. */
function recordingDb(db: Db, tables: string[]): Db {
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

describe("looking up a city-service page", () => {
  it("reads the city first, then the service, then the page record", async () => {
    const read: string[] = [];
    const found = await findCityServicePage(recordingDb(rt.db, read), "new-york", "arthritis-pain-relief");
    expect(found.found).toBe(true);
    expect(read).toEqual(["cities", "services", "city_service_pages"]);
  });

  it("stops at the city when the city is inactive, even if the service is missing too", async () => {
    const read: string[] = [];
    const result = await findCityServicePage(recordingDb(rt.db, read), "boston", "no-such-service");
    expect(result).toEqual({ found: false, reason: "city" });
    expect(read).toEqual(["cities"]);
  });

  it("never reads the page record before both city and service resolve", async () => {
    const read: string[] = [];
    const result = await findCityServicePage(recordingDb(rt.db, read), "austin", "joint-pain-clinic");
    expect(result).toEqual({ found: false, reason: "service" });
    expect(read).toEqual(["cities", "services"]);
  });

  it("rejects malformed and reserved slugs without touching the database", async () => {
    for (const [c, s] of [
      ["Austin", "arthritis-pain-relief"],
      ["austin", "arthritis_pain_relief"],
      ["a".repeat(101), "arthritis-pain-relief"],
      ["austin", ""],
    ]) {
      const read: string[] = [];
      expect(await findCityServicePage(recordingDb(rt.db, read), c, s)).toEqual({ found: false, reason: "invalid-slug" });
      expect(read).toEqual([]);
    }
    const read: string[] = [];
    expect(await findCityServicePage(recordingDb(rt.db, read), "blog", "anything")).toEqual({ found: false, reason: "reserved-slug" });
    expect(read).toEqual([]);
  });
});

describe("the public page", () => {
  it("answers 404 for an inactive city, an inactive service, unknown slugs and reserved slugs", async () => {
    for (const [c, s] of [
      ["boston", "arthritis-pain-relief"],
      ["austin", "joint-pain-clinic"],
      ["atlantis", "arthritis-pain-relief"],
      ["austin", "no-such-service"],
      ["admin", "whatever"],
      ["NEW-YORK", "arthritis-pain-relief"],
    ]) {
      const result = await openPage(rt, c, s);
      expect(result.status, `${c}/${s}`).toBe(404);
    }
  });

  it("shows a stored record with its meta title, description and sanitised content", async () => {
    const data = await page("new-york", "arthritis-pain-relief");
    expect(data.city).toMatchObject({ name: "New York", state: "NY" });
    expect(data.service.name).toBe("Arthritis Pain Relief");
    expect(data.page.id).not.toBe("");
    expect(data.page.isDefault).toBe(false);
    expect(data.page.metaTitle).toBe("Arthritis Pain Relief in New York, NY | Capsiva");
    expect(data.page.content).toContain("<h2>Living with arthritis in New York</h2>");
    expect(data.contact).toEqual({ phone: "1-800-CAPSIVA", phoneTel: "+18002277482", email: "support@capsiva.example" });

    const head = headOf(data);
    expect(head).toContainEqual({ title: "Arthritis Pain Relief in New York, NY | Capsiva" });
    expect(metaNamed(head, "description")?.content).toBe(data.page.metaDescription);
    expect(head).toContainEqual({ tagName: "link", rel: "canonical", href: "http://localhost:3000/new-york/arthritis-pain-relief" });
  });

  it("sanitises stored content again when it is rendered", async () => {
    // A record written straight into the table (an old row, or a write that skipped the app).
    const [austin] = await rt.db.select().from(cities).where(eq(cities.slug, "austin"));
    const [relief] = await rt.db.select().from(services).where(eq(services.slug, "arthritis-pain-relief"));
    await rt.db
      .update(cityServicePages)
      .set({ content: `<p onclick="steal()">Hello</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>` })
      .where(and(eq(cityServicePages.cityId, austin.id), eq(cityServicePages.serviceId, relief.id)));
    const data = await page("austin", "arthritis-pain-relief");
    expect(data.page.content).toContain("<p>Hello</p>");
    expect(data.page.content).not.toMatch(/<script|onclick|onerror|javascript:/i);
  });

  it("shows the default page when the pair has no record", async () => {
    const data = await page("chicago", "arthritis-pain-relief");
    expect(data.page.id).toBe("");
    expect(data.page.isDefault).toBe(true);
    expect(data.page.metaTitle).toBe("Arthritis Pain Relief in Chicago, IL | Capsiva");
    expect(data.page.metaDescription).toMatch(/resources.*support.*Chicago, IL/);
    const html = data.page.content;
    expect(html).toContain("<h2>Welcome to Arthritis Pain Relief in Chicago</h2>");
    // The service has a description; Chicago has none, so its fallback sentence shows.
    expect(html).toContain("Practical, community-tested ways to manage arthritis pain");
    expect(html).toContain("in and around Chicago, IL");
    expect(html).toContain("Why choose Arthritis Pain Relief in Chicago?");
    const bullets = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
    expect(bullets).toEqual([
      "Local community support and resources",
      "Expert guidance on pain management",
      "Connect with others in Chicago",
      "Access to proven arthritis relief solutions",
    ]);
  });

  it("falls back to sentences when both descriptions are missing, and escapes names", async () => {
    const data = await page("chicago", "hand-pain-relief");
    expect(data.page.content).toContain("Find trusted hand pain relief information");
    expect(data.page.content).toContain("in and around Chicago, IL");

    const odd = defaultPageContent({ name: `O'Hare <Heights> & Co`, state: "IL", description: null }, { name: `Relief <b>now</b>`, description: "<script>x</script>" });
    expect(odd.content).not.toContain("<Heights>");
    expect(odd.content).not.toContain("<script>");
    expect(odd.content).not.toContain("<b>now</b>");
    expect(odd.content).toContain("O&#39;Hare &lt;Heights&gt; &amp; Co");
    expect(odd.content).toContain("&lt;script&gt;x&lt;/script&gt;");
  });

  it("emits geo metadata only when the city has coordinates", async () => {
    const ny = headOf(await page("new-york", "arthritis-pain-relief"));
    expect(metaNamed(ny, "geo.position")?.content).toBe("40.7128;-74.006");
    expect(metaNamed(ny, "ICBM")?.content).toBe("40.7128, -74.006");
    expect(metaNamed(ny, "geo.placename")?.content).toBe("New York, NY");

    const portland = headOf(await page("portland", "arthritis-pain-relief"));
    expect(metaNamed(portland, "geo.position")).toBeUndefined();
    expect(metaNamed(portland, "ICBM")).toBeUndefined();
    expect(metaNamed(portland, "geo.placename")).toBeUndefined();
    expect(jsonLdOf(portland)?.geo).toBeUndefined();
  });

  it("describes the page as a LocalBusiness with address, geo and url, and no rating by default", async () => {
    const data = await page("new-york", "arthritis-pain-relief");
    const ld = jsonLdOf(headOf(data))!;
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      description: data.page.metaDescription,
      url: "http://localhost:3000/new-york/arthritis-pain-relief",
      address: { "@type": "PostalAddress", addressLocality: "New York", addressRegion: "NY", addressCountry: "US" },
      geo: { "@type": "GeoCoordinates", latitude: 40.7128, longitude: -74.006 },
    });
    expect(String(ld.name)).toContain("Arthritis Pain Relief in New York, NY");
    // Off unless an operator with real, readable reviews turns it on.
    expect(ld.aggregateRating).toBeUndefined();
    expect(JSON.stringify(ld)).not.toContain("AggregateRating");
  });

  it("adds the configured rating when an operator sets AGGREGATE_RATING=true", async () => {
    const rated = await createTestRuntime({ AGGREGATE_RATING: "true", AGGREGATE_RATING_VALUE: "4.6", AGGREGATE_RATING_COUNT: "31" });
    try {
      await rated.db.insert(cities).values({ slug: "austin", name: "Austin", state: "TX", latitude: 30.2672, longitude: -97.7431 });
      await rated.db.insert(services).values({ slug: "arthritis-pain-relief", name: "Arthritis Pain Relief" });
      const ld = jsonLdOf(headOf(await page("austin", "arthritis-pain-relief", rated)))!;
      expect(ld["@type"]).toBe("LocalBusiness");
      expect(ld.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 4.6, reviewCount: 31 });
    } finally {
      await rated.close();
    }
  });

  it("answers 503 and logs 'Error fetching page data' when the database fails", async () => {
    const broken = await createTestRuntime();
    await broken.db.insert(cities).values({ slug: "austin", name: "Austin", state: "TX" });
    await broken.close(); // a real failure: every query now throws
    const logged: { obj: unknown; msg: string }[] = [];
    const log = createLogger("silent");
    log.error = ((obj: unknown, msg: string) => {
      logged.push({ obj, msg });
    }) as typeof log.error;
    const result = await settle(() =>
      cityRoute.loader(args(getRequest("/austin/arthritis-pain-relief"), contextFor({ ...broken, log }), { citySlug: "austin", serviceSlug: "arthritis-pain-relief" })),
    );
    expect(result.status).toBe(503);
    expect(result.headers.get("Retry-After")).toBe("30");
    expect(JSON.stringify(result.data)).toMatch(/temporarily unavailable/i);
    expect(logged).toHaveLength(1);
    expect(logged[0].msg).toBe("Error fetching page data");
    expect((logged[0].obj as { err: unknown }).err).toBeInstanceOf(Error);
  });
});

describe("reserved slugs and unique pairs", () => {
  it("never accepts a top-level route as a city slug", async () => {
    for (const slug of ["blog", "article", "forum", "auth", "account", "admin", "search", "api", "community-guidelines", "healthz", "404", "assets", "guides", "about", "privacy", "terms", "contact"]) {
      expect(RESERVED_SLUGS).toContain(slug);
      const parsed = citySchema.safeParse({ slug, name: "X", state: "TX", description: "", latitude: "", longitude: "", is_active: "true" });
      expect(parsed.success, slug).toBe(false);
      const saved = await saveCity(rt.db, { slug, name: "X", state: "TX", description: null, latitude: null, longitude: null, is_active: true });
      expect(saved.ok).toBe(false);
      if (!saved.ok) expect(saved.errors.slug).toMatch(/reserved/);
    }
    expect((await saveService(rt.db, { slug: "admin", name: "X", description: null, is_active: true })).ok).toBe(false);
    const [{ n }] = await rt.db.select({ n: count() }).from(cities).where(eq(cities.slug, "blog"));
    expect(n).toBe(0);
  });

  it("refuses a second record for a pair and updates the one there is", async () => {
    const [houston] = await rt.db.select().from(cities).where(eq(cities.slug, "houston"));
    const [support] = await rt.db.select().from(services).where(eq(services.slug, "rheumatoid-arthritis-support"));
    const pair = and(eq(cityServicePages.cityId, houston.id), eq(cityServicePages.serviceId, support.id));
    const [existing] = await rt.db.select().from(cityServicePages).where(pair);

    const second = await savePageRecord(rt.db, { cityId: houston.id, serviceId: support.id, metaTitle: "T", metaDescription: "D", content: "<p>Second</p>" });
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.errors.form).toMatch(/already exists/);
    await expect(rt.db.insert(cityServicePages).values({ cityId: houston.id, serviceId: support.id, content: "<p>x</p>" })).rejects.toThrow();

    const updated = await savePageRecord(rt.db, {
      pageId: existing.id,
      cityId: houston.id,
      serviceId: support.id,
      metaTitle: "Support in Houston",
      metaDescription: "Updated",
      content: `<h2>Updated</h2><script>alert(1)</script><p style="display:none" class="x">Visible</p>`,
    });
    expect(updated.ok).toBe(true);
    const rows = await rt.db.select().from(cityServicePages).where(pair);
    expect(rows).toHaveLength(1);
    // Sanitised on write.
    expect(rows[0].content).toBe("<h2>Updated</h2><p>Visible</p>");
  });
});

describe("/admin/places", () => {
  const cityFields = (over: Record<string, string> = {}) => ({
    intent: "save-city",
    slug: "el-paso",
    name: "El Paso",
    state: "tx",
    description: "",
    latitude: "31.7619",
    longitude: "-106.485",
    is_active: "true",
    ...over,
  });

  it("sends visitors to sign in and refuses members, for the page and every action", async () => {
    const visitor = await settle(() => adminRoute.loader(args(getRequest("/admin/places"), contextFor(rt))));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const asMember = await settle(() => adminRoute.loader(args(getRequest("/admin/places"), contextFor(rt, member))));
    expect(asMember.status).toBe(403);

    const [boston] = await rt.db.select().from(cities).where(eq(cities.slug, "boston"));
    const attempts: Record<string, string>[] = [
      cityFields({ slug: "sneaky-city" }),
      { intent: "toggle-city", id: String(boston.id), active: "true" },
      { intent: "save-service", slug: "sneaky-service", name: "Sneaky", description: "", is_active: "true" },
    ];
    for (const fields of attempts) {
      const v = await settle(() => adminRoute.action(args(formRequest("/admin/places", fields), contextFor(rt))));
      expect(v.status).toBe(302);
      const m = await settle(() => adminRoute.action(args(formRequest("/admin/places", fields), contextFor(rt, member))));
      expect(m.status).toBe(403);
    }
    const [still] = await rt.db.select().from(cities).where(eq(cities.slug, "boston"));
    expect(still.isActive).toBe(false);
    expect(await rt.db.select().from(cities).where(eq(cities.slug, "sneaky-city"))).toHaveLength(0);
    expect(await rt.db.select().from(services).where(eq(services.slug, "sneaky-service"))).toHaveLength(0);
  });

  it("lists cities and services with their state for an admin", async () => {
    const c = await settle(() => adminRoute.loader(args(getRequest("/admin/places?tab=cities&q=bos"), contextFor(rt, admin))));
    expect(c.status).toBe(200);
    const citiesData = c.data as { tab: string; cities: { rows: { slug: string; isActive: boolean }[]; total: number } };
    expect(citiesData.cities.rows).toEqual([expect.objectContaining({ slug: "boston", isActive: false })]);
    const s = await settle(() => adminRoute.loader(args(getRequest("/admin/places?tab=services"), contextFor(rt, admin))));
    const servicesData = s.data as { services: { rows: { slug: string; isActive: boolean }[] } };
    expect(servicesData.services.rows.find((r) => r.slug === "joint-pain-clinic")?.isActive).toBe(false);
  });

  it("adds a city, clears the page cache and says so in a toast", async () => {
    const epoch = rt.freshness.current();
    // Through the request pipeline, which tells the caches of every successful write.
    const result = await callRoute(adminRoute.action, formRequest("/admin/places?tab=cities", cityFields()), contextFor(rt, admin));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/places?tab=cities");
    expect(result.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(rt.freshness.current()).toBeGreaterThan(epoch);
    const [row] = await rt.db.select().from(cities).where(eq(cities.slug, "el-paso"));
    expect(row).toMatchObject({ name: "El Paso", state: "TX", latitude: 31.7619, longitude: -106.485, isActive: true, description: null });
    // The new city has pages at once (default content).
    expect((await page("el-paso", "arthritis-pain-relief")).page.isDefault).toBe(true);
  });

  it("explains a duplicate slug, a reserved slug and out-of-range coordinates next to the fields", async () => {
    const dup = await settle(() => adminRoute.action(args(formRequest("/admin/places", cityFields({ slug: "austin", name: "Austin 2" })), contextFor(rt, admin))));
    expect(dup.status).toBe(400);
    expect((dup.data as { errors: Record<string, string> }).errors.slug).toMatch(/already uses the slug 'austin'/);

    const reserved = await settle(() => adminRoute.action(args(formRequest("/admin/places", cityFields({ slug: "forum" })), contextFor(rt, admin))));
    expect(reserved.status).toBe(400);
    expect((reserved.data as { errors: Record<string, string> }).errors.slug).toMatch(/reserved/);

    const bad = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places", cityFields({ slug: "nowhere", latitude: "91", longitude: "-181", state: "Texas" })), contextFor(rt, admin))),
    );
    expect(bad.status).toBe(400);
    const errors = (bad.data as { errors: Record<string, string>; values: Record<string, string> }).errors;
    expect(errors.latitude).toMatch(/between -90 and 90/);
    expect(errors.longitude).toMatch(/between -180 and 180/);
    expect(errors.state).toMatch(/two-letter/);
    expect((bad.data as { values: Record<string, string> }).values.name).toBe("El Paso");
    expect(await rt.db.select().from(cities).where(eq(cities.slug, "nowhere"))).toHaveLength(0);
  });

  it("edits a city and a service, and deactivating one takes its pages down", async () => {
    const [elPaso] = await rt.db.select().from(cities).where(eq(cities.slug, "el-paso"));
    const edit = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places?tab=cities&edit=1", cityFields({ id: String(elPaso.id), name: "El Paso", description: "Sun city." })), contextFor(rt, admin))),
    );
    expect(edit.status).toBe(302);
    expect(edit.headers.get("Location")).toBe("/admin/places?tab=cities");
    const [after] = await rt.db.select().from(cities).where(eq(cities.id, elPaso.id));
    expect(after.description).toBe("Sun city.");

    const off = await settle(() => adminRoute.action(args(formRequest("/admin/places", { intent: "toggle-city", id: String(elPaso.id), active: "false" }), contextFor(rt, admin))));
    expect(off.status).toBe(302);
    expect((await openPage(rt, "el-paso", "arthritis-pain-relief")).status).toBe(404);

    const newService = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places", { intent: "save-service", slug: "warm-water-exercise", name: "Warm Water Exercise", description: "Pools.", is_active: "true" }), contextFor(rt, admin))),
    );
    expect(newService.status).toBe(302);
    expect((await page("chicago", "warm-water-exercise")).page.metaTitle).toBe("Warm Water Exercise in Chicago, IL | Capsiva");
    const [svc] = await rt.db.select().from(services).where(eq(services.slug, "warm-water-exercise"));
    await settle(() => adminRoute.action(args(formRequest("/admin/places", { intent: "toggle-service", id: String(svc.id), active: "false" }), contextFor(rt, admin))));
    expect((await openPage(rt, "chicago", "warm-water-exercise")).status).toBe(404);
  });

  it("previews sanitised HTML without saving, then saves the page record", async () => {
    const [dallas] = await rt.db.select().from(cities).where(eq(cities.slug, "dallas"));
    const [relief] = await rt.db.select().from(services).where(eq(services.slug, "arthritis-pain-relief"));
    const fields = {
      city_id: String(dallas.id),
      service_id: String(relief.id),
      page_id: "",
      meta_title: "Arthritis Pain Relief in Dallas, TX | Capsiva",
      meta_description: "Arthritis help in Dallas.",
      content: `<h2>Dallas</h2><p onmouseover="x()">Warm pools</p><iframe src="https://evil.example"></iframe>`,
    };
    const preview = await settle(() => adminRoute.action(args(formRequest("/admin/places?tab=pages", { ...fields, intent: "preview-page" }), contextFor(rt, admin))));
    expect(preview.status).toBe(200);
    expect((preview.data as { preview: string }).preview).toBe("<h2>Dallas</h2><p>Warm pools</p>");
    const pair = and(eq(cityServicePages.cityId, dallas.id), eq(cityServicePages.serviceId, relief.id));
    expect(await rt.db.select().from(cityServicePages).where(pair)).toHaveLength(0);

    const tooLong = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places?tab=pages", { ...fields, meta_title: "x".repeat(71), intent: "save-page" }), contextFor(rt, admin))),
    );
    expect(tooLong.status).toBe(400);
    expect((tooLong.data as { errors: Record<string, string> }).errors.meta_title).toMatch(/70 characters/);

    const saved = await settle(() => adminRoute.action(args(formRequest("/admin/places?tab=pages", { ...fields, intent: "save-page" }), contextFor(rt, admin))));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/places?tab=pages&city=dallas&service=arthritis-pain-relief");
    const view = await page("dallas", "arthritis-pain-relief");
    expect(view.page.isDefault).toBe(false);
    expect(view.page.content).toBe("<h2>Dallas</h2><p>Warm pools</p>");
    expect(view.page.metaDescription).toBe("Arthritis help in Dallas.");

    const editor = await settle(() => adminRoute.loader(args(getRequest("/admin/places?tab=pages&city=dallas&service=arthritis-pain-relief"), contextFor(rt, admin))));
    expect((editor.data as { editor: { record: { content: string } | null } }).editor.record?.content).toBe("<h2>Dallas</h2><p>Warm pools</p>");

    const removed = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places?tab=pages&city=dallas&service=arthritis-pain-relief", { intent: "delete-page", city_id: fields.city_id, service_id: fields.service_id }), contextFor(rt, admin))),
    );
    expect(removed.status).toBe(302);
    expect((await page("dallas", "arthritis-pain-relief")).page.isDefault).toBe(true);
  });
});
