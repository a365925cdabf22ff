import { z } from 'zod';
import { ACCOUNT_TEXT } from './account.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { VALIDATION } from './messages.ts';
import { text } from './text.schema.ts';

const newPassword = text({ error: VALIDATION.passwordTooShort, trim: false })
  .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, VALIDATION.passwordTooLong);

export const changePasswordSchema = z
  .object({
    currentPassword: text({ error: ACCOUNT_TEXT.currentPasswordRequired, trim: false })
      .min(1, ACCOUNT_TEXT.currentPasswordRequired)
      .max(1024, ACCOUNT_TEXT.wrongCurrentPassword),
    newPassword,
  })
  .strict()
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: ACCOUNT_TEXT.samePassword,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z
  .object({
    confirmation: z.literal(ACCOUNT_TEXT.deleteConfirmation, {
      error: ACCOUNT_TEXT.deleteConfirmationMismatch,
    }),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
