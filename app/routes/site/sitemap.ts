import { runtimeContext } from "~/server/context";
import { sitemapList } from "~/server/site/site.server";
import { renderSitemap, SEO_CACHE_CONTROL } from "~/server/site/site.server";
import type { Route } from "./+types/sitemap";
import { pageQuery, type PageHandle } from "~/lib/page-query";

// The sitemap comes in parts when it is large (?part=N); any other part is not found (404s are not stored).
export const handle: PageHandle = { query: { part: (v) => v.length <= 7 } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const partParam = pageQuery(request.url, handle.query).get("part");
  const part = partParam === null ? undefined : /^\d{1,6}$/.test(partParam) ? Number(partParam) : NaN;
  const xml = renderSitemap(runtime.env.SITE_URL, await sitemapList(runtime), { part });
  if (xml === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SEO_CACHE_CONTROL },
  });
}
