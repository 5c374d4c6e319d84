import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { listMuted } from "~/server/members/members.server";
import { MutedMembers } from "~/components/mute-form";
import { PasswordField } from "~/components/password-field";
import { FormAlert, TextField } from "~/components/form-field";
import { DeleteAccountCard } from "~/components/account/delete-account-card";
import { EMAIL_OPTIONS, EmailNotificationsCard } from "~/components/account/email-notifications-card";
import { YourStoriesCard } from "~/components/account/your-stories-card";
import { FollowedTopicsCard } from "~/components/account/followed-topics-card";
import { followedTopics } from "~/server/forum/forum.server";
import { LiveUpdatesCard } from "~/components/live/live-updates-card";
import { setLiveUpdates } from "~/server/infra/live.server";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { seo, siteUrlFrom } from "~/lib/seo";
import { withStop } from "~/lib/sentence";
import { useActionToast } from "~/lib/use-action-toast";
import { LIMITS } from "~/lib/limits";
import { newPasswordField } from "~/lib/validation";
import { deleteAccount, memberStories, passwordHash, setDisplayName } from "~/server/accounts/accounts.server";
import { checkDisplayName, passwordProblem } from "~/server/members/members.server";
import { authMessage, callAuth, cookieHeaders } from "~/server/accounts/accounts.server";
import { countMemberSecretCheck } from "~/server/accounts/accounts.server";
import { isRateLimited } from "~/server/infra/rate-limit.server";
import { runtimeContext } from "~/server/context";
import { profileSettings, setPublicProfile } from "~/server/members/members.server";
import { EMAIL_CHOICES, emailChoice, setEmailChoice, type EmailChoice } from "~/server/notifications/notifications.server";
import { requireUser } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import { endSessionsAsked } from "./account-security.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Your account", path: "/account", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { db } = context.get(runtimeContext);
  const [stories, profile, emails, topics, muted] = await Promise.all([
    memberStories(db, viewer.id),
    profileSettings(db, viewer.id),
    emailChoice(db, viewer.id),
    followedTopics(db, viewer.id),
    listMuted(db, viewer.id),
  ]);
  return {
    email: viewer.email,
    displayName: viewer.displayName,
    twoFactorEnabled: viewer.twoFactorEnabled,
    welcome: new URL(request.url).searchParams.has("welcome"),
    stories,
    followedTopics: topics,
    profile,
    emails,
    muted,
    liveUpdates: viewer.liveUpdates !== false,
  };
}

