// The home page counters. Counting big tables on every request is wasteful, so the figures are
// kept for a short while and recomputed as soon as any write clears the page cache.
import { count } from "drizzle-orm";
import { profiles } from "../../db/schema";
import { countPublished } from "./blog.server";
import { countQuestions } from "./forum.server";
import type { Runtime } from "./runtime.server";

export interface Stats {
  members: number;
  questions: number;
  articles: number;
}

const TTL_MS = 60_000;
const cache = new WeakMap<object, { stats: Stats; at: number; version: number }>();

export async function getStats(runtime: Pick<Runtime, "db" | "pageCache">): Promise<Stats> {
  const hit = cache.get(runtime.db);
  const version = runtime.pageCache.version();
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.stats;
  const [members, questions, articles] = await Promise.all([
    runtime.db.select({ n: count() }).from(profiles).then((r) => r[0].n),
    countQuestions(runtime.db),
    countPublished(runtime.db),
  ]);
  const stats = { members, questions, articles };
  cache.set(runtime.db, { stats, at: Date.now(), version });
  return stats;
}
