import { describe, expect, it } from 'vitest';
import { parseTheme, resolveTheme } from './theme';

describe('parseTheme', () => {
  it('keeps the three known themes', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
  });

  it('falls back to system for anything else', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme(undefined)).toBe('system');
    expect(parseTheme('')).toBe('system');
    expect(parseTheme('Dark')).toBe('system');
    expect(parseTheme('{"theme":"dark"}')).toBe('system');
  });
});

describe('resolveTheme', () => {
  it('follows the system preference only for system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
