// What a new password and a display name must not be. Passwords follow NIST SP 800-63B: a length
// from 8 to 128 characters, no composition rules, and never one of the passwords attackers try
// first (a list of about 49,000 common and breached passwords shipped with zxcvbn-ts, read
// offline). Display names must not pass their owner off as the site or its staff.
import { dictionary } from "@zxcvbn-ts/language-common";
import { LIMITS } from "~/lib/limits";

let common: Set<string> | undefined;

function commonPasswords() {
  common ??= new Set(dictionary["passwords-common"]);
  return common;
}

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common ones and easy to guess. Please choose another: a few unrelated words make a strong one.";

/** Why `password` cannot be a new password, or null when it can. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < LIMITS.passwordMin) return `Password must be at least ${LIMITS.passwordMin} characters`;
  if ([...password].length > LIMITS.passwordMax) return `Password must be at most ${LIMITS.passwordMax} characters`;
  // The list is lower case; "Password1" is as guessable as "password1".
  if (commonPasswords().has(password.normalize("NFKC").toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  return null;
}

export const RESERVED_NAME_MESSAGE = "This display name belongs to the site or its team. Please choose another name.";

// Names compared with case, spacing, punctuation and look-alike digits taken out: "A.d.m.1.n",
// "capsiva_support" and "Community-Author" are the names they imitate.
const LOOKALIKES: Record<string, string> = { "0": "o", "1": "i", "!": "i", "|": "i", "3": "e", "4": "a", "@": "a", "5": "s", $: "s", "7": "t" };
const RESERVED = new Set([
  "admin",
  "admins",
  "administrator",
  "moderator",
  "moderators",
  "mod",
  "mods",
  "anonymous",
  "communityauthor",
  "staff",
  "support",
  "supportteam",
  "helpdesk",
  "team",
  "official",
  "system",
  "root",
  "sysadmin",
  "webmaster",
  "raccommunity",
  "racommunity",
]);
// Words that claim a role wherever they stand in a name ("Admin Jane", "Jane the moderator").
const ROLE_WORDS = new Set(["admin", "admins", "administrator", "moderator", "moderators", "mod", "mods", "staff", "sysadmin", "webmaster"]);
const ROLE_EDGES = /^(admin|administrator|moderator)|(admin|administrator|moderator)$/;
// Names the site itself shows ('Anonymous', 'Community Author') or its brand, anywhere.
const SITE_NAMES = /capsiva|anonymous|communityauthor|supportteam/;

function fold(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[0-9!|@$]/g, (c) => LOOKALIKES[c] ?? c);
}

/** Why `name` cannot be a display name, or null when it can. */
export function displayNameProblem(name: string): string | null {
  const folded = fold(name);
  const compact = folded.replace(/[^a-z0-9]/g, "");
  const words = folded.split(/[^a-z0-9]+/).filter(Boolean);
  if (!compact) return null;
  if (RESERVED.has(compact) || SITE_NAMES.test(compact) || ROLE_EDGES.test(compact)) return RESERVED_NAME_MESSAGE;
  if (words.some((w) => ROLE_WORDS.has(w))) return RESERVED_NAME_MESSAGE;
  return null;
}
