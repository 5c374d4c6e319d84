// The browser half of passkeys: Better Auth's passkey client asks the browser (WebAuthn) to create
// or use a passkey and sends the result to /api/auth. Pages load this module only when a person
// presses a passkey button, so it adds nothing to the pages that never use it.
import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";
import { passkeyMessage } from "./passkey-messages";

const client = createAuthClient({ baseURL: window.location.origin, basePath: "/api/auth", plugins: [passkeyClient()] });

export type PasskeyOutcome = { ok: true } | { ok: false; message: string };

const explain = (error: Parameters<typeof passkeyMessage>[0], doing: "add" | "sign-in") => passkeyMessage(error, doing, window.location.host);

export async function addPasskey(name: string): Promise<PasskeyOutcome> {
  const { error } = await client.passkey.addPasskey({ name });
  return error ? { ok: false, message: explain(error, "add") } : { ok: true };
}

export async function signInWithPasskey(): Promise<PasskeyOutcome> {
  const { error } = await client.signIn.passkey();
  return error ? { ok: false, message: explain(error, "sign-in") } : { ok: true };
}
