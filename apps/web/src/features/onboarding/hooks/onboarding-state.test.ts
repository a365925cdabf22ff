import { describe, expect, it } from 'vitest';
import {
  canContinue,
  initialOnboardingState,
  onboardingReducer,
  type OnboardingState,
} from './onboarding-state';

const at = (currentStep: number, extra: Partial<OnboardingState> = {}): OnboardingState => ({
  ...initialOnboardingState,
  currentStep,
  ...extra,
});

describe('onboardingReducer', () => {
  it('starts at step 0 with English as native and Spanish as target language', () => {
    expect(initialOnboardingState).toEqual({
      currentStep: 0,
      nativeLanguage: 'en',
      targetLanguage: 'es',
    });
  });

  it('moves forward one step at a time up to step 4 and no further', () => {
    let state = initialOnboardingState;
    for (let step = 1; step <= 4; step++) {
      state = onboardingReducer(state, { type: 'next' });
      expect(state.currentStep).toBe(step);
    }
    expect(onboardingReducer(state, { type: 'next' }).currentStep).toBe(4);
  });

  it('moves back one step at a time down to step 0 and no further', () => {
    expect(onboardingReducer(at(3), { type: 'back' }).currentStep).toBe(2);
    expect(onboardingReducer(at(0), { type: 'back' }).currentStep).toBe(0);
  });

  it('keeps the user on the language step while both languages are equal', () => {
    const same = at(1, { nativeLanguage: 'fr', targetLanguage: 'fr' });
    expect(canContinue(same)).toBe(false);
    expect(onboardingReducer(same, { type: 'next' })).toBe(same);
    const different = onboardingReducer(same, { type: 'setTargetLanguage', language: 'de' });
    expect(canContinue(different)).toBe(true);
    expect(onboardingReducer(different, { type: 'next' }).currentStep).toBe(2);
  });

  it('changes the chosen languages', () => {
    const state = onboardingReducer(at(1), { type: 'setNativeLanguage', language: 'ja' });
    expect(state).toMatchObject({ nativeLanguage: 'ja', targetLanguage: 'es' });
  });
});
