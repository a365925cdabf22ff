// Kept apart from the schemas (accounts-admin.ts): pages that show these texts load no zod.

/** Who may create an account on this server (`SIGNUP`). */
export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** The longest an invitation may stay valid, and the most sign-ups one may allow. */
export const INVITATION_MAX_DAYS = 90;
export const INVITATION_MAX_USES = 1000;

/** Texts of sign-up modes, invitations, password reset and the admin page, in the app's voice. */
export const ACCESS_TEXT = {
  signupClosed: 'Sign-up is closed on this server. Ask the person who runs it for an account.',
  signupNeedsInvitation:
    'This server is invitation only. Open the invitation link you were sent to create your account.',
  invitationInvalid: 'This invitation link is no longer valid. Ask for a new one.',
  invitationAccepted: 'You were invited: create your account below.',
  accountDisabled: 'This account is disabled. Ask the person who runs this server.',
  forgotPassword: 'Forgot password?',
  resetTitle: 'Reset Password',
  resetRequestIntro: 'Enter your email and we will send you a link to choose a new password.',
  resetRequestButton: 'Send Reset Link',
  resetRequested:
    'If an account uses this email, a link to choose a new password is on its way. It works once, for one hour.',
  resetUnavailable:
    'Password reset by email is not set up on this server. Ask the person who runs it for a reset link.',
  newPasswordTitle: 'Choose a New Password',
  newPasswordButton: 'Set Password',
  resetDone: 'Password changed. Sign in with your new password.',
  resetLinkInvalid: 'This reset link is no longer valid. Ask for a new one.',
  mailResetSubject: 'Choose a new Verba password',
  adminTitle: 'Admin',
  adminLink: 'Administration',
  accountsHeading: 'Accounts',
  invitationsHeading: 'Invitations',
  backupsHeading: 'Nightly Backups',
  backupsNone: 'No nightly backup has been taken yet.',
  backupsFailed: 'The last nightly backup failed: the server log says why.',
  createInvitation: 'Create Invitation',
  invitationCreated: 'Invitation link created',
  disable: 'Disable',
  enable: 'Enable',
  deleteAccount: 'Delete',
  resetLink: 'Reset Link',
  resetLinkCreated: 'One-time reset link created',
  copy: 'Copy',
  verifyTitle: 'Check Your Email',
  verifyIntro: 'We sent a link to {email}. Open it to confirm your address, then come back here.',
  verifyResend: 'Send the Link Again',
  verifyResent: 'A new link is on its way.',
  verifyNeeded: 'Confirm your email address to continue: open the link we sent you.',
  verifyPageTitle: 'Confirm Your Email',
  verifyWorking: 'Confirming your email...',
  verifyDone: 'Your email is confirmed.',
  verifyAlreadyDone: 'This address is already confirmed.',
  verifyLinkInvalid: 'This confirmation link is no longer valid. Sign in to get a new one.',
  verifyContinue: 'Continue',
  mailVerifySubject: 'Confirm your email for Verba',
  ssoOr: 'or',
  ssoFailed: 'Single sign-on did not sign you in. Please try again.',
  ssoAccountExists:
    'An account with this email already signs in with a password. Sign in with your password.',
  ssoSignupRefused:
    'Single sign-on could not create your account: sign-up here is closed or needs an invitation link.',
  ssoLinkFailed:
    'The sign-in provider could not be linked: it must confirm the same email address as this account.',
} as const;

/** What the sign-in page says for the `error` a single sign-on came back with. */
export function ssoErrorMessage(error: string): string {
  if (error === 'account_not_linked') return ACCESS_TEXT.ssoAccountExists;
  if (error === 'unable_to_create_user' || error === 'signup_disabled')
    return ACCESS_TEXT.ssoSignupRefused;
  return ACCESS_TEXT.ssoFailed;
}

/** What the profile says when linking the provider came back with an `error`. */
export function ssoLinkErrorMessage(error: string): string {
  return error === 'unable_to_link_account' ? ACCESS_TEXT.ssoLinkFailed : ACCESS_TEXT.ssoFailed;
}
