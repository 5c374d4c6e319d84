// The standing forms' server half, shared by /admin/reports and /admin/members: silence, suspend
// or lift, with the rules (who may act on whom, a reason) kept in member-standing.server.ts.
import { data } from "react-router";
import { changeStanding, StandingRefused, type StandingChange } from "~/server/members/members.server";
import type { Runtime } from "~/server/runtime.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Viewer } from "~/server/infra/viewer";
import { untilText } from "~/lib/standing";

export const STANDING_INTENTS = ["silence", "suspend", "lift-silence", "lift-suspension"] as const;

export const isStandingIntent = (intent: string): intent is (typeof STANDING_INTENTS)[number] => (STANDING_INTENTS as readonly string[]).includes(intent);

export async function standingAction(runtime: Runtime, viewer: Viewer, intent: (typeof STANDING_INTENTS)[number], form: FormData, back: string) {
  const memberId = String(form.get("memberId") ?? "").slice(0, 100);
  const reason = form.get("reason");
  const change: StandingChange =
    intent === "silence"
      ? { action: intent, days: Number(form.get("days")), reason }
      : intent === "suspend"
        ? { action: intent, reason }
        : { action: intent, reason };
  try {
    const done = await changeStanding(runtime, viewer, memberId, change);
    return redirectWithToast(back, { title: done.title, description: done.until ? `They cannot post until ${untilText(done.until)}.` : undefined });
  } catch (error) {
    if (error instanceof StandingRefused) return data({ error: error.message, memberId }, { status: error.status });
    throw error;
  }
}
