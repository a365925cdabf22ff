import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageOrDefault } from './languages.ts';
import {
  completeOnboardingSchema,
  languageCodeSchema,
  updateProfileSchema,
} from './profile.schema.ts';
import { VALIDATION } from './messages.ts';

describe('languages', () => {
  it('lists the 21 languages of the spec, in its order, each with a native name and a flag', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'ru',
      'ja',
      'it',
      'pt',
      'zh',
      'ko',
      'nl',
      'pl',
      'tr',
      'ar',
      'hi',
      'sv',
      'no',
      'da',
      'fi',
      'cs',
      'el',
    ]);
    for (const language of LANGUAGES) {
      expect(language.nativeName.length).toBeGreaterThan(0);
      expect(language.flag).toMatch(/\p{Regional_Indicator}{2}/u);
    }
  });

  it('falls back to the default for an unknown code', () => {
    expect(languageOrDefault('xx', 'es')).toBe('es');
    expect(languageOrDefault(null, 'en')).toBe('en');
    expect(languageOrDefault('ja', 'en')).toBe('ja');
  });

  it('accepts only known codes', () => {
    expect(languageCodeSchema.safeParse('fi').success).toBe(true);
    expect(languageCodeSchema.safeParse('EN').success).toBe(false);
  });
});

describe('onboarding and profile input', () => {
  it('requires two different languages', () => {
    const same = completeOnboardingSchema.safeParse({ nativeLanguage: 'en', targetLanguage: 'en' });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]?.message).toBe(VALIDATION.languagesMustDiffer);
    expect(
      completeOnboardingSchema.safeParse({ nativeLanguage: 'en', targetLanguage: 'es' }).success,
    ).toBe(true);
  });

  it('refuses an empty or unknown profile update', () => {
    expect(updateProfileSchema.safeParse({}).success).toBe(false);
    expect(updateProfileSchema.safeParse({ role: 'admin' }).success).toBe(false);
    expect(updateProfileSchema.parse({ displayName: '  Ana ' })).toEqual({ displayName: 'Ana' });
  });
});
