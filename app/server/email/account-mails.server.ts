// The words sign-up answers with instead of an account mail. The account mails themselves (reset
// link, address confirmation, a sign-up with a known address) are in app/mail/account-mails.tsx.
/**
 * What sign-up answers for an address that already has an account when new members are signed
 * in at once (no confirmation step): in our words, pointing to signing in or a new password.
 */
export const SIGN_UP_REFUSED_MESSAGE =
  "We could not create an account with this email address. If you already have one, sign in, or choose a new password with 'Forgot your password?'.";
