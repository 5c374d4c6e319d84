// Mute or Unmute on a member's profile page: a plain form (it works without scripts). Private:
// only the member who mutes sees it; the muted member is never told.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

export function MuteForm({ handle, name, muteId }: { handle: string; name: string; muteId: number | null }) {
  return (
    <Form method="post" action="/account/muted" className="flex flex-wrap items-center gap-2 pt-2" data-mute-form="">
      <input type="hidden" name="intent" value={muteId === null ? "mute" : "unmute"} />
      <input type="hidden" name="handle" value={handle} />
      <input type="hidden" name="from" value="profile" />
      {muteId === null ? null : <input type="hidden" name="muteId" value={muteId} />}
      {muteId === null ? (
        <span className="text-sm text-muted-foreground">Muting folds their posts for you and stops their notifications. They are not told.</span>
      ) : (
        <span className="text-sm">You muted {name}. Only you can see this.</span>
      )}
      <Button type="submit" variant="outline" size="sm">
        {muteId === null ? `Mute ${name}` : `Unmute ${name}`}
      </Button>
    </Form>
  );
}

/** The account page's list of muted members, each with Unmute. */
export function MutedMembers({ muted }: { muted: { id: number; name: string; handle: string | null }[] }) {
  return (
    <section aria-labelledby="muted-members" className="grid gap-3" data-muted-members="">
      <h2 id="muted-members" className="text-2xl font-semibold">
        Muted members
      </h2>
      <p className="text-muted-foreground">
        Their questions and answers are folded for you, and they cannot notify you. Only you see this list; they are not told.
      </p>
      {muted.length === 0 ? (
        <p>You have not muted anyone. You can mute a member from their profile page.</p>
      ) : (
        <ul className="grid gap-2">
          {muted.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-3">
              <span className="font-medium wrap-anywhere">{m.name}</span>
              <Form method="post" action="/account/muted">
                <input type="hidden" name="intent" value="unmute" />
                <input type="hidden" name="muteId" value={m.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Unmute ${m.name}`}>
                  Unmute
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
