import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { FormAlert, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { safeRedirect } from "~/lib/safe-redirect";
import { seo, siteUrlFrom } from "~/lib/seo";
import { authMessage, callAuth, cookieHeaders } from "~/server/accounts/accounts.server";
import { runtimeContext } from "~/server/context";
import { getViewer } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/auth-two-factor";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Two-step verification", path: "/auth/two-factor", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (getViewer(context)) throw redirect("/");
  if (!(request.headers.get("cookie") ?? "").includes("two_factor=")) throw redirect("/auth");
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const method = form.get("method") === "backup" ? "backup" : "totp";
  const code = String(form.get("code") ?? "").replace(/\s+/g, "");
  const valid = method === "totp" ? /^\d{6}$/.test(code) : /^[A-Za-z0-9-]{6,40}$/.test(code);
  if (!valid) {
    return data(
      { method, error: method === "totp" ? "Enter the 6-digit code from your authenticator app" : "Enter one of your backup codes" },
      { status: 400 },
    );
  }
  const path = method === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  const result = await callAuth(runtime, request, path, { code });
  if (!result.ok) {
    const message =
      result.status === 429 || result.body.code === "TOTP_CODE_USED" ? authMessage(result) : "That code did not work. Please check it and try again.";
    return data({ method, error: message }, { status: result.status === 429 ? 429 : 400 });
  }
  return redirectWithToast(
    safeRedirect(form.get("redirectTo")),
    { title: "Welcome back!", description: "You have been successfully signed in" },
    cookieHeaders(result.cookies),
  );
}

export default function TwoFactorChallenge({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Two-step verification</h1>
          <CardDescription>Enter the 6-digit code from your authenticator app.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {result?.error ? <FormAlert title="Error">{result.error}</FormAlert> : null}
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="method" value="totp" />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <TextField
              id="totp-code"
              label="Authentication code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              required
              autoFocus
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Verifying..." : "Verify"}
            </Button>
          </Form>
          <details>
            <summary className="inline-flex min-h-11 cursor-pointer items-center underline">Use a backup code instead</summary>
            <Form method="post" className="mt-2 grid gap-4">
              <input type="hidden" name="method" value="backup" />
              <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              <TextField id="backup-code" label="Backup code" name="code" autoComplete="off" maxLength={40} required />
              <Button type="submit" variant="outline" disabled={busy}>
                Verify backup code
              </Button>
            </Form>
          </details>
        </CardContent>
      </Card>
    </div>
  );
}
