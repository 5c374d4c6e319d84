// What waits for moderators and editors, for the count beside Admin on every page they see:
// open reports (the urgent "at risk" ones also on their own) and, for admins, stories to review.
// Only ever read for a signed-in moderator or admin, whose pages are rendered for them alone.
import { countStoriesToReview } from "~/server/blog/blog.server";
import type { UnreadCache } from "~/server/infra/cache/unread-cache.server";
import type { Db } from "~/server/infra/db.server";
import { countOpenReports } from "./reports.server";
import { countHeld } from "~/server/forum/forum.server";

export type WaitingKind = "reports" | "urgent" | "stories";

export interface Waiting {
  /** Reports and (for admins) stories waiting. */
  total: number;
  /** Of those, reports that someone may be at risk. */
  urgent: number;
}

/** One count; the runtime keeps each until the review tag changes (a report, a decision, a story). */
export async function countWaiting(db: Db, kind: WaitingKind) {
  if (kind === "stories") return countStoriesToReview(db);
  if (kind === "urgent") return countOpenReports(db, { urgent: true });
  // New members' posts held for approval wait beside the reports (holds.server.ts).
  const [reports, held] = await Promise.all([countOpenReports(db), countHeld(db)]);
  return reports + held;
}

export async function waitingFor(cache: UnreadCache, role: string): Promise<Waiting | null> {
  if (role !== "moderator" && role !== "admin") return null;
  const [reports, urgent, stories] = await Promise.all([cache.get("reports"), cache.get("urgent"), role === "admin" ? cache.get("stories") : 0]);
  return { total: reports + stories, urgent };
}
