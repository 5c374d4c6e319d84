// The browser half of passkeys: Better Auth's passkey client asks the browser (WebAuthn) to create
// or use a passkey and sends the result to /api/auth. Pages load this module only when a person
// presses a passkey button, so it adds nothing to the pages that never use it.
import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";

const client = createAuthClient({ baseURL: window.location.origin, basePath: "/api/auth", plugins: [passkeyClient()] });

export type PasskeyOutcome = { ok: true } | { ok: false; message: string };

interface ClientError {
  code?: string;
  message?: string;
  status?: number;
}

/** A sentence for the person, from what the browser or the server said. */
function explain(error: ClientError, doing: "add" | "sign-in"): string {
  const code = error.code ?? "";
  if (error.status === 429) return "Too many attempts. Please wait a minute and try again.";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || code === "PREVIOUSLY_REGISTERED") return "This device already holds a passkey for your account.";
  if (/CANCELLED|ABORTED|NotAllowed|ERROR_PASSTHROUGH|INVALID_DOMAIN/i.test(code) || /cancel|not allowed|timed out/i.test(error.message ?? "")) {
    return doing === "add"
      ? "No passkey was added: the request was cancelled or timed out. You can try again when you are ready."
      : "You were not signed in: the request was cancelled, timed out, or no passkey for this site was chosen. Try again, or sign in with your email and password.";
  }
  if (code === "PASSKEY_NOT_FOUND") return "This passkey is not linked to any account here. It may have been removed. Sign in with your email and password.";
  if (code === "SESSION_REQUIRED" || error.status === 401) {
    return doing === "add" ? "Please sign in again before adding a passkey." : error.message || "That passkey could not be used. Try again, or sign in with your password.";
  }
  return doing === "add" ? "The passkey could not be added. Please try again." : "That passkey could not be used. Try again, or sign in with your password.";
}

export async function addPasskey(name: string): Promise<PasskeyOutcome> {
  const { error } = await client.passkey.addPasskey({ name });
  return error ? { ok: false, message: explain(error, "add") } : { ok: true };
}

export async function signInWithPasskey(): Promise<PasskeyOutcome> {
  const { error } = await client.signIn.passkey();
  return error ? { ok: false, message: explain(error, "sign-in") } : { ok: true };
}
