import type { Route } from "./+types/account-export";

export async function loader(_args: Route.LoaderArgs) {
  return new Response("{}", { headers: { "Content-Type": "application/json" } });
}
