import { ACCESS_TEXT } from '@verba/shared';
import type { MailMessage } from '../../lib/mail.ts';

/** How long a confirmation link works. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 60 * 60 * 24;

/** The app's page that opens a confirmation link (apps/web: `paths.verifyEmail`). */
export const verifyEmailUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

export function verifyEmailMail(publicUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: ACCESS_TEXT.mailVerifySubject,
    text: [
      'Welcome to Verba! Confirm that this is your email address by opening this link',
      'within a day:',
      verifyEmailUrl(publicUrl, token),
      '',
      'If you did not create a Verba account, ignore this email.',
    ].join('\n'),
  };
}
