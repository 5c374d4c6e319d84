import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { FormAlert, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { LIMITS } from "~/lib/limits";
import { emailField } from "~/lib/validation";
import { authMessage, callAuth, failureStatus } from "~/server/accounts/accounts.server";
import { runtimeContext } from "~/server/context";
import type { Route } from "./+types/auth-forgot";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Forgot your password?", path: "/auth/forgot", noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const parsed = emailField.safeParse(form.get("email"));
  if (!parsed.success) {
    return data({ sent: false, error: parsed.error.issues[0].message, email: String(form.get("email") ?? "") }, { status: 400 });
  }
  const result = await callAuth(runtime, request, "/request-password-reset", { email: parsed.data, redirectTo: "/auth/reset" });
  // Only a call that went through says a link was sent: a limit or an outage says what happened.
  if (!result.ok) {
    const headers = result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined;
    return data({ sent: false, error: authMessage(result), email: parsed.data }, { status: failureStatus(result), headers });
  }
  // The same answer whether or not an account exists for this address.
  return { sent: true, error: null, email: parsed.data };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Forgot your password?</h1>
          <CardDescription>Enter your email and we will send you a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent>
          {result?.sent ? (
            <FormAlert title="Check your email" variant="success">
              If an account exists for {result.email}, we have sent a link to reset the password. The link works for one hour.
            </FormAlert>
          ) : (
            <Form method="post" className="grid gap-4">
              <TextField
                id="forgot-email"
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={LIMITS.emailMax}
                defaultValue={result?.email}
                error={result?.error ?? undefined}
              />
              <Button type="submit" disabled={busy}>
                {busy ? "Sending..." : "Send reset link"}
              </Button>
            </Form>
          )}
          <p className="mt-4 text-center">
            <Link to="/auth" className="inline-flex min-h-11 items-center underline">
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
      <CardTitle className="sr-only">Password reset</CardTitle>
    </div>
  );
}
