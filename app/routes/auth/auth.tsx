import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AgeConfirmation } from "~/components/age-confirmation";
import { ageProblem } from "~/lib/minimum-age";
import { FormAlert, TextField } from "~/components/form-field";
import { PasskeySignIn } from "~/components/passkeys/passkey-sign-in";
import { PasswordField } from "~/components/password-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { safeRedirect } from "~/lib/safe-redirect";
import { seo, siteUrlFrom } from "~/lib/seo";
import { useActionToast } from "~/lib/use-action-toast";
import { LIMITS } from "~/lib/limits";
import { fieldErrors, signInSchema, signUpSchema, type FieldErrors } from "~/lib/validation";
import { authMessage, callAuth, cookieHeaders, failureStatus } from "~/server/accounts/accounts.server";
import { runtimeContext } from "~/server/context";
import { checkDisplayName, passwordProblem } from "~/server/members/members.server";
import { typedName, typedNameProblem } from "~/server/accounts/accounts.server";
import { getViewer } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/auth";

type Tab = "signin" | "signup";

const WELCOME_BACK = { title: "Welcome back!", description: "You have been successfully signed in" };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteUrlFrom(matches), {
    title: "Sign in or join",
    description: "Sign in to the Capsiva RA Community or create a free account to ask questions and share your story.",
    path: "/auth",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  if (getViewer(context)) throw redirect("/");
  const url = new URL(request.url);
  return { redirectTo: safeRedirect(url.searchParams.get("redirectTo")), minimumAge: context.get(runtimeContext).env.MINIMUM_AGE };
}

interface ActionResult {
  intent: Tab;
  errors: FieldErrors;
  values: { email: string; displayName?: string };
  toast?: { id: string; title: string; description?: string; variant?: "destructive" | "default" };
  checkEmail?: boolean;
}

