// One-click unsubscribe from notification mails, without signing in (RFC 8058). Mail programs
// POST to the address in the List-Unsubscribe header; a person who follows the link sees this
// page and presses the button. Opening the page changes nothing: link scanners open links too.
import { data, Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { runtimeContext } from "~/server/context";
import { emailAddressOf, emailChoice, setEmailChoice } from "~/server/notifications/notifications.server";
import type { Route } from "./+types/email-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), { title: "Stop notification emails", path: "/email/unsubscribe", noindex: true });

// The address holds the member's unsubscribe token: no cache may keep the page.
export function headers() {
  return { "Cache-Control": "no-store" };
}

function memberOf(request: Request, context: Route.LoaderArgs["context"]) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return context.get(runtimeContext).unsubscribeTokens.verify(token);
}

/**
 * Which address the emails go to, partly hidden ("p•••@example.com"): enough for its owner to
 * know it, little for anyone the link was forwarded to.
 */
export function maskedAddress(email: string) {
  const at = email.lastIndexOf("@");
  return at < 1 ? "your address" : `${Array.from(email)[0]}•••${email.slice(at)}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const memberId = memberOf(request, context);
  if (!memberId) return data({ state: "invalid" as const, address: null }, { status: 400 });
  const { db } = context.get(runtimeContext);
  const [choice, email] = await Promise.all([emailChoice(db, memberId), emailAddressOf(db, memberId)]);
  return { state: choice === "never" ? ("already" as const) : ("ask" as const), address: email ? maskedAddress(email) : null };
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
          {loaderData.address ? <p>{`For the emails sent to ${loaderData.address}.`}</p> : null}
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
