import type { Route } from "./+types/sitemap";

export async function loader(_args: Route.LoaderArgs) {
  return new Response("", { status: 200 });
}
