// What a call to the auth library changed, as change tags: the library writes in its own
// transactions, so its calls are named after the fact (auth.server.ts's after hook). Starting a
// session changes nothing anyone has cached; ending one, or changing a member's password, two-step
// settings, passkeys, address, name or role, makes their remembered sessions stale everywhere.
import { tag } from "~/server/infra/change-tags.server";

// Calls that only read, or only start a new session (nothing cached knows the new one yet).
const READ_ONLY = new Set(["/get-session", "/token", "/jwks", "/list-sessions", "/list-accounts", "/ok", "/error"]);
const STARTS_A_SESSION = /^\/(sign-in\/|passkey\/verify-authentication$|passkey\/generate-authenticate-options$)/;

/**
 * The tags of a successful call to `path` by `memberId` (when the library knows who it was for):
 * that member's account, and their name where it shows; every remembered session when nobody is
 * known (a sign-out or a reset by mailed link).
 */
export function authChangeTags(path: string, memberId: string | undefined, hadSession: boolean): string[] {
  if (READ_ONLY.has(path) || STARTS_A_SESSION.test(path)) return [];
  // A new member changes the members' count, and nothing else anyone has seen.
  if (path.startsWith("/sign-up/")) return [tag.members];
  // Two-step codes finish a sign-in (nothing to forget) unless a member turns two-step on.
  if (path.startsWith("/two-factor/verify-") && !hadSession) return [];
  if (!memberId) return [tag.sessions];
  if (path === "/delete-user") return [tag.account(memberId), tag.member(memberId), tag.members, tag.profiles];
  return path === "/update-user" ? [tag.account(memberId), tag.member(memberId)] : [tag.account(memberId)];
}
