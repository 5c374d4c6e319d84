// City-service landing pages: the lookup, the public page and its head, reserved slugs, against
// a real database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL). Their administration
// is in admin-places.test.ts.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cities, cityServicePages, services } from "../../db/schema";
import * as cityRoute from "~/routes/places/city-service";
import { citySchema } from "~/lib/place-rules";
import { createLogger } from "~/server/infra/log.server";
import { defaultPageContent } from "~/server/places/place-copy.server";
import { savePageRecord } from "~/server/places/place-pages-admin.server";
import { findCityServicePage, RESERVED_SLUGS } from "~/server/places/place-pages.server";
import { saveCity, saveService } from "~/server/places/places-admin.server";
import { seedDemoContent } from "~/server/seed.server";
import { args, headOf, jsonLdOf, metaNamed, openPage, pageOn, recordingDb } from "../helpers/places";
import { contextFor, createTestRuntime, getRequest, settle, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
  await seedDemoContent(rt.db);
});
afterAll(() => rt.close());

const page = (citySlug: string, serviceSlug: string, runtime = rt) => pageOn(runtime, citySlug, serviceSlug);

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

    const odd = defaultPageContent(
      { name: `O'Hare <Heights> & Co`, state: "IL", description: null },
      { name: `Relief <b>now</b>`, description: "<script>x</script>" },
    );
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
    // A closed pool counts as the database being away on PostgreSQL (a warning) but not on the
    // embedded database (an error): the words are the same either way.
    log.error = ((obj: unknown, msg: string) => {
      logged.push({ obj, msg });
    }) as typeof log.error;
    log.warn = log.error as typeof log.warn;
    const result = await settle(() =>
      cityRoute.loader(
        args(getRequest("/austin/arthritis-pain-relief"), contextFor({ ...broken, log }), { citySlug: "austin", serviceSlug: "arthritis-pain-relief" }),
      ),
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
    for (const slug of [
      "blog",
      "article",
      "forum",
      "auth",
      "account",
      "admin",
      "search",
      "api",
      "community-guidelines",
      "healthz",
      "404",
      "assets",
      "guides",
      "about",
      "privacy",
      "terms",
      "contact",
    ]) {
      expect(RESERVED_SLUGS).toContain(slug);
      const parsed = citySchema.safeParse({ slug, name: "X", state: "TX", description: "", latitude: "", longitude: "", is_active: "true" });
      expect(parsed.success, slug).toBe(false);
      const saved = await saveCity(rt, { slug, name: "X", state: "TX", description: null, latitude: null, longitude: null, is_active: true });
      expect(saved.ok).toBe(false);
      if (!saved.ok) expect(saved.errors.slug).toMatch(/reserved/);
    }
    expect((await saveService(rt, { slug: "admin", name: "X", description: null, is_active: true })).ok).toBe(false);
    const [{ n }] = await rt.db.select({ n: count() }).from(cities).where(eq(cities.slug, "blog"));
    expect(n).toBe(0);
  });

  it("refuses a second record for a pair and updates the one there is", async () => {
    const [houston] = await rt.db.select().from(cities).where(eq(cities.slug, "houston"));
    const [support] = await rt.db.select().from(services).where(eq(services.slug, "rheumatoid-arthritis-support"));
    const pair = and(eq(cityServicePages.cityId, houston.id), eq(cityServicePages.serviceId, support.id));
    const [existing] = await rt.db.select().from(cityServicePages).where(pair);

    const second = await savePageRecord(rt, { cityId: houston.id, serviceId: support.id, metaTitle: "T", metaDescription: "D", content: "<p>Second</p>" });
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.errors.form).toMatch(/already exists/);
    await expect(rt.db.insert(cityServicePages).values({ cityId: houston.id, serviceId: support.id, content: "<p>x</p>" })).rejects.toThrow();

    const updated = await savePageRecord(rt, {
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
