// "Where you are signed in" on /account/security: each session with its device and last activity, a
// button to end any other one, and "sign out of all other sessions", which also offers to remove
// the account's passkeys: a passkey someone else added would otherwise outlive every sign-out.
// Removing them takes the password (or a two-step code), as adding one does.
import { Form } from "react-router";
import { FormAlert } from "~/components/form-field";
import { SecretField, type Reauth } from "~/components/passkeys/passkey-manager";
import { RelativeTime } from "~/components/relative-time";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export interface SessionItem {
  id: string;
  updatedAt: Date | string;
  device: string;
  current: boolean;
}

export function SignedInSessions({
  sessions,
  passkeyCount,
  reauth,
  error,
}: {
  sessions: SessionItem[];
  passkeyCount: number;
  reauth: Reauth;
  error?: string | null;
}) {
  return (
    <Card role="region" aria-labelledby="sessions-heading">
      <CardHeader>
        <CardTitle id="sessions-heading">Where you are signed in</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {error ? <FormAlert title="Error">{error}</FormAlert> : null}
        <ul className="grid gap-2">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <span className="min-w-0 wrap-anywhere">
                {s.device}
                <span className="block text-sm text-muted-foreground">
                  Last active <RelativeTime date={s.updatedAt} /> {s.current ? "· this browser" : ""}
                </span>
              </span>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="sessionId" value={s.id} />
                  <Button type="submit" variant="outline" size="sm">
                    Sign out this session
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {sessions.length > 1 || passkeyCount > 0 ? (
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="revoke-others" />
            {passkeyCount > 0 ? (
              <label htmlFor="revoke-passkeys" className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-3 text-base">
                <input id="revoke-passkeys" name="removePasskeys" type="checkbox" value="true" className="size-6 accent-primary" />
                {passkeyCount === 1 ? "Also remove my passkey" : `Also remove my ${passkeyCount} passkeys`}
              </label>
            ) : null}
            {passkeyCount > 0 ? (
              <div className="sm:max-w-sm">
                <SecretField
                  id="revoke-passkeys-secret"
                  reauth={reauth}
                  purpose="to remove your passkeys"
                  required={false}
                  hint="Needed only to remove them."
                />
              </div>
            ) : null}
            <Button type="submit" variant="outline" className="w-fit">
              Sign out of all other sessions
            </Button>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
