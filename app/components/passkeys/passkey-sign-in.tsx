// "Sign in with a passkey" on /auth: the browser offers the passkeys it holds for this site, the
// person unlocks one (fingerprint, face or device PIN), and no password is typed.
import * as React from "react";
import { FormAlert } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { browserSupportsPasskeys, NO_PASSKEY_SUPPORT } from "./passkey-support";

export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const welcomeForm = React.useRef<HTMLFormElement>(null);

  async function signIn() {
    setError(null);
    if (!browserSupportsPasskeys()) {
      setError(NO_PASSKEY_SUPPORT);
      return;
    }
    setBusy(true);
    try {
      const { signInWithPasskey } = await import("~/lib/passkey-browser");
      const outcome = await signInWithPasskey();
      if (outcome.ok) {
        // A full load, so every part of the page (and the other tabs) sees the new session; it
        // goes through the sign-in page's action, which greets as the other sign-ins do.
        welcomeForm.current?.submit();
        return;
      }
      setError(outcome.message);
    } catch {
      setError("Something went wrong while using your passkey. Please try again, or sign in with your email and password.");
    }
    setBusy(false);
  }

  return (
    <div className="grid gap-3" data-passkey-sign-in="">
      <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <form ref={welcomeForm} method="post" action="/auth" hidden>
        <input type="hidden" name="intent" value="passkey" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
      </form>
      {error ? <FormAlert title="Passkey sign-in">{error}</FormAlert> : null}
      <Button type="button" variant="outline" className="w-full" onClick={signIn} disabled={busy} aria-describedby="passkey-sign-in-hint">
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
      <p id="passkey-sign-in-hint" className="text-center text-sm text-muted-foreground">
        Use your fingerprint, face or device PIN instead of typing a password. Add a passkey first on your account&rsquo;s security page.
      </p>
    </div>
  );
}
