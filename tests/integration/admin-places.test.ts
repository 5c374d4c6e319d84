// /admin/places: cities, services and page records as admins edit them, and who may, against a
// real database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cities, cityServicePages, services } from "../../db/schema";
import * as adminRoute from "~/routes/admin/admin-places";
import { seedDemoContent } from "~/server/seed.server";
import { args, openPage, pageOn, type Viewer } from "../helpers/places";
import { callRoute, contextFor, createMember, createTestRuntime, formRequest, getRequest, recordChanges, settle, type TestRuntime } from "../helpers/runtime";

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

const page = (citySlug: string, serviceSlug: string, runtime = rt) => pageOn(runtime, citySlug, serviceSlug);

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

  it("adds a city, names it as changed for the caches and says so in a toast", async () => {
    const changes = recordChanges(rt);
    // Through the request pipeline, which tells the caches of every successful write.
    const result = await callRoute(adminRoute.action, formRequest("/admin/places?tab=cities", cityFields()), contextFor(rt, admin));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/places?tab=cities");
    expect(result.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect([...changes.tags()].sort()).toEqual(["city:el-paso", "places"]);
    const [row] = await rt.db.select().from(cities).where(eq(cities.slug, "el-paso"));
    expect(row).toMatchObject({ name: "El Paso", state: "TX", latitude: 31.7619, longitude: -106.485, isActive: true, description: null });
    // The new city has pages at once (default content).
    expect((await page("el-paso", "arthritis-pain-relief")).page.isDefault).toBe(true);
  });

  it("explains a duplicate slug, a reserved slug and out-of-range coordinates next to the fields", async () => {
    const dup = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places", cityFields({ slug: "austin", name: "Austin 2" })), contextFor(rt, admin))),
    );
    expect(dup.status).toBe(400);
    expect((dup.data as { errors: Record<string, string> }).errors.slug).toMatch(/already uses the slug 'austin'/);

    const reserved = await settle(() => adminRoute.action(args(formRequest("/admin/places", cityFields({ slug: "forum" })), contextFor(rt, admin))));
    expect(reserved.status).toBe(400);
    expect((reserved.data as { errors: Record<string, string> }).errors.slug).toMatch(/reserved/);

    const bad = await settle(() =>
      adminRoute.action(
        args(formRequest("/admin/places", cityFields({ slug: "nowhere", latitude: "91", longitude: "-181", state: "Texas" })), contextFor(rt, admin)),
      ),
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
      adminRoute.action(
        args(
          formRequest("/admin/places?tab=cities&edit=1", cityFields({ id: String(elPaso.id), name: "El Paso", description: "Sun city." })),
          contextFor(rt, admin),
        ),
      ),
    );
    expect(edit.status).toBe(302);
    expect(edit.headers.get("Location")).toBe("/admin/places?tab=cities");
    const [after] = await rt.db.select().from(cities).where(eq(cities.id, elPaso.id));
    expect(after.description).toBe("Sun city.");

    const off = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places", { intent: "toggle-city", id: String(elPaso.id), active: "false" }), contextFor(rt, admin))),
    );
    expect(off.status).toBe(302);
    expect((await openPage(rt, "el-paso", "arthritis-pain-relief")).status).toBe(404);

    const newService = await settle(() =>
      adminRoute.action(
        args(
          formRequest("/admin/places", {
            intent: "save-service",
            slug: "warm-water-exercise",
            name: "Warm Water Exercise",
            description: "Pools.",
            is_active: "true",
          }),
          contextFor(rt, admin),
        ),
      ),
    );
    expect(newService.status).toBe(302);
    expect((await page("chicago", "warm-water-exercise")).page.metaTitle).toBe("Warm Water Exercise in Chicago, IL | Capsiva");
    const [svc] = await rt.db.select().from(services).where(eq(services.slug, "warm-water-exercise"));
    await settle(() =>
      adminRoute.action(args(formRequest("/admin/places", { intent: "toggle-service", id: String(svc.id), active: "false" }), contextFor(rt, admin))),
    );
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
    const preview = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places?tab=pages", { ...fields, intent: "preview-page" }), contextFor(rt, admin))),
    );
    expect(preview.status).toBe(200);
    expect((preview.data as { preview: string }).preview).toBe("<h2>Dallas</h2><p>Warm pools</p>");
    const pair = and(eq(cityServicePages.cityId, dallas.id), eq(cityServicePages.serviceId, relief.id));
    expect(await rt.db.select().from(cityServicePages).where(pair)).toHaveLength(0);

    const tooLong = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places?tab=pages", { ...fields, meta_title: "x".repeat(71), intent: "save-page" }), contextFor(rt, admin))),
    );
    expect(tooLong.status).toBe(400);
    expect((tooLong.data as { errors: Record<string, string> }).errors.meta_title).toMatch(/70 characters/);

    const saved = await settle(() =>
      adminRoute.action(args(formRequest("/admin/places?tab=pages", { ...fields, intent: "save-page" }), contextFor(rt, admin))),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/places?tab=pages&city=dallas&service=arthritis-pain-relief");
    const view = await page("dallas", "arthritis-pain-relief");
    expect(view.page.isDefault).toBe(false);
    expect(view.page.content).toBe("<h2>Dallas</h2><p>Warm pools</p>");
    expect(view.page.metaDescription).toBe("Arthritis help in Dallas.");

    const editor = await settle(() =>
      adminRoute.loader(args(getRequest("/admin/places?tab=pages&city=dallas&service=arthritis-pain-relief"), contextFor(rt, admin))),
    );
    expect((editor.data as { editor: { record: { content: string } | null } }).editor.record?.content).toBe("<h2>Dallas</h2><p>Warm pools</p>");

    const removed = await settle(() =>
      adminRoute.action(
        args(
          formRequest("/admin/places?tab=pages&city=dallas&service=arthritis-pain-relief", {
            intent: "delete-page",
            city_id: fields.city_id,
            service_id: fields.service_id,
          }),
          contextFor(rt, admin),
        ),
      ),
    );
    expect(removed.status).toBe(302);
    expect((await page("dallas", "arthritis-pain-relief")).page.isDefault).toBe(true);
  });
});
