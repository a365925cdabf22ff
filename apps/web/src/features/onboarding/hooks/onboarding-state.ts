import {
  DEFAULT_NATIVE_LANGUAGE,
  DEFAULT_TARGET_LANGUAGE,
  ONBOARDING_LAST_STEP,
  type LanguageCode,
} from '@verba/shared';

/** Onboarding state (spec §3): the step 0–4 and the chosen language pair. */
export interface OnboardingState {
  currentStep: number;
  nativeLanguage: LanguageCode;
  targetLanguage: LanguageCode;
}

export type OnboardingAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'setNativeLanguage'; language: LanguageCode }
  | { type: 'setTargetLanguage'; language: LanguageCode };

export const LANGUAGE_STEP = 1;

export const initialOnboardingState: OnboardingState = {
  currentStep: 0,
  nativeLanguage: DEFAULT_NATIVE_LANGUAGE,
  targetLanguage: DEFAULT_TARGET_LANGUAGE,
};

/** Continue is refused on the language step while both languages are the same. */
export function canContinue(state: OnboardingState): boolean {
  if (state.currentStep === LANGUAGE_STEP) return state.nativeLanguage !== state.targetLanguage;
  return state.currentStep < ONBOARDING_LAST_STEP;
}

/** Steps move forward by one up to 4 and back by one down to 0 (spec §4). */
export function onboardingReducer(
  state: OnboardingState,
  action: OnboardingAction,
): OnboardingState {
  switch (action.type) {
    case 'next':
      return canContinue(state) ? { ...state, currentStep: state.currentStep + 1 } : state;
    case 'back':
      return state.currentStep > 0 ? { ...state, currentStep: state.currentStep - 1 } : state;
    case 'setNativeLanguage':
      return { ...state, nativeLanguage: action.language };
    case 'setTargetLanguage':
      return { ...state, targetLanguage: action.language };
  }
}
