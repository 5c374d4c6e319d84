import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { PasswordField } from "~/components/password-field";
import { FormAlert } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { LIMITS } from "~/lib/limits";
import { newPasswordField } from "~/lib/validation";
import { passwordProblem } from "~/server/members/members.server";
import { authMessage, callAuth, failureStatus } from "~/server/accounts/accounts.server";
import { runtimeContext } from "~/server/context";
import { removeAllPasskeys } from "~/server/accounts/accounts.server";
import type { Runtime } from "~/server/runtime.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/auth-reset";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Choose a new password", path: "/auth/reset", noindex: true });

// The page's address holds the reset token: no cache, shared or the browser's own, may keep it.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const error = url.searchParams.get("error");
  return { token: /^[A-Za-z0-9_-]{10,200}$/.test(token) ? token : "", invalid: Boolean(error) || !token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const parsed = newPasswordField.safeParse(form.get("password"));
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });
  const weak = passwordProblem(parsed.data);
  if (weak) return data({ error: weak }, { status: 400 });
  if (form.get("password") !== form.get("confirm")) return data({ error: "The two passwords do not match" }, { status: 400 });
  // Whose link it is, read before the reset uses it up: a passkey someone else added survives a
  // new password, so the form offers to remove them too.
  const removePasskeys = form.get("removePasskeys") === "true";
  const owner = removePasskeys && /^[A-Za-z0-9_-]{10,200}$/.test(token) ? await resetLinkOwner(runtime, token) : null;
  const result = await callAuth(runtime, request, "/reset-password", { newPassword: parsed.data, token });
  if (!result.ok) {
    const message =
      result.status === 429 || result.status === 503 ? authMessage(result) : "This reset link is invalid or has expired. Please ask for a new one.";
    return data({ error: message }, { status: failureStatus(result) });
  }
  const removed = owner ? await removeAllPasskeys(runtime.db, owner) : 0;
  const description = removed ? `Your passkeys were removed too. Sign in with your new password.` : "Sign in with your new password";
  return redirectWithToast("/auth", { title: "Password updated", description });
}

async function resetLinkOwner(runtime: Runtime, token: string) {
  const found = await (await runtime.auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
  return found && new Date(found.expiresAt) > new Date() ? found.value : null;
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Choose a new password</h1>
          <CardDescription>Use at least {LIMITS.passwordMin} characters. Common passwords are not accepted.</CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.invalid ? (
            <FormAlert title="This reset link is invalid or has expired">
              <Link to="/auth/forgot" className="underline">
                Ask for a new link
              </Link>
            </FormAlert>
          ) : (
            <Form method="post" className="grid gap-4">
              {result?.error ? <FormAlert title="Error">{result.error}</FormAlert> : null}
              <input type="hidden" name="token" value={loaderData.token} />
              <PasswordField
                id="reset-password"
                label="New password"
                name="password"
                autoComplete="new-password"
                required
                minLength={LIMITS.passwordMin}
                maxLength={LIMITS.passwordMax}
              />
              <PasswordField
                id="reset-confirm"
                label="Confirm new password"
                name="confirm"
                autoComplete="new-password"
                required
                minLength={LIMITS.passwordMin}
                maxLength={LIMITS.passwordMax}
              />
              <label htmlFor="reset-remove-passkeys" className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-3 text-base">
                <input id="reset-remove-passkeys" name="removePasskeys" type="checkbox" value="true" className="size-6 accent-primary" />
                Also remove all passkeys from my account
              </label>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save new password"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
