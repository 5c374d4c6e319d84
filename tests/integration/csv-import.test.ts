// CSV import of cities, services and page records: valid files upsert, any rejected row stores
// nothing, and a 10,000-row file imports in one go.
import { constants, PerformanceObserver } from "node:perf_hooks";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cities, cityServicePages, services } from "../../db/schema";
import * as adminRoute from "~/routes/admin/admin-places";
import { importCsv, type ImportReport } from "~/server/places/csv-import.server";
import { seedDemoContent } from "~/server/seed.server";
import { callRoute, contextFor, createMember, createTestRuntime, recordChanges, usingPostgres, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
  await seedDemoContent(rt.db);
});
afterAll(() => rt.close());

async function counts() {
  const [c] = await rt.db.select({ n: count() }).from(cities);
  const [s] = await rt.db.select({ n: count() }).from(services);
  const [p] = await rt.db.select({ n: count() }).from(cityServicePages);
  return { cities: c.n, services: s.n, pages: p.n };
}

/** Asserts that `run` stores nothing and returns its report. */
async function storesNothing(run: () => Promise<ImportReport>) {
  const before = await counts();
  const report = await run();
  expect(report.stored).toBe(false);
  expect(await counts()).toEqual(before);
  return report;
}

const CITY_HEADER = "slug,name,state,description,latitude,longitude,is_active";

