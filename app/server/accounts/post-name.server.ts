// The display name typed beside a question, an answer or a sign-up. The name a post appears under
// is chosen where it is written, so nobody finds themselves shown as 'Anonymous' by surprise.
import { checkDisplayName } from "~/server/members/members.server";
import { setDisplayName } from "./account-data.server";
import type { Writer } from "~/server/infra/change-events.server";

/**
 * What is wrong with a typed name, held to the rules of /account (length, reserved names), or
 * null. Empty is allowed: it keeps the member's name, or none.
 */
export function typedNameProblem(raw: FormDataEntryValue | null): string | null {
  const typed = typeof raw === "string" ? raw : "";
  if (!typed.trim()) return null;
  return checkDisplayName(typed).problem;
}

/**
 * Saves the name typed beside a post when it is new. Returns the problem with it (nothing is then
 * saved and the post must not be made), or null. The name is the account's (setDisplayName names
 * what it changed: the member wherever their posts show, and their remembered sessions).
 */
export async function saveTypedName(
  runtime: Writer,
  member: { id: string; displayName: string | null },
  raw: FormDataEntryValue | null,
): Promise<string | null> {
  if (typeof raw !== "string" || !raw.trim()) return null;
  const checked = checkDisplayName(raw);
  if (checked.problem !== null) return checked.problem;
  if (checked.name === member.displayName) return null;
  await setDisplayName(runtime, member.id, checked.name);
  return null;
}

/** The typed name as the form gives it back after a refusal (so nothing typed is lost). */
export const typedName = (raw: FormDataEntryValue | null) => (typeof raw === "string" ? raw.slice(0, 200) : "");
