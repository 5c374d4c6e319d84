// A post's web address made from its title: markup dropped (a title may show "<em>" as text,
// which is no part of what it says), then every script transliterated to plain Latin letters
// ("Утро" becomes "utro", "Größe" "groesse") by a maintained library rather than dropped.
import slugifyText from "@sindresorhus/slugify";

export const SLUG_MAX = 80;

export function slugify(title: string) {
  const text = title.replace(/<\/?[a-z][^<>]*>/gi, " ");
  return slugifyText(text, { decamelize: false }).slice(0, SLUG_MAX).replace(/-+$/g, "");
}
