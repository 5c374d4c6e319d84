// The `headers` of a page that looks the same to every signed-out reader: shared caches may keep
// it but must ask again before each use. The root middleware turns it private for anyone who is
// not such a reader; what a loader or action set (Retry-After, its own Cache-Control) still counts.
import type { HeadersFunction } from "react-router";

export const PUBLIC_CACHE_CONTROL = "public, no-cache";

export const publicPage: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers({ "Cache-Control": PUBLIC_CACHE_CONTROL });
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) source?.forEach((value, name) => headers.set(name, value));
  return headers;
};
