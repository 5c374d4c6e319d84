// What a new password and a display name must not be. Passwords follow NIST SP 800-63B: a length
// from 8 to 128 characters, no composition rules, and never one of the passwords attackers try
// first (a list of about 49,000 common and breached passwords shipped with zxcvbn-ts, read
// offline). Display names must not pass their owner off as the site or its staff.
import { dictionary } from "@zxcvbn-ts/language-common";
import unhomoglyph from "unhomoglyph";
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

// Names are compared by their confusable skeleton (Unicode UTS #39): NFKC, case folding and the
// look-alike digits first, then every character mapped to the prototype it is confused with
// (unhomoglyph carries Unicode's confusables table), so "Аdmin" with a Cyrillic А, "Admın" with a
// dotless i and "Ａｄｍｉｎ" all become the skeleton of "admin"; spacing and punctuation go last.
const LOOKALIKES: Record<string, string> = { "0": "o", "1": "i", "!": "i", "|": "i", "3": "e", "4": "a", "@": "a", "5": "s", $: "s", "7": "t" };
const RESERVED_NAMES = [
  "admin",
  "admins",
  "administrator",
  "moderator",
  "moderators",
  "mod",
  "mods",
  "anonymous",
  "communityauthor",
  // What a story by a member without a display name shows.
  "amember",
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
];
// Words that claim a role wherever they stand in a name ("Admin Jane", "Jane the moderator").
const ROLE_NAMES = ["admin", "admins", "administrator", "moderator", "moderators", "mod", "mods", "staff", "sysadmin", "webmaster"];
const EDGE_NAMES = ["admin", "administrator", "moderator"];
// Names the site itself shows ('Anonymous', 'Community Author') or its brand, anywhere.
const SITE_NAME_PARTS = ["capsiva", "anonymous", "communityauthor", "supportteam"];

/** The confusable skeleton of `text`, folded to letters and digits and spaces between words. */
export function nameSkeleton(text: string) {
  const prototypes = (t: string) => unhomoglyph(t.normalize("NFD")).normalize("NFD").replace(/\p{M}/gu, "");
  const folded = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[0-9!|@$]/g, (c) => LOOKALIKES[c] ?? c);
  // Some letters fold to a lower case whose prototype is no Latin letter while their other case's
  // is (Cherokee's small letters map to small capitals): those go through that case. ASCII keeps
  // its own case ("I" would become "l").
  const ascii = /^[ -~]*$/;
  const mapped = [...folded].map((c) => {
    const own = prototypes(c);
    if (ascii.test(c) || ascii.test(own)) return own;
    const other = prototypes(c.toUpperCase());
    return ascii.test(other) ? other.toLowerCase() : own;
  });
  return prototypes(mapped.join("")).toLowerCase();
}

const compactOf = (skeleton: string) => skeleton.replace(/[^a-z0-9]/g, "");
const skeletons = (names: string[]) => names.map((n) => compactOf(nameSkeleton(n)));
const RESERVED = new Set(skeletons(RESERVED_NAMES));
const ROLE_WORDS = new Set(skeletons(ROLE_NAMES));
const EDGES = skeletons(EDGE_NAMES);
const SITE_NAMES = skeletons(SITE_NAME_PARTS);

/** Why `name` cannot be a display name, or null when it can. */
export function displayNameProblem(name: string): string | null {
  const skeleton = nameSkeleton(name);
  const compact = compactOf(skeleton);
  const words = skeleton.split(/[^a-z0-9]+/).filter(Boolean);
  if (!compact) return null;
  if (RESERVED.has(compact) || SITE_NAMES.some((n) => compact.includes(n))) return RESERVED_NAME_MESSAGE;
  if (EDGES.some((n) => compact.startsWith(n) || compact.endsWith(n))) return RESERVED_NAME_MESSAGE;
  if (words.some((w) => ROLE_WORDS.has(w))) return RESERVED_NAME_MESSAGE;
  return null;
}