const toast = (title: string, description?: string, variant?: "destructive") => ({ id: crypto.randomUUID(), title, description, variant });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const runtime = context.get(runtimeContext);
  const { db } = runtime;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "display-name": {
      const checked = checkDisplayName(form.get("displayName"));
      if (checked.problem !== null) return data({ intent, errors: { displayName: checked.problem } }, { status: 400 });
      await setDisplayName(runtime, viewer.id, checked.name);
      return { intent, errors: {}, toast: toast("Display name saved", `Other members now see you as ${withStop(checked.name)}`) };
    }
    case "public-profile": {
      const on = form.get("publicProfile") === "on";
      const result = await setPublicProfile(runtime, viewer.id, on);
      if (!result.ok) return data({ intent, errors: { form: "Choose a display name first: a public profile shows it." } }, { status: 400 });
      return {
        intent,
        errors: {},
        toast: on
          ? toast("Public profile on", "Your name now links to your questions and answers.")
          : toast("Public profile off", "Your name no longer links anywhere."),
      };
    }
    case "email-notifications": {
      const choice = String(form.get("emails") ?? "");
      if (!(EMAIL_CHOICES as readonly string[]).includes(choice)) {
        return data({ intent, errors: { emails: "Choose how you want to hear about notifications" } }, { status: 400 });
      }
      await setEmailChoice(db, viewer.id, choice as EmailChoice);
      const chosen = EMAIL_OPTIONS.find((o) => o.value === choice)!;
      return {
        intent,
        errors: {},
        toast: toast(
          "Email settings saved",
          choice === "never" ? "You will get no notification emails." : `Notification emails: ${chosen.label.toLowerCase()}.`,
        ),
      };
    }
    case "live-updates": {
      const on = form.get("liveUpdates") === "on";
      await setLiveUpdates(runtime, viewer.id, on);
      return { intent, errors: {}, toast: on ? toast("Live updates on") : toast("Live updates off", "Pages change when you reload them.") };
    }
    case "change-password": {
      const next = newPasswordField.safeParse(form.get("newPassword"));
      if (!next.success) return data({ intent, errors: { newPassword: next.error.issues[0].message } }, { status: 400 });
      const weak = passwordProblem(next.data);
      if (weak) return data({ intent, errors: { newPassword: weak } }, { status: 400 });
      const result = await callAuth(runtime, request, "/change-password", {
        currentPassword: String(form.get("currentPassword") ?? ""),
        newPassword: next.data,
        revokeOtherSessions: true,
      });
      if (!result.ok) {
        const message = result.status === 429 ? authMessage(result) : "Your current password is not correct.";
        return data({ intent, errors: { currentPassword: message } }, { status: 400 });
      }
      return redirectWithToast(
        "/account",
        { title: "Password changed", description: "Your other sessions have been signed out." },
        cookieHeaders(result.cookies),
      );
    }
    case "revoke-session":
    case "revoke-others": {
      const said = await endSessionsAsked(runtime, request, viewer, intent, form);
      if (!said.ok) return data({ intent, errors: {}, toast: toast(said.message, undefined, "destructive") }, { status: said.status });
      return { intent, errors: {}, toast: toast(said.title, said.description) };
    }
    case "delete-account": {
      const content = form.get("content") === "delete" ? "delete" : form.get("content") === "keep" ? "keep" : null;
      if (!content) return data({ intent, errors: { content: "Choose what happens to your posts" } }, { status: 400 });
      // The try counts against the member's limits, as every password checked anywhere does.
      try {
        await countMemberSecretCheck((name, key) => runtime.limiter.consume(name, key), viewer);
      } catch (error) {
        if (isRateLimited(error)) return data({ intent, errors: { password: error.message } }, { status: 429 });
        throw error;
      }
      const hash = await passwordHash(db, viewer.id);
      const ctx = await runtime.auth.$context;
      const password = String(form.get("password") ?? "");
      if (!hash || !password || password.length > LIMITS.passwordMax || !(await ctx.password.verify({ hash, password }))) {
        return data({ intent, errors: { password: "Your password is not correct." } }, { status: 400 });
      }
      await deleteAccount(runtime, viewer.id, content);
      const headers = new Headers();
      headers.append("Set-Cookie", "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
      headers.append("Set-Cookie", "__Secure-better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
      return redirectWithToast(
        "/",
        {
          title: "Account deleted",
          description: content === "keep" ? "Your posts remain, shown as Anonymous." : "Your account and your posts have been deleted.",
        },
        headers,
      );
    }
    default:
      throw redirect("/account");
  }
}

type ActionData = { intent: string; errors: Record<string, string | undefined>; toast?: ReturnType<typeof toast> };

