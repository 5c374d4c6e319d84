// Whether this browser can use passkeys at all (the WebAuthn API), checked before loading any
// passkey code so a person on an older browser gets a plain explanation instead of an error.

export const NO_PASSKEY_SUPPORT = "This browser cannot use passkeys. Try an up-to-date browser, or keep using your email and password.";

export function browserSupportsPasskeys() {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function" && Boolean(navigator.credentials);
}
