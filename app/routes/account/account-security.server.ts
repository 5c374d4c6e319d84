// The passkey and session forms of /account/security (and of /account, for a page left open from
// before the list moved). Adding or removing a passkey, and removing them all while signing out
// everywhere, first asks for the password or a fresh two-step code (confirm-identity.server.ts).
import { data } from "react-router";
import { PASSKEY_NAME_MAX } from "~/components/passkeys/passkey-manager";
import { authMessage, callAuth, cookieHeaders } from "~/server/accounts/accounts.server";
import { confirmIdentity } from "~/server/accounts/accounts.server";
import { endSessions, isSessionIntent } from "~/server/accounts/accounts.server";
import { claimProof } from "~/server/accounts/accounts.server";
import type { Runtime } from "~/server/runtime.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Viewer } from "~/server/infra/viewer";

export { isSessionIntent };

const ASK_SECRET = "Enter your password (or, without one, a code from your authenticator app)";
const secretOf = (form: FormData) => String(form.get("secret") ?? "");

/** The member proves it is them; the proof then lets this session add a passkey for a few minutes. */
export async function confirmForPasskey(runtime: Runtime, request: Request, viewer: Viewer, form: FormData) {
  const intent = "passkey-confirm";
  const name = String(form.get("name") ?? "")
    .trim()
    .slice(0, PASSKEY_NAME_MAX);
  if (!name)
    return data({ intent, error: null, passkeyError: "Give the passkey a name, such as 'My phone', so you can tell your passkeys apart." }, { status: 400 });
  const confirmed = await confirmIdentity(runtime, request, viewer, secretOf(form), `${ASK_SECRET} to add a passkey.`);
  if (!confirmed.ok) return data({ intent, error: null, passkeyError: confirmed.message }, { status: confirmed.status });
  return { intent, error: null, passkeyConfirmed: { name, at: Date.now() } };
}

/** Renaming and removing passkeys are plain form posts; adding one happens in the browser. */
export async function passkeyAction(runtime: Runtime, request: Request, viewer: Viewer, intent: string, form: FormData) {
  const id = String(form.get("id") ?? "").slice(0, 200);
  if (intent === "passkey-add") {
    return data(
      { intent, error: null, passkeyError: "Adding a passkey needs JavaScript, because your browser creates the passkey. Turn JavaScript on and try again." },
      { status: 400 },
    );
  }
  if (intent === "passkey-rename") {
    const name = String(form.get("name") ?? "").trim();
    if (!name || name.length > PASSKEY_NAME_MAX) {
      return data({ intent, error: null, passkeyError: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.` }, { status: 400 });
    }
    const result = await callAuth(runtime, request, "/passkey/update-passkey", { id, name });
    if (!result.ok)
      return data(
        {
          intent,
          error: null,
          passkeyError: result.status === 429 ? authMessage(result) : "That passkey could not be renamed. Reload the page and try again.",
        },
        { status: 400 },
      );
    return redirectWithToast("/account/security", { title: "Passkey renamed", description: `It is now called '${name}'.` }, cookieHeaders(result.cookies));
  }
  // Removing asks first (the row then shows the password field), as adding does.
  if (intent === "passkey-remove-ask") return { intent, error: null, removing: id };
  const confirmed = await confirmIdentity(runtime, request, viewer, secretOf(form), `${ASK_SECRET} to remove this passkey.`);
  if (!confirmed.ok) return data({ intent, error: null, removing: id, passkeyError: confirmed.message }, { status: confirmed.status });
  const result = await callAuth(runtime, request, "/passkey/delete-passkey", { id });
  if (!result.ok) {
    // The proof was for this removal: it does not outlive a failed one.
    await claimProof(runtime.db, viewer.sessionId, viewer.id);
    return data(
      { intent, error: null, passkeyError: result.status === 429 ? authMessage(result) : "That passkey could not be removed. Reload the page and try again." },
      { status: 400 },
    );
  }
  return redirectWithToast("/account/security", { title: "Passkey removed", description: "You can no longer sign in with it." }, cookieHeaders(result.cookies));
}

/**
 * Ends one other session or all of them; removing the passkeys too takes the password or a fresh
 * two-step code, and without it nothing is done (not even the signing out). Says what happened.
 */
export async function endSessionsAsked(
  runtime: Runtime,
  request: Request,
  viewer: Viewer,
  intent: "revoke-session" | "revoke-others",
  form: FormData,
): Promise<{ ok: true; title: string; description?: string } | { ok: false; status: 400 | 429; message: string }> {
  const removePasskeys = intent === "revoke-others" && form.get("removePasskeys") === "true";
  if (removePasskeys) {
    const confirmed = await confirmIdentity(runtime, request, viewer, secretOf(form), `${ASK_SECRET} to remove your passkeys. Nothing was changed.`);
    if (!confirmed.ok) return confirmed;
    if (!(await claimProof(runtime.db, viewer.sessionId, viewer.id))) {
      return { ok: false, status: 400, message: "Please confirm it is you again. Nothing was changed." };
    }
  }
  const said = await endSessions(runtime, viewer, intent, { sessionId: String(form.get("sessionId") ?? ""), removePasskeys });
  return { ok: true, ...said };
}
