// Browsers forgive a lot in a URL: they drop tabs and line breaks, read a backslash as a slash,
// and treat "//host" as another site. A target taken from a form or a query string is therefore
// parsed with the URL parser against a stand-in origin and kept only if it stays on that origin
// and its path, once percent-decoded, holds none of those characters.
const ORIGIN = "https://same-site.invalid";
// Controls, whitespace and backslashes, raw or (checked after decoding) percent-encoded.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0020\u007F-\u009F\u00A0\u1680\u2000-\u200F\u2028\u2029\u202F\u205F\u3000\uFEFF\\]/;

/** Only local paths may be returned to after signing in (never another site). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000 || UNSAFE.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (UNSAFE.test(path) || path.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
