import type { Route } from "./+types/robots";

export async function loader(_args: Route.LoaderArgs) {
  return new Response("", { status: 200 });
}
