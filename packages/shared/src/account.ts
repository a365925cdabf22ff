import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { VALIDATION } from './messages.ts';

/** Account settings: texts shown and checked by both the screens and the server. */
export const ACCOUNT_TEXT = {
  currentPasswordRequired: 'Enter your current password',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Password changed',
  passwordChangedDescription: 'You were signed out on every other device.',
  /** What the learner types to confirm deleting the account. */
  deleteConfirmation: 'DELETE',
  deleteConfirmationMismatch: 'Type DELETE to confirm',
  accountDeleted: 'Account deleted',
  nameSaved: 'Name saved',
  languagesSaved: 'Languages saved',
  offline: 'You are offline. Connect to the internet and try again.',
} as const;

/** What "Download my data" holds: everything of the learner's, and nothing of anyone else's. */
export const ACCOUNT_EXPORT_SECTIONS = [
  'profile',
  'words',
  'reviewLog',
  'sessions',
  'groups',
  'feedback',
] as const;

/**
 * The first problem with a password change, or null: the same rules as `changePasswordSchema`,
 * as plain code for the form (the server also judges the new password's strength).
 */
export function passwordChangeProblem(input: {
  currentPassword: string;
  newPassword: string;
}): string | null {
  if (input.currentPassword.length === 0) return ACCOUNT_TEXT.currentPasswordRequired;
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) return VALIDATION.passwordTooShort;
  if (input.newPassword.length > PASSWORD_MAX_LENGTH) return VALIDATION.passwordTooLong;
  if (input.newPassword === input.currentPassword) return ACCOUNT_TEXT.samePassword;
  return null;
}