function failure(intent: Tab, email: string, message: string, status: number, retryAfter?: number) {
  return data<ActionResult>(
    {
      intent,
      errors: { form: message },
      values: { email },
      toast: { id: crypto.randomUUID(), title: "Error", description: message, variant: "destructive" },
    },
    { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  // After a passkey sign-in (done by the browser with the auth library), the same greeting as
  // after the other sign-ins; nothing to greet without a session.
  if (form.get("intent") === "passkey") {
    const to = safeRedirect(form.get("redirectTo"));
    return getViewer(context) ? redirectWithToast(to, WELCOME_BACK) : redirect("/auth");
  }
  const intent: Tab = form.get("intent") === "signup" ? "signup" : "signin";
  const email = String(form.get("email") ?? "").slice(0, 300);
  const redirectTo = safeRedirect(form.get("redirectTo"));

  if (intent === "signin") {
    const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) return data<ActionResult>({ intent, errors: fieldErrors(parsed.error), values: { email } }, { status: 400 });
    const result = await callAuth<{ twoFactorRedirect?: boolean }>(runtime, request, "/sign-in/email", parsed.data);
    if (!result.ok) {
      // Better Auth answers the same for an unknown email and a wrong password.
      return failure(intent, email, authMessage(result), failureStatus(result), result.retryAfter);
    }
    const headers = cookieHeaders(result.cookies);
    if (result.body.twoFactorRedirect) {
      return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
    }
    return redirectWithToast(redirectTo, WELCOME_BACK, headers);
  }

  const parsed = signUpSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  const displayName = typedName(form.get("displayName"));
  // The minimum age (MINIMUM_AGE, stated on /terms) is confirmed before anything is created.
  const age = form.get("ageConfirmed") === "yes" ? {} : { ageConfirmed: ageProblem(runtime.env.MINIMUM_AGE) };
  if (!parsed.success || age.ageConfirmed)
    return data<ActionResult>(
      { intent, errors: { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...age }, values: { email, displayName } },
      { status: 400 },
    );
  const weak = passwordProblem(parsed.data.password);
  if (weak) return data<ActionResult>({ intent, errors: { password: weak }, values: { email, displayName } }, { status: 400 });
  // The name their posts will appear under, chosen now (optional): saved once the account exists.
  const nameProblem = typedNameProblem(displayName);
  if (nameProblem) return data<ActionResult>({ intent, errors: { displayName: nameProblem }, values: { email, displayName } }, { status: 400 });
  const result = await callAuth<{ token?: string | null }>(runtime, request, "/sign-up/email", {
    ...parsed.data,
    name: displayName.trim() ? (checkDisplayName(displayName).name ?? "") : "",
    // Confirmed above; the library's sign-up asks every caller for it (auth.server.ts).
    ageConfirmed: true,
    // The confirmation mail's link comes back to where the member was going (the forum, say).
    callbackURL: redirectTo,
  });
  if (!result.ok) return failure(intent, email, authMessage(result), failureStatus(result), result.retryAfter);
  const toast = { title: "Account created!", description: "Welcome to the RA community" };
  if (runtime.env.requireEmailVerification || !result.cookies.some((c) => c.includes("session_token="))) {
    return data<ActionResult>({
      intent,
      errors: {},
      values: { email: "" },
      checkEmail: true,
      toast: { id: crypto.randomUUID(), ...toast },
    });
  }
  return redirectWithToast(redirectTo === "/" ? "/account?welcome=1" : redirectTo, toast, cookieHeaders(result.cookies));
}

function AuthForm({ tab, result, redirectTo, minimumAge }: { tab: Tab; result?: ActionResult; redirectTo: string; minimumAge: number }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === tab;
  const mine = result?.intent === tab ? result : undefined;
  const errors = mine?.errors ?? {};
  const prefix = tab === "signin" ? "signin" : "signup";
  return (
    <Form method="post" className="grid gap-4" data-form={tab === "signin" ? "sign-in" : "sign-up"} noValidate={false}>
      <input type="hidden" name="intent" value={tab} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {errors.form ? <FormAlert title="Error">{errors.form}</FormAlert> : null}
      {mine?.checkEmail ? (
        <FormAlert title="Account created!" variant="success">
          Welcome to the RA community. We have sent you an email: open the link in it to confirm your address and sign in.
        </FormAlert>
      ) : null}
      <TextField
        id={`${prefix}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={LIMITS.emailMax}
        defaultValue={mine?.values.email}
        error={errors.email}
      />
      <PasswordField
        id={`${prefix}-password`}
        label="Password"
        name="password"
        autoComplete={tab === "signin" ? "current-password" : "new-password"}
        required
        minLength={tab === "signup" ? LIMITS.passwordMin : undefined}
        maxLength={LIMITS.passwordMax}
        hint={
          tab === "signup"
            ? `At least ${LIMITS.passwordMin} characters. Common passwords are not accepted; a few unrelated words make a strong one.`
            : undefined
        }
        error={errors.password}
      />
      {tab === "signup" ? (
        <TextField
          id="signup-display-name"
          label="Display name (optional)"
          name="displayName"
          autoComplete="nickname"
          maxLength={LIMITS.displayNameMax}
          defaultValue={mine?.values.displayName}
          hint="What you write will appear under this name. Leave it empty to appear as ‘Anonymous’; you can choose one later on your account page."
          error={errors.displayName}
        />
      ) : null}
      {tab === "signup" ? <AgeConfirmation age={minimumAge} error={errors.ageConfirmed} /> : null}
      <Button type="submit" disabled={busy} className="w-full">
        {tab === "signin" ? (busy ? "Signing in..." : "Sign In") : busy ? "Creating account..." : "Create Account"}
      </Button>
      {tab === "signin" ? (
        <p className="text-center">
          <Link to="/auth/forgot" className="inline-flex min-h-11 items-center underline">
            Forgot your password?
          </Link>
        </p>
      ) : null}
    </Form>
  );
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  useActionToast(result);
  const [params] = useSearchParams();
  const tab: Tab = result?.intent ?? (params.get("tab") === "signup" ? "signup" : "signin");
  const tabs: { id: Tab; label: string }[] = [
    { id: "signin", label: "Sign In" },
    { id: "signup", label: "Sign Up" },
  ];
  const redirectQuery = loaderData.redirectTo !== "/" ? `&redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="mb-6 text-center">
        <h1 className="text-3xl font-bold">Join Our Community</h1>
        <p className="mt-2 text-lg text-muted-foreground">Connect with others who understand your journey</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Welcome</CardTitle>
          <CardDescription>Sign in to your account or create a new one to join our supportive community</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Tabs are links, so they work before JavaScript loads; the panel follows the URL. */}
          <div role="tablist" aria-label="Sign in or sign up" className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
            {tabs.map((t) => (
              <Link
                key={t.id}
                to={`?tab=${t.id}${redirectQuery}`}
                replace
                preventScrollReset
                role="tab"
                id={`tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`panel-${t.id}`}
                className={cn(
                  "flex min-h-11 items-center justify-center rounded-md font-medium focus-ring",
                  tab === t.id ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {t.label}
              </Link>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            <AuthForm key={tab} tab={tab} result={result} redirectTo={loaderData.redirectTo} minimumAge={loaderData.minimumAge} />
            {tab === "signin" ? <PasskeySignIn redirectTo={loaderData.redirectTo} /> : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
