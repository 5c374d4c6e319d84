// Muting and unmuting, from a member's profile page (Mute) and the account page's list (Unmute):
// plain form posts that come back where they were sent from, with a message. Only the member's
// own list can change: a mute that is someone else's is refused.
import { data, redirect } from "react-router";
import { runtimeContext } from "~/server/context";
import { CannotMuteError, muteExists, muteMember, unmute } from "~/server/members/members.server";
import { requireUser } from "~/server/accounts/accounts.server";
import { HANDLE } from "~/server/members/members.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/account-muted";

/** Back to the profile the form was on, or to the account page's list. */
const backTo = (handle: string) => (HANDLE.test(handle) ? `/members/${handle}` : "/account#muted-members");

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const handle = String(form.get("handle") ?? "").slice(0, 60);
  const back = form.get("from") === "profile" ? backTo(handle) : "/account#muted-members";
  if (intent === "mute") {
    try {
      await muteMember(runtime, viewer.id, handle);
    } catch (error) {
      if (error instanceof CannotMuteError) return redirectWithToast(back, { title: "Not muted", description: error.message, variant: "destructive" });
      throw error;
    }
    return redirectWithToast(back, {
      title: "Muted",
      description: "Their posts are folded for you and they cannot notify you. They are not told. You can unmute them on your account page.",
    });
  }
  if (intent === "unmute") {
    const muteId = Number(form.get("muteId"));
    if (await unmute(runtime, viewer.id, muteId)) return redirectWithToast(back, { title: "Unmuted", description: "You see their posts as before." });
    // Someone else's mute is not this member's to remove (nor to learn of).
    if (await muteExists(runtime.db, muteId)) throw data(null, { status: 403 });
    return redirectWithToast(back, { title: "Already unmuted" });
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export function loader() {
  return redirect("/account#muted-members");
}
