// The words sign-up answers with instead of an account mail. The account mails themselves (reset
// link, address confirmation, a sign-up with a known address) are in app/mail/account-mails.tsx.
import { confirmEmailMail, knownAddressMail, resetPasswordMail } from "~/mail/account-mails";

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
  resetPasswordMail("", "").subject,
  confirmEmailMail("").subject,
  knownAddressMail("", "").subject,
  "To choose a new password, open this link",
  "Please confirm your email address by opening this link",
  "which already has one.",
];
