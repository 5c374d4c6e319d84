import { redirect } from "react-router";
import { runtimeContext } from "~/server/context";
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
    log.error({ err: error }, "sign out failed");
    return redirectWithToast("/", { title: "Failed to sign out", variant: "destructive" });
  }
}
