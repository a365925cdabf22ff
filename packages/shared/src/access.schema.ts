import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { VALIDATION } from './messages.ts';
import { text } from './text.schema.ts';
import { ACCESS_TEXT, INVITATION_MAX_DAYS, INVITATION_MAX_USES, SIGNUP_MODES } from './access.ts';

/** `GET /api/auth/options`: what the sign-in and sign-up pages offer, before anyone signs in. */
export const authOptionsSchema = z.object({
  signup: z.enum(SIGNUP_MODES),
  /** Password reset by email is set up (SMTP_URL). */
  passwordResetByEmail: z.boolean(),
  /** Single sign-on through the configured OpenID Connect provider, or null. */
  sso: z.object({ label: z.string() }).nullable(),
  /** OIDC_ONLY: password sign-in and sign-up are hidden. */
  ssoOnly: z.boolean(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

const email = text({ error: VALIDATION.invalidEmail })
  .email(VALIDATION.invalidEmail)
  .max(EMAIL_MAX_LENGTH, VALIDATION.emailTooLong);

/** An invitation or reset token as links carry it. */
export const accessTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, ACCESS_TEXT.invitationInvalid);

export const passwordResetRequestSchema = z.object({ email }).strict();
export const passwordResetSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, ACCESS_TEXT.resetLinkInvalid),
    newPassword: text({ error: VALIDATION.passwordTooShort, trim: false })
      .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordTooShort)
      .max(PASSWORD_MAX_LENGTH, VALIDATION.passwordTooLong),
  })
  .strict();

/** `POST /api/auth/verify-email`: the token of the confirmation link. */
export const verifyEmailSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_.-]{16,2048}$/, ACCESS_TEXT.verifyLinkInvalid),
  })
  .strict();

/** Its answer: confirmed now, or the address had been confirmed before (the link's second use). */
export const verifyEmailResultSchema = z.object({
  status: z.enum(['verified', 'already-verified']),
  message: z.string(),
});
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>;

export const createInvitationSchema = z
  .object({
    maxUses: z.number().int().min(1).max(INVITATION_MAX_USES),
    expiresInDays: z.number().int().min(1).max(INVITATION_MAX_DAYS),
  })
  .strict();
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

export const adminAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  admin: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string().nullable(),
  words: z.number().int(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const invitationViewSchema = z.object({
  id: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** The server's nightly backups (BACKUP_DIR): times and sizes, nothing of any learner. */
export const nightlyBackupsSchema = z.object({
  lastAt: z.string().nullable(),
  lastOk: z.boolean().nullable(),
  lastBytes: z.number().nullable(),
  /** The last backup's file name in BACKUP_DIR; null when it failed or none was taken yet. */
  lastFile: z.string().nullable(),
  nextAt: z.string(),
  kept: z.number(),
});
export type NightlyBackupsView = z.infer<typeof nightlyBackupsSchema>;

export const adminOverviewSchema = z.object({
  accounts: z.array(adminAccountSchema),
  invitations: z.array(invitationViewSchema),
  /** Null when the server takes no nightly backups. */
  backups: nightlyBackupsSchema.nullable(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** A link made for someone: shown once to the admin, never stored as is. */
export const issuedLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type IssuedLink = z.infer<typeof issuedLinkSchema>;

export const updateAccountSchema = z.object({ disabled: z.boolean() }).strict();
