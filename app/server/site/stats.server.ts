// The home page counters. Counting big tables on every request is wasteful, so each figure is
// read once after a write that changes it and shared, like the lists they sit beside.
import { count } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import { countPublished } from "~/server/blog/blog.server";
import { countAnsweredQuestions, countQuestions } from "~/server/forum/forum.server";
import type { Db } from "~/server/infra/db.server";
import type { ReadCache } from "~/server/infra/cache/read-cache.server";
import { tag } from "~/server/infra/change-tags.server";

export interface Stats {
  members: number;
  questions: number;
  articles: number;
}

/** Members, visible questions (the forum's page count) and those answered, and published articles. */
export async function getStats(runtime: { db: Db; reads: ReadCache }): Promise<Stats & { answeredQuestions: number }> {
  const { members, questions, answered, articles } = await allStats(runtime);
  return { members, questions, answeredQuestions: answered, articles };
}

/**
 * The home page's counters: its "Questions Answered" counts only visible questions with at
 * least one visible answer, not every question asked.
 */
export async function getHomeStats(runtime: { db: Db; reads: ReadCache }): Promise<Stats> {
  const { members, answered, articles } = await allStats(runtime);
  return { members, questions: answered, articles };
}

// Each count is a shared read of its own, so that a new member does not count the forum again
// and a new answer does not count the members.
async function allStats(runtime: { db: Db; reads: ReadCache }) {
  const [members, forum, articles] = await Promise.all([
    runtime.reads.get("stats:members", [tag.members], async () => (await runtime.db.select({ n: count() }).from(profiles))[0].n),
    forumCounts(runtime),
    runtime.reads.get("stats:articles", [tag.blog], () => countPublished(runtime.db)),
  ]);
  return { members, ...forum, articles };
}

/** Visible questions, and those with a visible answer (the forum's page count and the home counter). */
export function forumCounts(runtime: { db: Db; reads: ReadCache }) {
  return runtime.reads.get("stats:questions", [tag.forum], async () => {
    const [questions, answered] = await Promise.all([countQuestions(runtime.db), countAnsweredQuestions(runtime.db)]);
    return { questions, answered };
  });
}
