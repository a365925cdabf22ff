import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { haptic, HAPTIC_PATTERNS, hapticsEnabled, setHapticsEnabled } from './haptics';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('haptics (spec §9 "Haptics")', () => {
  let vibrate: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vibrate = vi.fn(() => true);
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('navigator', { vibrate });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the spec patterns in milliseconds', () => {
    expect(HAPTIC_PATTERNS).toEqual({
      tap: [10],
      selection: [20],
      success: [30, 50, 30],
      error: [40],
      warning: [50, 100, 50],
      impact: [60],
    });
  });

  it('is on by default and vibrates with the pattern', () => {
    expect(hapticsEnabled()).toBe(true);
    haptic('success');
    expect(vibrate).toHaveBeenCalledWith([30, 50, 30]);
  });

  it('keeps the off choice and then stays still', () => {
    setHapticsEnabled(false);
    expect(hapticsEnabled()).toBe(false);
    haptic('tap');
    expect(vibrate).not.toHaveBeenCalled();
    setHapticsEnabled(true);
    haptic('impact');
    expect(vibrate).toHaveBeenCalledWith([60]);
  });

  it('is silent where vibration is not supported', () => {
    vi.stubGlobal('navigator', {});
    expect(() => haptic('error')).not.toThrow();
  });
});
