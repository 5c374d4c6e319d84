import { exportAccount } from "~/server/accounts/accounts.server";
import { runtimeContext } from "~/server/context";
import { requireUser } from "~/server/accounts/accounts.server";
import type { Route } from "./+types/account-export";

/** Everything the member has written, as a JSON download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const data = await exportAccount(context.get(runtimeContext).db, viewer.id);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="capsiva-community-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
