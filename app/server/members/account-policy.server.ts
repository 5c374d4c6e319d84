// What a new password and a display name must not be. Passwords follow NIST SP 800-63B: a length
// from 8 to 128 characters, no composition rules, and never one of the passwords attackers try
// first (a list of about 49,000 common and breached passwords shipped with zxcvbn-ts, read
// offline). Display names must not pass their owner off as the site or its staff.
import { dictionary } from "@zxcvbn-ts/language-common";
import unhomoglyph from "unhomoglyph";
import { LIMITS } from "~/lib/limits";
import { displayNameField, visibleName } from "~/lib/validation";

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

// Names are compared by their confusable skeleton (Unicode UTS #39): the name as typed (after
// NFKC), decomposed, each character replaced by the prototype it is confused with (unhomoglyph
// carries Unicode's confusables table), decomposed again, invisible characters dropped. Case is
// folded only after that: folded first, "I" would become "i" and never meet "l" ("ADMlN" with a
// small L), which the table maps "I" to. The folded skeleton then joins what the table keeps
// apart by case ("rn" is the prototype of "m", "l" of "I"). Two additions to the table: Latin
// small capitals ("ᴀdmin") read as their capitals, and the digits and signs people write for
// letters ("Supp0rt", "4dmin"); accents do not matter.
const SMALL_CAPITALS: Record<string, string> = Object.fromEntries(
  [
    ..."\u1D00\u0299\u1D04\u1D05\u1D07\uA730\u0262\u029C\u026A\u1D0A\u1D0B\u029F\u1D0D\u0274\u1D0F\u1D18\uA7AF\u0280\uA731\u1D1B\u1D1C\u1D20\u1D21\u028F\u1D22",
  ].map((c, i) => [c, "ABCDEFGHIJKLMNOPQRSTUVWYZ"[i]]),
);
const WRITTEN_FOR: [RegExp, string][] = [
  [/rn/g, "m"],
  [/[l!]/g, "i"],
  [/[4@]/g, "a"],
  [/3/g, "e"],
  [/[5$]/g, "s"],
  [/7/g, "t"],
];

/** The UTS #39 skeleton of `text` (with small capitals as capitals), without accents or invisible characters. */
export function nameSkeleton(text: string) {
  const typed = text.normalize("NFKC").replace(/\p{Default_Ignorable_Code_Point}/gu, "");
  const capitals = [...typed].map((c) => SMALL_CAPITALS[c] ?? c).join("");
  return unhomoglyph(capitals.normalize("NFD")).normalize("NFD").replace(/\p{M}/gu, "");
}

/** What a name is compared by: its skeleton, case-folded, with the letters it may stand for. */
function comparable(text: string) {
  return WRITTEN_FOR.reduce((key, [sign, letter]) => key.replace(sign, letter), nameSkeleton(text).toLowerCase());
}

// Words that claim a role wherever they stand in a name ("Admin Jane", "Moderation Team").
const ROLE_WORDS = ["admin", "admins", "administrator", "administrators", "moderator", "moderators", "moderation", "mod", "mods", "staff"];
const TEAM_WORDS = ["support", "helpdesk", "sysadmin", "webmaster"];
// Names the site itself shows ('Anonymous', 'Community Author') or its brand, even inside a word.
const SITE_NAMES = ["capsiva", "anonymous", "communityauthor", "supportteam"];
// Roles glued to the start or end of a name ("JaneAdmin").
const EDGE_NAMES = ["admin", "administrator", "moderator", "moderation"];
// Whole names that speak for the site.
// "A member" is what a story by a member without a display name shows.
const WHOLE_NAMES = [...ROLE_WORDS, ...TEAM_WORDS, "team", "theteam", "official", "system", "root", "raccommunity", "racommunity", "amember"];

const keys = (words: string[]) => words.map(comparable);
const WHOLE = new Set(keys(WHOLE_NAMES));
const WORDS = new Set(keys([...ROLE_WORDS, ...TEAM_WORDS]));
const INSIDE = keys(SITE_NAMES);
const EDGES = keys(EDGE_NAMES);
// What separates words; the signs written for letters have become letters by then.
const SEPARATOR = /[^\p{L}\p{N}]+/gu;

/** Why `name` cannot be a display name because it poses as the site or its team, or null. */
export function displayNameProblem(name: string): string | null {
  const key = comparable(name);
  const compact = key.replace(SEPARATOR, "");
  if (!compact) return null;
  if (WHOLE.has(compact) || INSIDE.some((n) => compact.includes(n))) return RESERVED_NAME_MESSAGE;
  if (EDGES.some((n) => compact.startsWith(n) || compact.endsWith(n))) return RESERVED_NAME_MESSAGE;
  if (key.split(SEPARATOR).some((word) => WORDS.has(word))) return RESERVED_NAME_MESSAGE;
  return null;
}

/**
 * The one rule for every name stored (the sign-up form, the auth library's sign-up and
 * update-user, the account page, the name typed beside a post): the form's rules
 * (displayNameField) and no posing as the site. Returns the name as it is stored, or why not.
 */
export function checkDisplayName(raw: unknown): { name: string; problem: null } | { name: null; problem: string } {
  const parsed = displayNameField.safeParse(typeof raw === "string" ? raw : "");
  if (!parsed.success) return { name: null, problem: parsed.error.issues[0]?.message ?? "Please check your display name" };
  const problem = displayNameProblem(parsed.data);
  return problem ? { name: null, problem } : { name: parsed.data, problem: null };
}

/**
 * A stored display name as pages and mails show it, or null (shown as 'Anonymous'). Names stored
 * before the rules above are shown with what they may no longer hold taken out, and a name that
 * poses as the site is not shown at all.
 */
export function shownName(name: string | null | undefined): string | null {
  const visible = name ? visibleName(name) : "";
  return visible && !displayNameProblem(visible) ? visible : null;
}
