// The home page counters. Counting big tables on every request is wasteful, so the figures are
// read once after each write and shared, like the lists they sit beside.
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

/** Members, visible questions (the forum's page count) and those answered, and published articles. */
export async function getStats(runtime: Pick<Runtime, "db" | "reads">): Promise<Stats & { answeredQuestions: number }> {
  const { members, questions, answered, articles } = await allStats(runtime);
  return { members, questions, answeredQuestions: answered, articles };
}

/**
 * The home page's counters: its "Questions Answered" counts only visible questions with at
 * least one visible answer, not every question asked.
 */
export async function getHomeStats(runtime: Pick<Runtime, "db" | "reads">): Promise<Stats> {
  const { members, answered, articles } = await allStats(runtime);
  return { members, questions: answered, articles };
}

// Kept in the shared reads (cleared by every write), so counting happens once per write.
function allStats(runtime: Pick<Runtime, "db" | "reads">) {
  return runtime.reads.get("stats", async () => {
    const [members, questions, answered, articles] = await Promise.all([
      runtime.db
        .select({ n: count() })
        .from(profiles)
        .then((r) => r[0].n),
      countQuestions(runtime.db),
      countAnsweredQuestions(runtime.db),
      countPublished(runtime.db),
    ]);
    return { members, questions, answered, articles };
  });
}
