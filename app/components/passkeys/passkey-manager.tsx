// The Passkeys card on /account/security: the member's passkeys with their names and dates, a form
// to add one (the member first confirms their password or a two-step code on the server, then the
// browser creates the passkey, so adding needs JavaScript), and per passkey a rename and a remove
// form that are ordinary form posts (removing asks for the password or code too, on a second step).
import * as React from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import { FormAlert, TextField } from "~/components/form-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { browserSupportsPasskeys, NO_PASSKEY_SUPPORT } from "./passkey-support";

export const PASSKEY_NAME_MAX = 50;

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string | null;
  lastUsedAt: string | null;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export type Reauth = "password" | "code" | "none";

/** The field a member proves it is them with: their password, or without one a two-step code. */
export function SecretField({
  id,
  reauth,
  purpose,
  hint,
  required = true,
}: {
  id: string;
  reauth: Reauth;
  /** What the password is for, when the page has more than one such field ("to remove this passkey"). */
  purpose?: string;
  hint?: string;
  required?: boolean;
}) {
  const what = purpose ? `, ${purpose}` : "";
  return reauth === "code" ? (
    <TextField
      id={id}
      label={`6-digit code from your authenticator app${what}`}
      name="secret"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      required={required}
      hint={hint}
    />
  ) : (
    <TextField id={id} label={`Your password${what}`} name="secret" type="password" autoComplete="current-password" required={required} hint={hint} />
  );
}

function RemoveForm({ passkey, busy, reauth, asking }: { passkey: PasskeyItem; busy: boolean; reauth: Reauth; asking: boolean }) {
  if (!asking)
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="passkey-remove-ask" />
        <input type="hidden" name="id" value={passkey.id} />
        <Button type="submit" variant="destructive" disabled={busy} aria-label={`Remove passkey ${passkey.name}`}>
          Remove
        </Button>
      </Form>
    );
  return (
    <Form method="post" className="grid gap-3 rounded-md border-2 border-destructive p-3">
      <input type="hidden" name="intent" value="passkey-delete" />
      <input type="hidden" name="id" value={passkey.id} />
      <p className="font-medium">{`Remove '${passkey.name}'? You will no longer be able to sign in with it.`}</p>
      <SecretField
        id={`remove-passkey-secret-${passkey.id}`}
        reauth={reauth}
        purpose="to remove this passkey"
        hint="Removing a passkey changes how you sign in, so we check it is you first."
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={busy}>
          Remove passkey
        </Button>
        <Link to="/account/security" className={buttonVariants({ variant: "outline" })}>
          Keep it
        </Link>
      </div>
    </Form>
  );
}

function PasskeyRow({ passkey, busy, reauth, removing }: { passkey: PasskeyItem; busy: boolean; reauth: Reauth; removing: boolean }) {
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-passkey={passkey.name}>
      <div>
        <p className="font-semibold break-words">{passkey.name}</p>
        <p className="text-sm text-muted-foreground" data-passkey-dates="">
          {passkey.createdAt ? `Added ${dateFormat.format(new Date(passkey.createdAt))}. ` : null}
          {passkey.lastUsedAt ? `Last used to sign in ${dateFormat.format(new Date(passkey.lastUsedAt))}.` : "Not used to sign in yet."}
        </p>
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="passkey-rename" />
        <input type="hidden" name="id" value={passkey.id} />
        <div className="min-w-0 flex-1">
          <TextField
            id={`passkey-name-${passkey.id}`}
            label={`New name for ${passkey.name}`}
            name="name"
            defaultValue={passkey.name}
            required
            maxLength={PASSKEY_NAME_MAX}
          />
        </div>
        <Button type="submit" variant="outline" disabled={busy}>
          Rename
        </Button>
      </Form>
      <RemoveForm passkey={passkey} busy={busy} reauth={reauth} asking={removing} />
    </li>
  );
}

type Confirmation = { passkeyConfirmed?: { name: string; at: number }; passkeyError?: string };

