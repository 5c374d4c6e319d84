import type { Route } from "./+types/rss";

export async function loader(_args: Route.LoaderArgs) {
  return new Response("", { status: 200 });
}
