// The account mails: a password reset link, an address to confirm, a sign-up with an address
// that already has an account, a passkey added. Each is a component; renderMail gives its HTML
// and the same words as plain text.
import { SITE_NAME } from "~/lib/seo";
import { PlainLink, renderMail } from "./mail-document";

export function resetPasswordMail(email: string, url: string) {
  return renderMail(
    `Reset your ${SITE_NAME} password`,
    <>
      <p>Someone asked to reset the password for {email}.</p>
      <p>To choose a new password, open this link within an hour:</p>
      <p>
        <PlainLink href={url} />
      </p>
      <p>If it was not you, ignore this message: your password stays as it is.</p>
    </>,
  );
}

export function confirmEmailMail(url: string) {
  return renderMail(
    `Confirm your email for the ${SITE_NAME}`,
    <>
      <p>Welcome to the RA community!</p>
      <p>Please confirm your email address by opening this link:</p>
      <p>
        <PlainLink href={url} />
      </p>
      <p>If you did not sign up, you can ignore this message.</p>
    </>,
  );
}

export function knownAddressMail(email: string, siteUrl: string) {
  return renderMail(
    `Someone tried to join the ${SITE_NAME} with your email`,
    <>
      <p>Someone tried to create an account with {email}, which already has one.</p>
      <p>
        If it was you, sign in at <PlainLink href={`${siteUrl}/auth`} /> or choose a new password at <PlainLink href={`${siteUrl}/auth/forgot`} />
      </p>
      <p>If it was not you, you can ignore this message: nothing has changed.</p>
    </>,
  );
}

export function passkeyAddedMail(input: { subject: string; email: string; passkeyName: string; siteUrl: string }) {
  return renderMail(
    input.subject,
    <>
      <p>
        A passkey named &apos;{input.passkeyName}&apos; was added to your {SITE_NAME} account ({input.email}). It lets someone sign in without your password.
      </p>
      <p>If it was you, there is nothing to do.</p>
      <p>
        If it was not, remove it now: <PlainLink href={`${input.siteUrl}/account/security`} />
      </p>
      <p>
        Then change your password: <PlainLink href={`${input.siteUrl}/account`} />
      </p>
    </>,
  );
}

/**
 * To every moderator when a member reports a post as possibly at risk: only that it waits and
 * where, never the post's words or who reported it.
 */
export function urgentReportMail(siteUrl: string) {
  return renderMail(
    "Urgent report: a member may be at risk",
    <>
      <p>A member reported a post because its author may be at risk of harming themselves.</p>
      <p>It is at the top of the reports. Please look at it now:</p>
      <p>
        <PlainLink href={`${siteUrl}/admin/reports`} />
      </p>
    </>,
  );
}
