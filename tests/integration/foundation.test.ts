import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, cities, cityServicePages, forumAnswers, forumQuestions, profiles, services, users } from "../../db/schema";
import { isDatabaseEmpty, seedDemoContent } from "~/server/seed.server";
import { ConfigError, parseEnv } from "~/server/infra/env.server";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

describe("database", () => {
  it("migrations are a no-op the second time", async () => {
    await rt.database.migrate();
    const rows = await rt.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const n = (rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n;
    expect(n).toBeGreaterThanOrEqual(2);
    await rt.database.migrate();
    const again = await rt.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const m = (again as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? (again as unknown as { n: number }[])[0]?.n;
    expect(m).toBe(n);
  });

  it("creates a profile for every new user in the same transaction", async () => {
    await rt.db.insert(users).values({ id: "u-trigger", name: "", email: "trigger@example.com" });
    const rows = await rt.db
      .select()
      .from(profiles)
      .where(sql`id = 'u-trigger'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].displayName).toBeNull();
  });

  it("refuses a second page record for the same city and service", async () => {
    const [c] = await rt.db.insert(cities).values({ slug: "test-city", name: "Test", state: "TS" }).returning();
    const [s] = await rt.db.insert(services).values({ slug: "test-service", name: "Test service" }).returning();
    await rt.db.insert(cityServicePages).values({ cityId: c.id, serviceId: s.id, content: "<p>a</p>" });
    await expect(rt.db.insert(cityServicePages).values({ cityId: c.id, serviceId: s.id, content: "<p>b</p>" })).rejects.toThrow();
  });
});

describe("demo content", () => {
  it("seeds realistic content into an empty database", async () => {
    const fresh = await createTestRuntime();
    try {
      expect(await isDatabaseEmpty(fresh.db)).toBe(true);
      await seedDemoContent(fresh.db);
      expect(await isDatabaseEmpty(fresh.db)).toBe(false);
      const [{ n: posts }] = await fresh.db.select({ n: count() }).from(blogPosts);
      const [{ n: published }] = await fresh.db
        .select({ n: count() })
        .from(blogPosts)
        .where(sql`published`);
      expect(published).toBeGreaterThan(0);
      expect(posts).toBeGreaterThan(published);
      const answerCounts = await fresh.db
        .select({ id: forumQuestions.id, n: sql<number>`(select count(*)::int from forum_answers a where a.question_id = forum_questions.id)` })
        .from(forumQuestions);
      const ns = answerCounts.map((r) => r.n);
      expect(ns).toContain(0);
      expect(ns).toContain(1);
      expect(Math.max(...ns)).toBeGreaterThanOrEqual(3);
      const cityRows = await fresh.db.select().from(cities);
      expect(cityRows.length).toBeGreaterThanOrEqual(12);
      expect(cityRows.some((c) => !c.isActive)).toBe(true);
      expect(cityRows.some((c) => c.latitude === null)).toBe(true);
      const serviceRows = await fresh.db.select().from(services);
      expect(serviceRows).toHaveLength(4);
      expect(serviceRows.filter((s) => !s.isActive)).toHaveLength(1);
      const profileRows = await fresh.db.select().from(profiles);
      expect(profileRows.some((p) => p.displayName === null)).toBe(true);
      const [{ n: answers }] = await fresh.db.select({ n: count() }).from(forumAnswers);
      expect(answers).toBeGreaterThan(5);
    } finally {
      await fresh.close();
    }
  });
});

describe("configuration", () => {
  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "seventy" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "seventy" })).toThrow(/PORT/);
    expect(() => parseEnv({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseEnv({ AGGREGATE_RATING_VALUE: "9" })).toThrow(/AGGREGATE_RATING_VALUE/);
  });
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.requireEmailVerification).toBe(false);
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" }).requireEmailVerification).toBe(true);
    // The local-business rating is opt-in: a rating nobody can read is not shown to search engines.
    expect(env.AGGREGATE_RATING).toBe(false);
    expect(parseEnv({ AGGREGATE_RATING: "true" }).AGGREGATE_RATING).toBe(true);
  });
});
