// What a passkey failure means, in a sentence for the person: apart from passkey-browser.ts,
// which loads the browser client, so that the words can be checked anywhere.

export interface ClientError {
  code?: string;
  message?: string;
  status?: number;
}

/** A sentence for the person, from what the browser or the server said; `host` is the page's address. */
export function passkeyMessage(error: ClientError, doing: "add" | "sign-in", host: string): string {
  const code = error.code ?? "";
  if (error.status === 429) return "Too many attempts. Please wait a minute and try again.";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || code === "PREVIOUSLY_REGISTERED") return "This device already holds a passkey for your account.";
  // The browser refuses a passkey for another address than the site's own (SITE_URL): opened at
  // 127.0.0.1 rather than localhost, say. Trying again cannot help; the right address can.
  if (/INVALID_DOMAIN|INVALID_RP_ID|SecurityError/i.test(code) || /invalid domain|SecurityError|relying party/i.test(error.message ?? "")) {
    return `Passkeys work only at this site's own address, and this page was opened at ${host}. Open the site at the address in its emails and try again${doing === "add" ? "" : ", or sign in with your email and password"}.`;
  }
  if (/CANCELLED|ABORTED|NotAllowed|ERROR_PASSTHROUGH/i.test(code) || /cancel|not allowed|timed out/i.test(error.message ?? "")) {
    return doing === "add"
      ? "No passkey was added: the request was cancelled or timed out. You can try again when you are ready."
      : "You were not signed in: the request was cancelled, timed out, or no passkey for this site was chosen. Try again, or sign in with your email and password.";
  }
  if (code === "PASSKEY_NOT_FOUND") return "This passkey is not linked to any account here. It may have been removed. Sign in with your email and password.";
  if (code === "SESSION_REQUIRED" || error.status === 401) {
    return doing === "add"
      ? "Please sign in again before adding a passkey."
      : error.message || "That passkey could not be used. Try again, or sign in with your password.";
  }
  return doing === "add" ? "The passkey could not be added. Please try again." : "That passkey could not be used. Try again, or sign in with your password.";
}
