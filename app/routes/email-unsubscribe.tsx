// One-click unsubscribe from notification mails, without signing in (RFC 8058). Mail programs
// POST to the address in the List-Unsubscribe header; a person who follows the link sees this
// page and presses the button. Opening the page changes nothing: link scanners open links too.
import { data, Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { emailChoice, setEmailChoice } from "~/server/email/outbox.server";
import type { Route } from "./+types/email-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Stop notification emails", path: "/email/unsubscribe", noindex: true });

// The address holds the member's unsubscribe token: no cache may keep the page.
export function headers() {
  return { "Cache-Control": "no-store" };
}

function memberOf(request: Request, context: Route.LoaderArgs["context"]) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return context.get(runtimeContext).unsubscribeTokens.verify(token);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const memberId = memberOf(request, context);
  if (!memberId) return data({ state: "invalid" as const }, { status: 400 });
  const choice = await emailChoice(context.get(runtimeContext).db, memberId);
  return { state: choice === "never" ? ("already" as const) : ("ask" as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const memberId = memberOf(request, context);
  if (!memberId) return data({ state: "invalid" as const }, { status: 400 });
  await setEmailChoice(context.get(runtimeContext).db, memberId, "never");
  return { state: "done" as const };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Stop notification emails</h1>
          <CardDescription>Notifications still show on the site when you sign in; only the emails stop.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {state === "invalid" ? (
            <FormAlert title="This unsubscribe link is not valid">
              Check that the whole link was copied from the email, or choose which emails you get on your{" "}
              <Link to="/account#email-notifications" className="underline">
                account page
              </Link>
              .
            </FormAlert>
          ) : state === "done" || state === "already" ? (
            <FormAlert variant="success" title={state === "done" ? "You are unsubscribed" : "You already get no notification emails"}>
              No more notification emails will be sent to you. You can turn them back on at any time on your{" "}
              <Link to="/account#email-notifications" className="underline">
                account page
              </Link>
              .
            </FormAlert>
          ) : (
            <Form method="post" replace>
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? "Unsubscribing..." : "Unsubscribe from notification emails"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
