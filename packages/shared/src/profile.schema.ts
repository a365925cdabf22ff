import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { DISPLAY_NAME_MAX_LENGTH } from './limits.ts';
import { VALIDATION } from './messages.ts';
import { text } from './text.schema.ts';

export const languageCodeSchema = z.enum(LANGUAGE_CODES, { error: 'Unknown language' });

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  nativeLanguage: languageCodeSchema,
  targetLanguage: languageCodeSchema,
  onboardingCompleted: z.boolean(),
  analyticsEnabled: z.boolean(),
  totalWords: z.number().int(),
  masteredWords: z.number().int(),
  currentStreak: z.number().int(),
  /** Minutes. */
  totalStudyTime: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

const languagePair = z
  .object({ nativeLanguage: languageCodeSchema, targetLanguage: languageCodeSchema })
  .strict();

const mustDiffer = (v: { nativeLanguage?: string; targetLanguage?: string }) =>
  v.nativeLanguage === undefined || v.nativeLanguage !== v.targetLanguage;

export const completeOnboardingSchema = languagePair.refine(mustDiffer, {
  message: VALIDATION.languagesMustDiffer,
  path: ['targetLanguage'],
});
export type CompleteOnboardingInput = z.infer<typeof completeOnboardingSchema>;

/** A learner's display name: one line of plain text, every character of it visible. */
export const displayNameSchema = text({ visibleOnly: true }).max(DISPLAY_NAME_MAX_LENGTH);

export const updateProfileSchema = z
  .object({
    displayName: displayNameSchema.nullable(),
    nativeLanguage: languageCodeSchema,
    targetLanguage: languageCodeSchema,
    analyticsEnabled: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
