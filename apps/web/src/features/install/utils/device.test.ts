import { describe, expect, it } from 'vitest';
import { detectDevice, isStandalone } from './device';

describe('install card device detection', () => {
  it.each([
    [
      { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15' },
      'ios',
    ],
    [{ userAgent: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)' }, 'ios'],
    [
      {
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15',
        maxTouchPoints: 5,
      },
      'ios',
    ],
    [
      { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120.0 Mobile Safari/537.36' },
      'android',
    ],
    [{ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0' }, 'desktop'],
    [
      {
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/120.0',
        maxTouchPoints: 0,
      },
      'desktop',
    ],
    [{ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' }, 'desktop'],
    [{ userAgent: '' }, 'unknown'],
    [{ userAgent: 'SomeBot/1.0' }, 'unknown'],
  ] as const)('%j is %s', (hints, device) => {
    expect(detectDevice(hints)).toBe(device);
  });

  it('knows when it runs as an installed app', () => {
    const media = (matching: string) => (query: string) => ({ matches: query.includes(matching) });
    expect(isStandalone(media('standalone'), undefined)).toBe(true);
    expect(isStandalone(media('nothing'), undefined)).toBe(false);
    expect(isStandalone(media('nothing'), true)).toBe(true);
    expect(isStandalone(undefined, undefined)).toBe(false);
  });
});
