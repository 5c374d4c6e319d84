import { runtimeContext } from "~/server/context";
import { renderSitemap, SEO_CACHE_CONTROL, sitemapEntries } from "~/server/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = context.get(runtimeContext);
  const partParam = new URL(request.url).searchParams.get("part");
  const part = partParam === null ? undefined : /^\d{1,6}$/.test(partParam) ? Number(partParam) : NaN;
  const xml = renderSitemap(env.SITE_URL, await sitemapEntries(db), { part });
  if (xml === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SEO_CACHE_CONTROL },
  });
}
