import QRCode from "qrcode";
import { data, Link, useActionData, useNavigation } from "react-router";
import { SignedInSessions } from "~/components/account/signed-in-sessions";
import { TurnOffTwoStep, TwoStepSection, type Enrolment } from "~/components/two-step/two-step-section";
import { PasskeyManager, type PasskeyItem } from "~/components/passkeys/passkey-manager";
import { seo, siteUrlFrom } from "~/lib/seo";
import { useActionToast } from "~/lib/use-action-toast";
import { LIMITS } from "~/lib/limits";
import { authMessage, callAuth, cookieHeaders } from "~/server/accounts/accounts.server";
import { runtimeContext } from "~/server/context";
import { memberSessions } from "~/server/accounts/accounts.server";
import { memberPasskeys } from "~/server/accounts/accounts.server";
import { reauthMethod } from "~/server/accounts/accounts.server";
import { confirmForPasskey, isSessionIntent, passkeyAction, endSessionsAsked } from "./account-security.server";
import { requireUser } from "~/server/accounts/accounts.server";
import { redirectWithToast } from "~/server/infra/toast.server";
import type { Route } from "./+types/account-security";

export const meta: Route.MetaFunction = ({ matches }) => seo(siteUrlFrom(matches), { title: "Sign-in and security", path: "/account/security", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const { db } = context.get(runtimeContext);
  const [rows, reauth, signedIn] = await Promise.all([memberPasskeys(db, viewer.id), reauthMethod(db, viewer.id), memberSessions(db, viewer)]);
  const passkeys: PasskeyItem[] = rows.map((p) => ({
    id: p.id,
    name: p.name?.trim() || "Passkey",
    createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null,
    lastUsedAt: p.lastUsedAt ? new Date(p.lastUsedAt).toISOString() : null,
  }));
  return { enabled: viewer.twoFactorEnabled, aal: viewer.aal, passkeys, reauth, ...signedIn };
}

async function enrolment(totpURI: string, backupCodes: string[]): Promise<Enrolment> {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(totpURI, { type: "svg", margin: 1, width: 220, errorCorrectionLevel: "M" });
  return { totpURI, secret, qrSvg, backupCodes };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireUser(request, context);
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const password = String(form.get("password") ?? "").slice(0, LIMITS.passwordMax + 1);
  if (intent === "passkey-confirm") return confirmForPasskey(runtime, request, viewer, form);
  if (intent.startsWith("passkey-")) return passkeyAction(runtime, request, viewer, intent, form);
  if (isSessionIntent(intent)) {
    const said = await endSessionsAsked(runtime, request, viewer, intent, form);
    if (!said.ok) return data({ intent, error: null, sessionsError: said.message }, { status: said.status });
    return { intent, error: null, toast: { id: crypto.randomUUID(), title: said.title, description: said.description } };
  }

  if (intent === "enable") {
    const result = await callAuth<{ totpURI: string; backupCodes: string[] }>(runtime, request, "/two-factor/enable", { password });
    if (!result.ok) return data({ intent, error: result.status === 429 ? authMessage(result) : "Your password is not correct." }, { status: 400 });
    return { intent, error: null, enrolment: await enrolment(result.body.totpURI, result.body.backupCodes) };
  }
  if (intent === "verify") {
    const code = String(form.get("code") ?? "").replace(/\s+/g, "");
    const totpURI = String(form.get("totpURI") ?? "");
    const backupCodes = String(form.get("backupCodes") ?? "")
      .split(",")
      .filter(Boolean)
      .slice(0, 20);
    const again = totpURI.startsWith("otpauth://") ? await enrolment(totpURI, backupCodes) : undefined;
    if (!/^\d{6}$/.test(code)) return data({ intent, error: "Enter the 6-digit code from your authenticator app", enrolment: again }, { status: 400 });
    const result = await callAuth(runtime, request, "/two-factor/verify-totp", { code });
    if (!result.ok) {
      const message =
        result.status === 429 || result.body.code === "TOTP_CODE_USED"
          ? authMessage(result)
          : "That code did not work. Check the time on your phone and try again.";
      return data({ intent, error: message, enrolment: again }, { status: 400 });
    }
    return redirectWithToast(
      "/account/security",
      { title: "Two-step verification is on", description: "You will be asked for a code when you sign in." },
      cookieHeaders(result.cookies),
    );
  }
  if (intent === "disable") {
    const result = await callAuth(runtime, request, "/two-factor/disable", { password });
    if (!result.ok) return data({ intent, error: result.status === 429 ? authMessage(result) : "Your password is not correct." }, { status: 400 });
    return redirectWithToast("/account/security", { title: "Two-step verification is off" }, cookieHeaders(result.cookies));
  }
  if (intent === "backup-codes") {
    const result = await callAuth<{ backupCodes: string[] }>(runtime, request, "/two-factor/generate-backup-codes", { password });
    if (!result.ok) return data({ intent, error: result.status === 429 ? authMessage(result) : "Your password is not correct." }, { status: 400 });
    return { intent, error: null, newBackupCodes: result.body.backupCodes };
  }
  return data({ intent, error: "Unknown action" }, { status: 400 });
}

type ActionData = {
  intent: string;
  error: string | null;
  passkeyError?: string;
  removing?: string;
  sessionsError?: string;
  passkeyConfirmed?: { name: string; at: number };
  enrolment?: Enrolment;
  newBackupCodes?: string[];
  toast?: { id: string; title: string; description?: string };
};

/** Ordered by how often members use each part: passkeys, two-step, sessions, and the danger zone last. */
export default function Security({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionData | undefined;
  useActionToast(result);
  const busy = useNavigation().state === "submitting";
  const turnOffError = result?.intent === "disable" ? result.error : null;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8">
      <p>
        <Link to="/account" className="inline-flex min-h-11 items-center underline">
          ← Back to your account
        </Link>
      </p>
      <h1 className="text-3xl font-bold">Sign-in and security</h1>
      <PasskeyManager
        passkeys={loaderData.passkeys}
        reauth={loaderData.reauth}
        error={result?.passkeyError}
        removing={result?.removing}
        signedInWithPasskey={loaderData.aal === "aal2" && !loaderData.enabled}
      />
      <TwoStepSection
        enabled={loaderData.enabled}
        aal={loaderData.aal}
        enrolment={result?.enrolment}
        newBackupCodes={result?.newBackupCodes}
        error={turnOffError ? null : result?.error}
        busy={busy}
      />
      <SignedInSessions sessions={loaderData.sessions} passkeyCount={loaderData.passkeyCount} reauth={loaderData.reauth} error={result?.sessionsError} />
      {loaderData.enabled ? <TurnOffTwoStep error={turnOffError} busy={busy} /> : null}
    </div>
  );
}
