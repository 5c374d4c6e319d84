import { data, Form, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { useActionToast } from "~/lib/use-action-toast";
import { requestOutcomeContext, runtimeContext } from "~/server/context";
import { isDatabaseUnavailable } from "~/server/infra/db.server";
import { databaseAway } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/auth-sign-out";

// A visit goes home. After a sign-out that failed because the database is away, the page itself
// is the answer (its loader runs after the action): it says so.
export async function loader({ context }: Route.LoaderArgs) {
  if (databaseAway(context)) return null;
  return redirect("/");
}

const FAILED = "Failed to sign out";

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, database, log } = context.get(runtimeContext);
  try {
    // The auth library reports success even when it could not delete the session: the member
    // would look signed out here while the session lived on. Only with the database there.
    await database.ping();
    const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirectWithToast("/", { title: "Signed out", description: "You have been successfully signed out" }, headers);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      // Still signed in, and told so: a 503 page in the site's layout that says why, with the toast.
      log.warn({ err: error }, "sign out failed: the database is unavailable");
      const outcome = context.get(requestOutcomeContext);
      if (outcome) outcome.databaseUnavailable = true;
      return data(
        {
          toast: {
            id: crypto.randomUUID(),
            title: FAILED,
            description: "You are still signed in. Please try again in a moment.",
            variant: "destructive" as const,
          },
        },
        { status: 503 },
      );
    }
    log.error({ err: error }, "sign out failed");
    return redirectWithToast("/", { title: FAILED, variant: "destructive" });
  }
}

// A page route, not a resource route: a refusal is answered in the site's layout.
export default function SignOut({ actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  if (!actionData) return null;
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{FAILED}</h1>
      <p className="text-xl text-muted-foreground">
        Temporarily unavailable: the site cannot reach its database, so you are still signed in. Please try again in a moment.
      </p>
      <Form method="post" action="/auth/sign-out">
        <Button type="submit">Try again</Button>
      </Form>
    </div>
  );
}