describe("importing cities", () => {
  it("imports a valid file, inserting new cities and updating existing ones by slug", async () => {
    const csv = [
      CITY_HEADER,
      `el-paso,El Paso,TX,"Sunny, dry and friendly",31.7619,-106.485,true`,
      `tucson,Tucson,az,,32.2226,-110.9747,`,
      `austin,Austin,TX,"Updated: ""live music"" and trails",30.2672,-97.7431,false`,
    ].join("\r\n");
    const report = await importCsv(rt, "cities", csv);
    expect(report).toMatchObject({ stored: true, fileError: null, totalRows: 3, accepted: 3, rejectedCount: 0, inserted: 2, updated: 1 });
    const [elPaso] = await rt.db.select().from(cities).where(eq(cities.slug, "el-paso"));
    expect(elPaso).toMatchObject({
      name: "El Paso",
      state: "TX",
      description: "Sunny, dry and friendly",
      latitude: 31.7619,
      longitude: -106.485,
      isActive: true,
    });
    const [tucson] = await rt.db.select().from(cities).where(eq(cities.slug, "tucson"));
    expect(tucson).toMatchObject({ state: "AZ", description: null, isActive: true });
    const [austin] = await rt.db.select().from(cities).where(eq(cities.slug, "austin"));
    expect(austin).toMatchObject({ description: 'Updated: "live music" and trails', isActive: false });
    await importCsv(rt, "cities", `${CITY_HEADER}\naustin,Austin,TX,Back again,30.2672,-97.7431,true`);
  });

  it("reports wrong or missing columns once, naming the expected columns", async () => {
    const report = await storesNothing(() => importCsv(rt, "cities", "slug,name,state,lat,lng\nreno,Reno,NV,39.5,-119.8"));
    expect(report.fileError).toContain("slug,name,state,description,latitude,longitude,is_active");
    expect(report.fileError).toMatch(/Missing: description, latitude, longitude, is_active/);
    expect(report.fileError).toMatch(/Not expected: lat, lng/);
    expect(report.rejected).toEqual([]);
  });

  it("reports a malformed file (an unclosed quote) and stores nothing", async () => {
    const report = await storesNothing(() =>
      importCsv(rt, "cities", `${CITY_HEADER}\nreno,Reno,NV,"Biggest little city,39.5,-119.8,true\nboise,Boise,ID,,43.6,-116.2,true`),
    );
    expect(report.fileError).toMatch(/not valid CSV.*quoted value is never closed/);
  });

  it("rejects rows with too many or too few values, naming the row", async () => {
    const report = await storesNothing(() =>
      importCsv(rt, "cities", `${CITY_HEADER}\nreno,Reno,NV,,39.5,-119.8,true\nboise,Boise,ID,A city, with a comma,43.6,-116.2,true\nmesa,Mesa,AZ`),
    );
    expect(report.accepted).toBe(1);
    expect(report.rejected).toEqual([
      { row: 3, reason: expect.stringMatching(/more values than the 7 columns/) },
      { row: 4, reason: expect.stringMatching(/fewer values than the 7 columns/) },
    ]);
  });

  it("rejects duplicate slugs inside the file", async () => {
    const report = await storesNothing(() =>
      importCsv(rt, "cities", `${CITY_HEADER}\nreno,Reno,NV,,39.5,-119.8,true\nboise,Boise,ID,,43.6,-116.2,true\nreno,Reno again,NV,,,,true`),
    );
    expect(report.rejected).toEqual([{ row: 4, reason: "The slug 'reno' already appears in row 2; each slug may appear once." }]);
    expect(await rt.db.select().from(cities).where(eq(cities.slug, "reno"))).toHaveLength(0);
  });

  it("rejects invalid latitude and longitude, reserved slugs and other invalid values, row by row", async () => {
    const rows = [
      CITY_HEADER,
      "north-pole-plus,Nowhere,AK,,90.5,0,true", // row 2
      "far-east,Nowhere,AK,,10,181,true", // row 3
      "not-a-number,Nowhere,AK,,north,10,true", // row 4
      "half-coordinates,Nowhere,AK,,10,,true", // row 5
      "blog,Blog City,CA,,,,true", // row 6
      "Bad_Slug,Bad,CA,,,,true", // row 7
      "no-state,Somewhere,Texas,,,,true", // row 8
      "maybe,Maybe,CA,,,,perhaps", // row 9
      "fine,Fine,CA,,,,true", // row 10
    ].join("\n");
    const report = await storesNothing(() => importCsv(rt, "cities", rows));
    expect(report.totalRows).toBe(9);
    expect(report.accepted).toBe(1);
    expect(report.rejectedCount).toBe(8);
    const reason = (row: number) => report.rejected.find((r) => r.row === row)?.reason;
    expect(reason(2)).toMatch(/latitude: Latitude must be between -90 and 90/);
    expect(reason(3)).toMatch(/longitude: Longitude must be between -180 and 180/);
    expect(reason(4)).toMatch(/latitude: Latitude must be a number/);
    expect(reason(5)).toMatch(/both latitude and longitude/);
    expect(reason(6)).toMatch(/'blog' is reserved/);
    expect(reason(7)).toMatch(/lowercase letters, digits and hyphens/);
    expect(reason(8)).toMatch(/two-letter state code/);
    expect(reason(9)).toMatch(/is_active must be true or false/);
    expect(await rt.db.select().from(cities).where(eq(cities.slug, "fine"))).toHaveLength(0);
  });

  it("reports an empty file and a file with only a header", async () => {
    expect((await storesNothing(() => importCsv(rt, "cities", ""))).fileError).toBe("The file is empty.");
    expect((await storesNothing(() => importCsv(rt, "cities", `${CITY_HEADER}\n`))).fileError).toMatch(/no data rows/);
  });

  it("rolls back every batch when the database refuses a later one", async () => {
    // A real refusal from the database, in the second batch of 500.
    await rt.db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.slug = 'boom-city' then raise exception 'refused'; end if; return new; end $$`);
    await rt.db.execute(sql`create trigger refuse_boom before insert on cities for each row execute function refuse_boom()`);
    try {
      const lines = [CITY_HEADER];
      for (let i = 0; i < 700; i++) lines.push(`batch-city-${i},Batch ${i},TX,,,,true`);
      lines.push("boom-city,Boom,TX,,,,true");
      const before = await counts();
      await expect(importCsv(rt, "cities", lines.join("\n"))).rejects.toThrow();
      expect(await counts()).toEqual(before);
    } finally {
      await rt.db.execute(sql`drop trigger refuse_boom on cities`);
      await rt.db.execute(sql`drop function refuse_boom()`);
    }
  });

  it("imports a generated 10,000-row file in one go", async () => {
    const lines = [CITY_HEADER];
    for (let i = 0; i < 10_000; i++) {
      const lat = (((i * 7) % 180) - 90 + 0.5).toFixed(4);
      const lng = (((i * 13) % 360) - 180 + 0.25).toFixed(4);
      lines.push(`town-${i},Town ${i},${i % 2 ? "TX" : "CA"},"Town number ${i}, a fine place",${lat},${lng},${i % 10 ? "true" : "false"}`);
    }
    const csv = lines.join("\n");
    const started = performance.now();
    const report = await importCsv(rt, "cities", csv);
    const ms = Math.round(performance.now() - started);
    console.log(`10,000-row cities import (${usingPostgres ? "PostgreSQL" : "PGlite"}): ${ms} ms, ${(csv.length / 1024).toFixed(0)} KiB`);
    expect(report).toMatchObject({ stored: true, totalRows: 10_000, accepted: 10_000, rejectedCount: 0, inserted: 10_000, updated: 0 });
    const [{ n }] = await rt.db
      .select({ n: count() })
      .from(cities)
      .where(sql`${cities.slug} like 'town-%'`);
    expect(n).toBe(10_000);

    const again = performance.now();
    const second = await importCsv(rt, "cities", csv);
    console.log(`the same file again (all updates): ${Math.round(performance.now() - again)} ms`);
    expect(second).toMatchObject({ stored: true, accepted: 10_000, inserted: 0, updated: 10_000 });
  }, 120_000);
});

describe("importing services and page records", () => {
  it("imports services by slug", async () => {
    const report = await importCsv(
      rt,
      "services",
      "slug,name,description,is_active\nwarm-water-therapy,Warm Water Therapy,Pools and classes,true\nhand-pain-relief,Hand Pain Relief,Now with a description,yes",
    );
    expect(report).toMatchObject({ stored: true, accepted: 2, inserted: 1, updated: 1 });
    const [hands] = await rt.db.select().from(services).where(eq(services.slug, "hand-pain-relief"));
    expect(hands.description).toBe("Now with a description");
  });

  it("imports page records by pair, sanitising their HTML", async () => {
    const csv = [
      "city_slug,service_slug,meta_title,meta_description,content",
      `chicago,warm-water-therapy,Warm Water Therapy in Chicago | Capsiva,Pools in Chicago.,"<h2>Pools</h2><p onclick=""x()"">Warm</p><script>alert(1)</script>"`,
      `new-york,arthritis-pain-relief,New title,New description,<p>Replaced</p>`,
    ].join("\n");
    const report = await importCsv(rt, "pages", csv);
    expect(report).toMatchObject({ stored: true, accepted: 2, inserted: 1, updated: 1 });
    const [row] = await rt.db
      .select({ content: cityServicePages.content, metaTitle: cityServicePages.metaTitle })
      .from(cityServicePages)
      .innerJoin(cities, eq(cities.id, cityServicePages.cityId))
      .where(eq(cities.slug, "chicago"));
    expect(row).toEqual({ content: "<h2>Pools</h2><p>Warm</p>", metaTitle: "Warm Water Therapy in Chicago | Capsiva" });
  });

  it("rejects unknown city or service slugs, duplicate pairs and over-long meta, storing nothing", async () => {
    const csv = [
      "city_slug,service_slug,meta_title,meta_description,content",
      "atlantis,arthritis-pain-relief,T,D,<p>x</p>", // row 2
      "chicago,underwater-basket-weaving,T,D,<p>x</p>", // row 3
      "dallas,arthritis-pain-relief,T,D,<p>x</p>", // row 4 (fine)
      "dallas,arthritis-pain-relief,T,D,<p>again</p>", // row 5
      `denver,arthritis-pain-relief,${"x".repeat(71)},D,<p>x</p>`, // row 6
      "seattle,arthritis-pain-relief,T,D,<script>only()</script>", // row 7
    ].join("\n");
    const report = await storesNothing(() => importCsv(rt, "pages", csv));
    const reason = (row: number) => report.rejected.find((r) => r.row === row)?.reason;
    expect(reason(2)).toBe("Unknown slug: no city has the slug 'atlantis'.");
    expect(reason(3)).toBe("Unknown slug: no service has the slug 'underwater-basket-weaving'.");
    expect(reason(4)).toBeUndefined();
    expect(reason(5)).toMatch(/dallas\/arthritis-pain-relief already appears in row 4/);
    expect(reason(6)).toMatch(/meta_title: Keep the meta title to 70 characters or fewer/);
    expect(reason(7)).toMatch(/Nothing would remain/);
    expect(report.accepted).toBe(1);
  });

  it("names the expected columns of a page file", async () => {
    const report = await storesNothing(() => importCsv(rt, "pages", "city,service,title,description,html\na,b,c,d,e"));
    expect(report.fileError).toContain("city_slug,service_slug,meta_title,meta_description,content");
  });
});

describe("upload through /admin/places", () => {
  function upload(kind: string, content: string | Uint8Array, name = "file.csv") {
    const form = new FormData();
    form.set("intent", "import");
    form.set("kind", kind);
    form.set("file", new File([content as BlobPart], name, { type: "text/csv" }));
    return new Request("http://localhost:3000/admin/places?tab=import", { method: "POST", body: form, headers: { Origin: "http://localhost:3000" } });
  }
  // Through the request pipeline, which tells the caches of every successful write.
  const call = (request: Request, viewer: Awaited<ReturnType<typeof createMember>> | null) => callRoute(adminRoute.action, request, contextFor(rt, viewer));

  it("imports a multipart upload for an admin and refuses a member", async () => {
    const admin = await createMember(rt, { role: "admin" });
    const member = await createMember(rt);
    const csv = `${CITY_HEADER}\nuploaded-town,Uploaded Town,OR,,45.5,-122.6,true`;

    const refused = await call(upload("cities", csv), member);
    expect(refused.status).toBe(403);
    expect(await rt.db.select().from(cities).where(eq(cities.slug, "uploaded-town"))).toHaveLength(0);

    const changes = recordChanges(rt);
    const ok = await call(upload("cities", csv), admin);
    expect(ok.status).toBe(200);
    expect((ok.data as { report: ImportReport }).report).toMatchObject({ stored: true, accepted: 1 });
    expect(changes.tags()).toEqual(new Set(["place-pages", "places"]));
    expect(await rt.db.select().from(cities).where(eq(cities.slug, "uploaded-town"))).toHaveLength(1);

    const rejected = await call(upload("cities", `${CITY_HEADER}\nanother-town,Another,OR,,95,0,true`), admin);
    expect(rejected.status).toBe(400);
    expect((rejected.data as { report: ImportReport }).report.rejected[0].row).toBe(2);

    const noFile = await call(upload("cities", ""), admin);
    expect(noFile.status).toBe(400);
    expect((noFile.data as { errors: Record<string, string> }).errors.file).toMatch(/Choose a CSV file/);
  });

  it("refuses a file over 5 MB without reading it into the database", async () => {
    const admin = await createMember(rt, { role: "admin" });
    const big = new Uint8Array(5 * 1024 * 1024 + 1024).fill(0x61);
    const before = await counts();
    const result = await call(upload("cities", big), admin);
    expect(result.status).toBe(413);
    expect((result.data as { report: ImportReport }).report.fileError).toMatch(/larger than 5 MB/);
    expect(await counts()).toEqual(before);
  });
});

describe("a hostile file", () => {
  // While a file is parsed the server keeps answering: the longest stretch this thread runs without
  // reaching a timer stays short. It is counted in the thread's CPU time less full collections, so
  // neither a busy machine that leaves the thread without a core nor a full collection of the test
  // process (every file of a worker shares its heap) counts as parsing. Parsing here: 380 ms.
  async function longestPause(run: () => Promise<unknown>) {
    const cpuMs = () => {
      const { user, system } = process.threadCpuUsage();
      return (user + system) / 1000;
    };
    const collections: { startTime: number; duration: number }[] = [];
    const observer = new PerformanceObserver((list) =>
      collections.push(...list.getEntries().filter((e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)),
    );
    observer.observe({ entryTypes: ["gc"] });
    const ticks = [{ at: performance.now(), cpu: cpuMs() }];
    const timer = setInterval(() => ticks.push({ at: performance.now(), cpu: cpuMs() }), 5);
    try {
      await run();
    } finally {
      clearInterval(timer);
      ticks.push({ at: performance.now(), cpu: cpuMs() });
      // Entries of collections that just ended are delivered on a later turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      observer.disconnect();
    }
    let longest = 0;
    for (let i = 1; i < ticks.length; i++) {
      const [from, to] = [ticks[i - 1], ticks[i]];
      const collecting = collections.filter((c) => c.startTime >= from.at && c.startTime < to.at).reduce((sum, c) => sum + c.duration, 0);
      longest = Math.max(longest, to.cpu - from.cpu - collecting);
    }
    return longest;
  }

  it.each([
    ["an even number of", 4 * 1024 * 1024, /has fewer values/],
    ["an odd number of", 4 * 1024 * 1024 - 1, /not valid CSV/],
  ])("4 MB of quote characters (%s) do not hold the event loop, and get a clear message", async (_, size, message) => {
    const hostile = `${CITY_HEADER}\n${'"'.repeat(size)}`;
    let report: ImportReport | undefined;
    const pause = await longestPause(async () => {
      report = await storesNothing(() => importCsv(rt, "cities", hostile));
    });
    expect(report!.fileError ?? report!.rejected[0]?.reason).toMatch(message);
    expect(pause).toBeLessThan(250);
  });
});
