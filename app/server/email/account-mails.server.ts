// The words of the account mails (reset link, address confirmation, a sign-up with a known
// address). They are queued in the outbox rather than sent inside the request, so answering
// takes as long for a registered address as for an unknown one.
const SITE = "Capsiva RA Community";

export interface AccountMailText {
  subject: string;
  text: string;
}

export function resetMail(email: string, url: string): AccountMailText {
  return {
    subject: `Reset your ${SITE} password`,
    text:
      `Someone asked to reset the password for ${email}.\n\n` +
      `To choose a new password, open this link within an hour:\n${url}\n\n` +
      "If it was not you, ignore this message: your password stays as it is.",
  };
}

export function confirmMail(url: string): AccountMailText {
  return {
    subject: `Confirm your email for the ${SITE}`,
    text:
      "Welcome to the RA community!\n\n" +
      `Please confirm your email address by opening this link:\n${url}\n\n` +
      "If you did not sign up, you can ignore this message.",
  };
}

export function knownAddressMail(email: string, siteUrl: string): AccountMailText {
  return {
    subject: `Someone tried to join the ${SITE} with your email`,
    text:
      `Someone tried to create an account with ${email}, which already has one.\n\n` +
      `If it was you, sign in at ${siteUrl}/auth or choose a new password at ${siteUrl}/auth/forgot.\n\n` +
      "If it was not you, you can ignore this message: nothing has changed.",
  };
}

/**
 * What sign-up answers for an address that already has an account when new members are signed
 * in at once (no confirmation step): in our words, pointing to signing in or a new password.
 */
export const SIGN_UP_REFUSED_MESSAGE =
  "We could not create an account with this email address. If you already have one, sign in, or choose a new password with 'Forgot your password?'.";

/**
 * Words each account mail of its kind holds, whatever it is about: a log line holding them is a
 * mail written out (the CI scan of the servers' logs refuses them).
 */
export const ACCOUNT_MAIL_WORDS = [
  resetMail("", "").subject,
  confirmMail("").subject,
  knownAddressMail("", "").subject,
  "To choose a new password, open this link",
  "Please confirm your email address by opening this link",
  "which already has one.",
];
