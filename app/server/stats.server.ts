// The home page counters. Counting big tables on every request is wasteful, so the figures are
// kept for a short while and recomputed as soon as any write clears the page cache.
import { count } from "drizzle-orm";
import { profiles } from "../../db/schema";
import { countPublished } from "./blog.server";
import { countAnsweredQuestions, countQuestions } from "./forum.server";
import type { Runtime } from "./runtime.server";

export interface Stats {
  members: number;
  questions: number;
  articles: number;
}

const TTL_MS = 60_000;
const cache = new WeakMap<object, { stats: Stats & { answered: number }; at: number; version: number }>();

/** Members, visible questions (the forum's page count) and published articles. */
export async function getStats(runtime: Pick<Runtime, "db" | "pageCache">): Promise<Stats> {
  const { members, questions, articles } = await allStats(runtime);
  return { members, questions, articles };
}

/**
 * The home page's counters: its "Questions Answered" counts only visible questions with at
 * least one visible answer, not every question asked.
 */
export async function getHomeStats(runtime: Pick<Runtime, "db" | "pageCache">): Promise<Stats> {
  const { members, answered, articles } = await allStats(runtime);
  return { members, questions: answered, articles };
}

async function allStats(runtime: Pick<Runtime, "db" | "pageCache">) {
  const hit = cache.get(runtime.db);
  const version = runtime.pageCache.version();
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.stats;
  const [members, questions, answered, articles] = await Promise.all([
    runtime.db.select({ n: count() }).from(profiles).then((r) => r[0].n),
    countQuestions(runtime.db),
    countAnsweredQuestions(runtime.db),
    countPublished(runtime.db),
  ]);
  const stats = { members, questions, answered, articles };
  cache.set(runtime.db, { stats, at: Date.now(), version });
  return stats;
}
