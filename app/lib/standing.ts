// The words and choices of a member's standing, shared by the server and the moderators' forms.
export const SILENCE_DAYS = [1, 7, 30] as const;
export const SILENCE_LABELS: Record<(typeof SILENCE_DAYS)[number], string> = { 1: "1 day", 7: "1 week", 30: "30 days" };

const UNTIL = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export const untilText = (until: Date | string) => `${UNTIL.format(new Date(until))} UTC`;

/** What a silenced member reads when they try to post: until when, and where to write meanwhile. */
export function silencedMessage(until: Date | string) {
  return `A moderator has paused your posting until ${untilText(until)}. You can still read and sign in. Nothing was posted. If you think this is a mistake, please write to the moderators through the contact page (/contact).`;
}

/** The end of a silence still running (ISO), or null: the notice above a form shows it. */
export function silenceOf(viewer: { silencedUntil?: string | null } | null | undefined): string | null {
  const until = viewer?.silencedUntil;
  return until && Date.parse(until) > Date.now() ? until : null;
}

/** What a suspended member reads at sign-in (only after their password or passkey was right). */
export const SUSPENDED_MESSAGE =
  "This account is suspended by the moderators, so it cannot sign in. If you think this is a mistake, please write to them through the contact page (/contact).";

/**
 * Whether `actor` may silence or suspend `target`: never themselves, never an admin (an admin can
 * change the role first), a moderator only when the actor is an admin.
 */
export function mayActOn(actor: { id: string; role: string }, target: { id: string | null; role: string }) {
  if (!target.id || actor.id === target.id || target.role === "admin") return false;
  if (actor.role === "admin") return true;
  return actor.role === "moderator" && target.role === "member";
}
