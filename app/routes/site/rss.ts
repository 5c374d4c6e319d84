import { DEFAULT_DESCRIPTION, SITE_NAME } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { feedList } from "~/server/site/site.server";
import { renderRss, SEO_CACHE_CONTROL } from "~/server/site/site.server";
import type { Route } from "./+types/rss";

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const xml = renderRss({ siteUrl: runtime.env.SITE_URL, siteName: SITE_NAME, description: DEFAULT_DESCRIPTION }, await feedList(runtime));
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": SEO_CACHE_CONTROL },
  });
}