/** Changes with every save, so the field then shows the name as saved (trimmed). */
function savedNameKey(result: ActionData | undefined) {
  return result?.intent === "display-name" && result.toast ? result.toast.id : "loaded";
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionData | undefined;
  useActionToast(result);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors = (intent: string) => (result?.intent === intent ? result.errors : {});
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">Your account</h1>
        <p className="mt-1 wrap-anywhere text-muted-foreground">Signed in as {loaderData.email}</p>
      </div>

      {loaderData.welcome && !loaderData.displayName ? (
        <FormAlert title="Welcome to the RA community!" variant="success">
          Choose a display name below: it is what other members see next to your questions and answers.
        </FormAlert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Display name</CardTitle>
          <CardDescription>Shown next to what you write. Without one you appear as &lsquo;Anonymous&rsquo;.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4 sm:max-w-sm">
            <input type="hidden" name="intent" value="display-name" />
            <TextField
              key={savedNameKey(result)}
              id="display-name"
              label="Display name"
              name="displayName"
              required
              maxLength={LIMITS.displayNameMax}
              defaultValue={loaderData.displayName ?? ""}
              autoComplete="nickname"
              error={errors("display-name").displayName}
            />
            <Button type="submit" disabled={busy("display-name")}>
              {busy("display-name") ? "Saving..." : "Save display name"}
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Public profile</CardTitle>
          <CardDescription>
            Off unless you turn it on. It shows your display name, the month you joined, and the questions and answers readers can see. Search engines are asked
            not to list it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {errors("public-profile").form ? <FormAlert title="Error">{errors("public-profile").form}</FormAlert> : null}
          {!loaderData.profile.named ? (
            <p>Choose a display name first: a public profile shows it.</p>
          ) : (
            <>
              <p>
                {loaderData.profile.publicProfile ? "Your profile is public. " : "Your profile is private. "}
                {loaderData.profile.publicProfile && loaderData.profile.handle ? (
                  <Link to={`/members/${loaderData.profile.handle}`} className="inline-flex min-h-11 items-center underline">
                    View your public profile
                  </Link>
                ) : null}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="public-profile" />
                <input type="hidden" name="publicProfile" value={loaderData.profile.publicProfile ? "off" : "on"} />
                <Button type="submit" variant={loaderData.profile.publicProfile ? "outline" : "default"} disabled={busy("public-profile")}>
                  {loaderData.profile.publicProfile ? "Turn off my public profile" : "Turn on my public profile"}
                </Button>
              </Form>
            </>
          )}
        </CardContent>
      </Card>

      <EmailNotificationsCard
        email={loaderData.email}
        chosen={loaderData.emails}
        error={errors("email-notifications").emails}
        busy={busy("email-notifications")}
      />

      <LiveUpdatesCard on={loaderData.liveUpdates} busy={busy("live-updates")} />

      <YourStoriesCard stories={loaderData.stories} />
      <FollowedTopicsCard topics={loaderData.followedTopics} />

      <Card>
        <CardContent className="pt-6">
          <MutedMembers muted={loaderData.muted} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Security</CardTitle>
          <CardDescription>
            Two-step verification is {loaderData.twoFactorEnabled ? "on" : "off"}. Passkeys, two-step verification and where you are signed in are on{" "}
            <Link to="/account/security" className="underline">
              Sign-in and security
            </Link>
            .
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-8">
          <Form method="post" className="grid gap-4 sm:max-w-sm">
            <h3 className="text-lg font-semibold">Change password</h3>
            <input type="hidden" name="intent" value="change-password" />
            <PasswordField
              id="current-password"
              label="Current password"
              name="currentPassword"
              autoComplete="current-password"
              required
              maxLength={LIMITS.passwordMax}
              error={errors("change-password").currentPassword}
            />
            <PasswordField
              id="new-password"
              label="New password"
              name="newPassword"
              autoComplete="new-password"
              required
              minLength={LIMITS.passwordMin}
              maxLength={LIMITS.passwordMax}
              error={errors("change-password").newPassword}
            />
            <Button type="submit" disabled={busy("change-password")}>
              {busy("change-password") ? "Changing..." : "Change password"}
            </Button>
          </Form>

          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="secondary">
              Sign out
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Your data</CardTitle>
          <CardDescription>A copy of your questions, answers, stories and account details, in one file you can keep.</CardDescription>
        </CardHeader>
        <CardContent>
          <a href="/account/export" download className={buttonVariants({ variant: "outline" })}>
            Download my data
          </a>
        </CardContent>
      </Card>

      <DeleteAccountCard errors={errors("delete-account")} busy={busy("delete-account")} />
    </div>
  );
}
