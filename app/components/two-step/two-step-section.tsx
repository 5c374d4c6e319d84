// Two-step verification on /account/security: its state (on, being set up, or off) with the form
// for the next step, and, apart in the page's danger zone, the form that turns it off. Each form
// shows its own error beside it.
import { Form } from "react-router";
import { DangerZone } from "~/components/danger-zone";
import { FormAlert, TextField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { AuthenticatorKey, BackupCodes } from "./setup-helpers";

export interface Enrolment {
  totpURI: string;
  secret: string;
  qrSvg: string;
  backupCodes: string[];
}

const subheading = "text-lg font-semibold leading-tight";

function StatusOn({ aal, newBackupCodes, busy }: { aal: string | null; newBackupCodes?: string[]; busy: boolean }) {
  return (
    <>
      <div className="grid gap-1">
        <h3 className={subheading}>Two-step verification is on</h3>
        <p className="text-muted-foreground">{aal === "aal2" ? "This browser has passed both steps." : "This browser has passed the password step."}</p>
      </div>
      <section aria-labelledby="backup-codes-heading" className="grid gap-4">
        <h3 id="backup-codes-heading" className={subheading}>
          Backup codes
        </h3>
        <p className="text-muted-foreground">New codes replace the old ones. Confirm your password to make them.</p>
        {newBackupCodes ? <BackupCodes codes={newBackupCodes} /> : null}
        <Form method="post" className="grid gap-4 sm:max-w-sm">
          <input type="hidden" name="intent" value="backup-codes" />
          <TextField id="codes-password" label="Password" name="password" type="password" autoComplete="current-password" required />
          <Button type="submit" variant="outline" disabled={busy}>
            Make new backup codes
          </Button>
        </Form>
      </section>
    </>
  );
}

function Enrolling({ enrolment, busy }: { enrolment: Enrolment; busy: boolean }) {
  return (
    <>
      <div className="grid gap-1">
        <h3 className={subheading}>Scan the code, then enter a code to finish</h3>
        <p className="text-muted-foreground">Scan this QR code with your authenticator app, or type the key in by hand.</p>
      </div>
      <div
        className="w-fit rounded-lg bg-white p-2"
        role="img"
        aria-label="QR code for your authenticator app"
        dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
      />
      <AuthenticatorKey totpURI={enrolment.totpURI} secret={enrolment.secret} />
      <BackupCodes codes={enrolment.backupCodes} />
      <Form method="post" className="grid gap-4 sm:max-w-sm">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="totpURI" value={enrolment.totpURI} />
        <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(",")} />
        <TextField id="verify-code" label="6-digit code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required />
        <Button type="submit" disabled={busy}>
          {busy ? "Verifying..." : "Verify and turn on"}
        </Button>
      </Form>
    </>
  );
}

function SetUp({ busy }: { busy: boolean }) {
  return (
    <>
      <div className="grid gap-1">
        <h3 className={subheading}>Set up two-step verification</h3>
        <p className="text-muted-foreground">Confirm your password to begin.</p>
      </div>
      <Form method="post" className="grid gap-4 sm:max-w-sm">
        <input type="hidden" name="intent" value="enable" />
        <TextField id="enable-password" label="Password" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" disabled={busy}>
          {busy ? "Starting..." : "Set up"}
        </Button>
      </Form>
    </>
  );
}

export function TwoStepSection(props: {
  enabled: boolean;
  aal: string | null;
  enrolment?: Enrolment;
  newBackupCodes?: string[];
  error?: string | null;
  busy: boolean;
}) {
  const { enabled, enrolment, busy } = props;
  return (
    <Card role="region" aria-labelledby="two-step-heading">
      <CardHeader>
        <CardTitle id="two-step-heading">Two-step verification</CardTitle>
        <CardDescription>
          With two-step verification, signing in needs your password and a 6-digit code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {props.error ? <FormAlert title="Error">{props.error}</FormAlert> : null}
        {enabled ? (
          <StatusOn aal={props.aal} newBackupCodes={props.newBackupCodes} busy={busy} />
        ) : enrolment ? (
          <Enrolling enrolment={enrolment} busy={busy} />
        ) : (
          <SetUp busy={busy} />
        )}
      </CardContent>
    </Card>
  );
}

/** Apart from the backup codes, with its own heading and password field, so the two password fields never read as one form. */
export function TurnOffTwoStep({ error, busy }: { error?: string | null; busy: boolean }) {
  return (
    <DangerZone id="turn-off-heading" title="Turn off two-step verification" description="Signing in will need only your password again.">
      {error ? <FormAlert title="Error">{error}</FormAlert> : null}
      <Form method="post" className="grid gap-4 sm:max-w-sm">
        <input type="hidden" name="intent" value="disable" />
        <TextField id="disable-password" label="Password to turn it off" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" variant="destructive" disabled={busy}>
          Turn off two-step verification
        </Button>
      </Form>
    </DangerZone>
  );
}
