import QRCode from "qrcode";
import { data, Link, useActionData, useNavigation } from "react-router";
import { SignedInSessions } from "~/components/account/signed-in-sessions";
import { TurnOffTwoStep, TwoStepSection, type Enrolment } from "~/components/two-step/two-step-section";
import { PASSKEY_NAME_MAX, PasskeyManager, type PasskeyItem } from "~/components/passkeys/passkey-manager";
import { seo, siteUrlFrom } from "~/lib/seo";
import { useActionToast } from "~/lib/use-action-toast";
import { LIMITS } from "~/lib/limits";
import { authMessage, callAuth, cookieHeaders } from "~/server/auth-calls.server";
import { runtimeContext } from "~/server/context";
import { endSessions, isSessionIntent, memberSessions } from "~/server/member-sessions.server";
import { memberPasskeys } from "~/server/passkey.server";
import { isRateLimited } from "~/server/rate-limit.server";
import { proveIdentity, reauthMethod } from "~/server/reauth.server";
import type { Runtime } from "~/server/runtime.server";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
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

/**
 * Before a passkey is added, the member proves it is them (password, or a fresh two-step code
 * without one); the proof lets this session use the passkey endpoints for a few minutes.
 */
async function confirmForPasskey(runtime: Runtime, request: Request, viewer: { id: string; sessionId: string }, form: FormData) {
  const intent = "passkey-confirm";
  const secret = String(form.get("secret") ?? "").slice(0, LIMITS.passwordMax + 1);
  const name = String(form.get("name") ?? "")
    .trim()
    .slice(0, PASSKEY_NAME_MAX);
  if (!name)
    return data({ intent, error: null, passkeyError: "Give the passkey a name, such as 'My phone', so you can tell your passkeys apart." }, { status: 400 });
  if (!secret)
    return data(
      { intent, error: null, passkeyError: "Enter your password (or, without one, a code from your authenticator app) to add a passkey." },
      { status: 400 },
    );
  try {
    await runtime.limiter.consume("reauth", viewer.id);
  } catch (error) {
    if (isRateLimited(error)) return data({ intent, error: null, passkeyError: error.message }, { status: 429 });
    throw error;
  }
  const outcome = await proveIdentity({
    db: runtime.db,
    userId: viewer.id,
    sessionId: viewer.sessionId,
    secret,
    secretConfig: (await runtime.auth.$context).secretConfig,
    verifyPassword: async (password) => {
      try {
        await runtime.auth.api.verifyPassword({ body: { password }, headers: request.headers });
        return true;
      } catch {
        return false;
      }
    },
  });
  const refusal = {
    wrong: "That is not right. Check your password (or the code from your authenticator app) and try again.",
    used: "This code has already been used. Please wait for the next code from your authenticator app.",
    none: "Your account has no password or two-step verification to confirm it is you. Choose a password first (Forgot password on the sign-in page).",
  } as const;
  if (outcome !== "ok") return data({ intent, error: null, passkeyError: refusal[outcome] }, { status: 400 });
  return { intent, error: null, passkeyConfirmed: { name, at: Date.now() } };
}

/** Renaming and removing passkeys are plain form posts; adding one happens in the browser. */
async function passkeyAction(runtime: Runtime, request: Request, intent: string, form: FormData) {
  const id = String(form.get("id") ?? "").slice(0, 200);
  if (intent === "passkey-add") {
    return data(
      { intent, error: null, passkeyError: "Adding a passkey needs JavaScript, because your browser creates the passkey. Turn JavaScript on and try again." },
      { status: 400 },
    );
  }
  if (intent === "passkey-rename") {
    const name = String(form.get("name") ?? "").trim();
    if (!name || name.length > PASSKEY_NAME_MAX) {
      return data({ intent, error: null, passkeyError: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.` }, { status: 400 });
    }
    const result = await callAuth(runtime, request, "/passkey/update-passkey", { id, name });
    if (!result.ok)
      return data(
        {
          intent,
          error: null,
          passkeyError: result.status === 429 ? authMessage(result) : "That passkey could not be renamed. Reload the page and try again.",
        },
        { status: 400 },
      );
    return redirectWithToast("/account/security", { title: "Passkey renamed", description: `It is now called '${name}'.` }, cookieHeaders(result.cookies));
  }
  const result = await callAuth(runtime, request, "/passkey/delete-passkey", { id });
  if (!result.ok)
    return data(
      { intent, error: null, passkeyError: result.status === 429 ? authMessage(result) : "That passkey could not be removed. Reload the page and try again." },
      { status: 400 },
    );
  return redirectWithToast("/account/security", { title: "Passkey removed", description: "You can no longer sign in with it." }, cookieHeaders(result.cookies));
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
  if (intent.startsWith("passkey-")) return passkeyAction(runtime, request, intent, form);
  if (isSessionIntent(intent)) {
    const said = await endSessions(runtime, viewer, intent, {
      sessionId: String(form.get("sessionId") ?? ""),
      removePasskeys: form.get("removePasskeys") === "true",
    });
    return { intent, error: null, toast: { id: crypto.randomUUID(), ...said } };
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
      <SignedInSessions sessions={loaderData.sessions} passkeyCount={loaderData.passkeyCount} />
      {loaderData.enabled ? <TurnOffTwoStep error={turnOffError} busy={busy} /> : null}
    </div>
  );
}
