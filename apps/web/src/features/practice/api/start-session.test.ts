import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from './start-session';

describe('browserTimeZone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the zone from Temporal where the browser has it', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Calcutta' } });
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe('Asia/Calcutta');
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();
  });

  it("falls back to Intl's zone without Temporal", () => {
    vi.stubGlobal('Temporal', undefined);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
