import { runtimeContext } from "~/server/context";
import { renderRobots, SEO_CACHE_CONTROL } from "~/server/site/site.server";
import type { Route } from "./+types/robots";

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(runtimeContext);
  return new Response(renderRobots(env.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": SEO_CACHE_CONTROL },
  });
}
