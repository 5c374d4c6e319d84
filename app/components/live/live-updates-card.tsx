// The account page's live updates card: whether open pages tell of new answers and notifications
// as they come. Off, pages change only when the member reloads them or checks for new answers.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export function LiveUpdatesCard({ on, busy }: { on: boolean; busy: boolean }) {
  return (
    <Card id="live-updates" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Live updates</CardTitle>
        <CardDescription>
          {on
            ? "On: while a question is open, a note tells you when new answers arrive, and your notifications count stays current."
            : "Off: pages change only when you reload them or choose Check for new answers."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post">
          <input type="hidden" name="intent" value="live-updates" />
          <input type="hidden" name="liveUpdates" value={on ? "off" : "on"} />
          <Button type="submit" variant={on ? "outline" : "default"} disabled={busy}>
            {busy ? "Saving..." : on ? "Turn live updates off" : "Turn live updates on"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
