// The account page's notification emails card: how often a member is mailed, each choice with a
// line on what it means.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

// The choices for notification emails, in the order the form lists them.
export const EMAIL_OPTIONS: { value: string; label: string; hint: string }[] = [
  { value: "own", label: "At once, for answers to my questions", hint: "The default. Several answers to one question within 15 minutes come as one email." },
  { value: "instant", label: "At once, for everything", hint: "Answers to questions you follow, and when your answers help someone, too." },
  { value: "daily", label: "A daily digest", hint: "One email a day with everything new, if there is anything." },
  { value: "never", label: "Never", hint: "Notifications still show on the site." },
];

export function EmailNotificationsCard({ email, chosen, error, busy }: { email: string; chosen: string; error?: string; busy: boolean }) {
  return (
    <Card id="email-notifications" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Notification emails</CardTitle>
        <CardDescription>Emails go to {email}. Each has a link that stops them in one click, without signing in.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="email-notifications" />
          <fieldset className="grid gap-2" aria-describedby={error ? "emails-error" : undefined}>
            <legend className="mb-2 font-medium">Email me about notifications</legend>
            {EMAIL_OPTIONS.map((option) => (
              <label
                key={option.value}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name="emails"
                  value={option.value}
                  defaultChecked={chosen === option.value}
                  className="mt-1 size-5 shrink-0 accent-primary"
                  aria-describedby={`emails-${option.value}-hint`}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{option.label}</span>
                  <span id={`emails-${option.value}-hint`} className="text-sm text-muted-foreground">
                    {option.hint}
                  </span>
                </span>
              </label>
            ))}
            {error ? (
              <p id="emails-error" role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </fieldset>
          <Button type="submit" className="sm:justify-self-start" disabled={busy}>
            {busy ? "Saving..." : "Save email settings"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
