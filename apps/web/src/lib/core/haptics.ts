/**
 * Haptic feedback (spec §9 "Haptics"): short vibrations through `navigator.vibrate`, on by
 * default, with the learner's on/off choice kept in local storage. Silent where unsupported.
 */

/** Patterns in milliseconds (spec §9). */
export const HAPTIC_PATTERNS = {
  tap: [10],
  selection: [20],
  success: [30, 50, 30],
  error: [40],
  warning: [50, 100, 50],
  impact: [60],
} as const satisfies Record<string, readonly number[]>;
export type HapticPattern = keyof typeof HAPTIC_PATTERNS;

export const HAPTICS_STORAGE_KEY = 'haptics';

export function hapticsEnabled(): boolean {
  try {
    return localStorage.getItem(HAPTICS_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setHapticsEnabled(enabled: boolean): void {
  try {
    localStorage.setItem(HAPTICS_STORAGE_KEY, enabled ? 'on' : 'off');
  } catch {
    // Private mode or full storage: the choice lasts for this page only.
  }
}

export function haptic(pattern: HapticPattern): void {
  if (!hapticsEnabled() || typeof navigator === 'undefined' || !('vibrate' in navigator)) return;
  try {
    navigator.vibrate([...HAPTIC_PATTERNS[pattern]]);
  } catch {
    // Some browsers throw when vibration is blocked by a permissions policy.
  }
}
