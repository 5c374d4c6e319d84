// The Passkeys card on /account/security: the member's passkeys with their names, a form to add
// one (the browser creates it, so adding needs JavaScript), and per passkey a rename and a remove
// form that are ordinary form posts.
import * as React from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { FormAlert, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { browserSupportsPasskeys, NO_PASSKEY_SUPPORT } from "./passkey-support";

export const PASSKEY_NAME_MAX = 50;

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string | null;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

function PasskeyRow({ passkey, busy }: { passkey: PasskeyItem; busy: boolean }) {
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-passkey={passkey.name}>
      <div>
        <p className="font-semibold break-words">{passkey.name}</p>
        {passkey.createdAt ? <p className="text-sm text-muted-foreground">Added {dateFormat.format(new Date(passkey.createdAt))}</p> : null}
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="passkey-rename" />
        <input type="hidden" name="id" value={passkey.id} />
        <div className="min-w-0 flex-1">
          <TextField id={`passkey-name-${passkey.id}`} label={`New name for ${passkey.name}`} name="name" defaultValue={passkey.name} required maxLength={PASSKEY_NAME_MAX} />
        </div>
        <Button type="submit" variant="outline" disabled={busy}>
          Rename
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="passkey-delete" />
        <input type="hidden" name="id" value={passkey.id} />
        <Button type="submit" variant="outline" disabled={busy} aria-label={`Remove passkey ${passkey.name}`}>
          Remove
        </Button>
      </Form>
    </li>
  );
}

export function PasskeyManager({ passkeys, error, signedInWithPasskey }: { passkeys: PasskeyItem[]; error?: string | null; signedInWithPasskey: boolean }) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busyForm = navigation.state === "submitting";
  const [adding, setAdding] = React.useState(false);
  const [message, setMessage] = React.useState<{ kind: "error" | "success"; text: string } | null>(null);

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
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
    try {
      const { addPasskey } = await import("~/lib/passkey-browser");
      const outcome = await addPasskey(name.slice(0, PASSKEY_NAME_MAX));
      if (outcome.ok) {
        form.reset();
        setMessage({ kind: "success", text: `Passkey '${name}' added. Next time, choose "Sign in with a passkey" on the sign-in page.` });
        await revalidator.revalidate();
      } else {
        setMessage({ kind: "error", text: outcome.message });
      }
    } catch {
      setMessage({ kind: "error", text: "Something went wrong while adding your passkey. Please try again." });
    }
    setAdding(false);
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
              <PasskeyRow key={p.id} passkey={p} busy={busyForm} />
            ))}
          </ul>
        ) : (
          <p>You have no passkeys yet.</p>
        )}
        <form method="post" onSubmit={add} className="grid gap-4 sm:max-w-sm" data-form="add-passkey">
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
          <Button type="submit" disabled={adding}>
            {adding ? "Waiting for your device..." : "Add a passkey"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
