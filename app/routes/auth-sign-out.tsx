import { redirect } from "react-router";
import { runtimeContext } from "~/server/context";
import { isDatabaseUnavailable } from "~/server/db.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/auth-sign-out";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, log } = context.get(runtimeContext);
  try {
    const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirectWithToast("/", { title: "Signed out", description: "You have been successfully signed out" }, headers);
  } catch (error) {
    // An outage answers 503 in the site's layout (entry.server.tsx), not "Failed to sign out".
    if (isDatabaseUnavailable(error)) throw error;
    log.error({ err: error }, "sign out failed");
    return redirectWithToast("/", { title: "Failed to sign out", variant: "destructive" });
  }
}

// A page route, not a resource route: an error (the database away) is answered by the site's
// error page, in its layout, rather than a bare line of text.
export default function SignOut() {
  return null;
}
