import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from './auth.schema.ts';
import { completeOnboardingSchema, updateProfileSchema } from './profile.schema.ts';
import { text } from './text.schema.ts';
import { isPlainText, isVisibleText, NOT_PLAIN_TEXT, NOT_VISIBLE_TEXT } from './text.ts';

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0085',
  '\u009F',
];
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uDC00\uD800'];
const LINE_BREAKS = ['\t', '\n', '\r'];

describe('isPlainText', () => {
  it('accepts what people type, in any script, emoji included', () => {
    for (const value of [
      '',
      'Ana',
      'José Ñúñez',
      'Ελληνικά',
      'مرحبا',
      '日本語',
      '👩🏽‍🏫 teacher',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '<script>alert(1)</script>',
      'a\u00A0b',
    ])
      expect(isPlainText(value), value).toBe(true);
  });

  it('refuses control characters and lone surrogates anywhere', () => {
    for (const bad of [...CONTROL, ...LONE_SURROGATES])
      for (const value of [bad, `a${bad}`, `${bad}a`, `a${bad}b`]) {
        expect(isPlainText(value), JSON.stringify(value)).toBe(false);
        expect(isPlainText(value, true), JSON.stringify(value)).toBe(false);
      }
  });

  it('allows tab and line breaks only in multi-line text', () => {
    for (const value of LINE_BREAKS.map((b) => `line one${b}line two`)) {
      expect(isPlainText(value)).toBe(false);
      expect(isPlainText(value, true)).toBe(true);
    }
  });
});

const DIRECTION_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2069'];

describe('direction and invisible characters', () => {
  it('refuses bidirectional overrides and isolates in any text', () => {
    for (const bad of DIRECTION_CONTROLS)
      for (const value of [bad, `abc${bad}fed`, `${bad}txt.exe`]) {
        expect(isPlainText(value), JSON.stringify(value)).toBe(false);
        expect(isPlainText(value, true), JSON.stringify(value)).toBe(false);
      }
  });

  it('keeps the joiners and marks that languages write with', () => {
    for (const value of [
      'می\u200Cخواهم', // Persian: zero-width non-joiner inside a verb
      'क्\u200Dष', // Devanagari: zero-width joiner for a half form
      'שלום\u200F!', // Hebrew with a right-to-left mark
      '👩🏽\u200D🏫',
    ])
      expect(isPlainText(value), JSON.stringify(value)).toBe(true);
  });

  it('calls text visible only when every character shows, emoji joiners included', () => {
    for (const value of ['Ana', 'José', 'مريم', '👩🏽\u200D🏫 teacher', '👨\u200D👩\u200D👧'])
      expect(isVisibleText(value), JSON.stringify(value)).toBe(true);
    for (const hidden of ['\u200B', '\u200C', '\u200D', '\u200E', '\u2060', '\uFEFF', '\u00AD'])
      for (const value of [hidden, `An${hidden}a`, `Ana${hidden}`, `👩${hidden}a`])
        expect(isVisibleText(value), JSON.stringify(value)).toBe(false);
  });

  it('refuses invisible characters with their own message where text must be visible', () => {
    const result = text({ visibleOnly: true }).safeParse('An\u200Ba');
    expect(result.error?.issues.map((i) => i.message)).toEqual([NOT_VISIBLE_TEXT]);
    expect(text().parse('An\u200Ba')).toBe('An\u200Ba');
    expect(updateProfileSchema.safeParse({ displayName: 'Ana\u200D' }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ displayName: 'Ana \u202Eelif' }).success).toBe(false);
  });
});

describe('text()', () => {
  it('trims, then refuses what is not plain text with one clear message', () => {
    expect(text().parse('  Ana \n')).toBe('Ana');
    const result = text().max(3).safeParse('a\u0000b');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([NOT_PLAIN_TEXT]);
    expect(text({ multiline: true }).parse('one\ntwo')).toBe('one\ntwo');
    expect(text({ trim: false }).parse(' x ')).toBe(' x ');
    expect(text({ error: 'Must be text' }).safeParse(42).error?.issues[0]?.message).toBe(
      'Must be text',
    );
  });
});

// Every request schema in this package, with a valid body: each string in it is text a person
// typed, and must refuse control characters and broken Unicode.
const REQUESTS = [
  ['login', loginSchema, { email: 'ana@example.com', password: 'secret-words' }],
  ['sign-up', signupSchema, { email: 'ana@example.com', password: 'secret-words' }],
  ['update profile', updateProfileSchema, { displayName: 'Ana Lopez' }],
  ['onboarding', completeOnboardingSchema, { nativeLanguage: 'en', targetLanguage: 'es' }],
] as const;

describe.each(REQUESTS)('the %s schema', (_name, schema, valid) => {
  it('accepts its valid body', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('refuses control characters and lone surrogates in every string field', () => {
    for (const [field, value] of Object.entries(valid)) {
      if (typeof value !== 'string') continue;
      for (const bad of [...CONTROL, ...LONE_SURROGATES, 'a\nb', 'a\tb']) {
        const body = { ...valid, [field]: `${value.slice(0, 1)}${bad}${value.slice(1)}` };
        expect(schema.safeParse(body).success, `${field}: ${JSON.stringify(bad)}`).toBe(false);
      }
    }
  });
});