export function PasskeyManager({
  passkeys,
  reauth,
  error,
  removing,
  signedInWithPasskey,
}: {
  passkeys: PasskeyItem[];
  reauth: Reauth;
  error?: string | null;
  /** The passkey whose removal waits for the password (or code). */
  removing?: string;
  signedInWithPasskey: boolean;
}) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const confirm = useFetcher<Confirmation>();
  const formRef = React.useRef<HTMLFormElement>(null);
  const handled = React.useRef<number | null>(null);
  const busyForm = navigation.state === "submitting";
  const [adding, setAdding] = React.useState(false);
  const [message, setMessage] = React.useState<{ kind: "error" | "success"; text: string } | null>(null);

  // Once the server has accepted the password (or code), the browser creates the passkey.
  const confirmed = confirm.state === "idle" ? confirm.data?.passkeyConfirmed : undefined;
  const refused = confirm.state === "idle" ? confirm.data?.passkeyError : undefined;
  React.useEffect(() => {
    if (refused) {
      setMessage({ kind: "error", text: refused });
      setAdding(false);
    }
  }, [refused, confirm.data]);
  React.useEffect(() => {
    if (!confirmed || handled.current === confirmed.at) return;
    handled.current = confirmed.at;
    void (async () => {
      try {
        const { addPasskey } = await import("~/lib/passkey-browser");
        const outcome = await addPasskey(confirmed.name);
        if (outcome.ok) {
          formRef.current?.reset();
          setMessage({ kind: "success", text: `Passkey '${confirmed.name}' added. Next time, choose "Sign in with a passkey" on the sign-in page.` });
          await revalidator.revalidate();
        } else {
          setMessage({ kind: "error", text: outcome.message });
        }
      } catch {
        setMessage({ kind: "error", text: "Something went wrong while adding your passkey. Please try again." });
      }
      setAdding(false);
    })();
  }, [confirmed, revalidator]);

  function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const name = String(fields.get("name") ?? "").trim();
    setMessage(null);
    if (!name) {
      setMessage({ kind: "error", text: "Give the passkey a name, such as 'My phone', so you can tell your passkeys apart." });
      return;
    }
    if (!browserSupportsPasskeys()) {
      setMessage({ kind: "error", text: NO_PASSKEY_SUPPORT });
      return;
    }
    setAdding(true);
    void confirm.submit({ intent: "passkey-confirm", name: name.slice(0, PASSKEY_NAME_MAX), secret: String(fields.get("secret") ?? "") }, { method: "post" });
  }

  return (
    <Card data-passkeys="">
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          A passkey lets you sign in with your fingerprint, face or device PIN instead of typing a password. It stays on your device, and signing in with it
          counts as two-step verification.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {signedInWithPasskey ? <p data-passkey-session="">You signed in with a passkey, so this session counts as two-step verified.</p> : null}
        {error ? <FormAlert title="Error">{error}</FormAlert> : null}
        {message ? (
          <FormAlert title={message.kind === "error" ? "Passkey not added" : "Passkey added"} variant={message.kind === "error" ? "destructive" : "success"}>
            {message.text}
          </FormAlert>
        ) : null}
        {passkeys.length ? (
          <ul className="grid gap-3" aria-label="Your passkeys">
            {passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} busy={busyForm} reauth={reauth} removing={removing === p.id} />
            ))}
          </ul>
        ) : (
          <p>You have no passkeys yet.</p>
        )}
        <form ref={formRef} method="post" onSubmit={add} className="grid gap-4 sm:max-w-sm" data-form="add-passkey">
          <input type="hidden" name="intent" value="passkey-add" />
          <TextField
            id="new-passkey-name"
            label="Name for the new passkey"
            name="name"
            required
            maxLength={PASSKEY_NAME_MAX}
            hint="For example 'My phone' or 'Work laptop'."
            autoComplete="off"
          />
          <SecretField
            id="new-passkey-secret"
            reauth={reauth}
            hint={reauth === "code" ? undefined : "A passkey is a new way into your account, so we check it is you first."}
          />
          <Button type="submit" disabled={adding}>
            {adding ? "Waiting for your device..." : "Add a passkey"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
