import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ONBOARDING_LAST_STEP, SCREEN_TEXT, TOAST, WORD_TEXT } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { paths } from '@/config/paths';
import { sessionQueryOptions } from '@/lib/core/auth';
import { newWordId } from '@/lib/core/new-id';
import { useAiProvider } from '@/lib/server-config';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { demoWordInput, useSaveDemoWord } from '../api/save-demo-word';
import { canContinue, initialOnboardingState, onboardingReducer } from '../hooks/onboarding-state';
import { StepDemoWord } from './step-demo-word';
import { StepGrouping } from './step-grouping';
import { StepIndicator } from './step-indicator';
import { StepLanguages } from './step-languages';
import { StepSmartFeed } from './step-smart-feed';
import { StepWelcome } from './step-welcome';

/**
 * The five onboarding steps (spec §2): welcome, languages, demo word, grouping, smart feed.
 * `headerAction` sits at the right of the header (the way out: signing out).
 */
export function OnboardingFlow({ headerAction }: { headerAction?: ReactNode }) {
  const [state, dispatch] = useReducer(onboardingReducer, initialOnboardingState);
  const [settingUp, setSettingUp] = useState(false);
  const completeOnboarding = useCompleteOnboarding();
  const saveDemo = useSaveDemoWord();
  const aiProvider = useAiProvider();
  // One save id per language pair: saving the same sample twice stores it once.
  const demoIds = useRef(new Map<string, string>());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const stepRef = useRef<HTMLDivElement>(null);
  const isFirstRender = useRef(true);
  const { currentStep } = state;

  // Screen-reader and keyboard users land at the top of each new step.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    stepRef.current?.focus();
  }, [currentStep]);

  const fail = (description: string) => {
    toast.dismiss();
    toast.error(TOAST.error, { description });
  };

  const finish = async () => {
    setSettingUp(true);
    try {
      let user;
      try {
        user = await queryClient.fetchQuery(sessionQueryOptions());
      } catch {
        fail(TOAST.onboardingUserInfoFailed);
        return;
      }
      if (!user) {
        fail(TOAST.onboardingNoUser);
        return;
      }
      try {
        await completeOnboarding.mutateAsync({
          nativeLanguage: state.nativeLanguage,
          targetLanguage: state.targetLanguage,
        });
      } catch {
        fail(TOAST.onboardingFailed);
        return;
      }
      navigate(paths.app.feed, { replace: true });
    } finally {
      setSettingUp(false);
    }
  };

  const next = () => dispatch({ type: 'next' });

  const saveDemoAndContinue = () => {
    const pair = `${state.nativeLanguage}:${state.targetLanguage}`;
    const id = demoIds.current.get(pair) ?? newWordId();
    demoIds.current.set(pair, id);
    saveDemo.mutate(demoWordInput(id, state.nativeLanguage, state.targetLanguage), {
      onSuccess: next,
      onError: (error) => toast.error(WORD_TEXT.saveFailed, { description: error.message }),
    });
  };

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 pt-4 pb-[calc(1.5rem+env(safe-area-inset-bottom))]">
      <div className="grid h-11 grid-cols-[5.5rem_1fr_5.5rem] items-center">
        <div>
          {currentStep > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2"
              onClick={() => dispatch({ type: 'back' })}
              disabled={settingUp}
            >
              <ArrowLeft aria-hidden="true" />
              {SCREEN_TEXT.back}
            </Button>
          )}
        </div>
        <StepIndicator currentStep={currentStep} />
        <div className="flex justify-end">{headerAction}</div>
      </div>

      <main className="flex flex-1 flex-col justify-center py-8">
        <div ref={stepRef} tabIndex={-1} className="outline-none" key={currentStep}>
          {currentStep === 0 && <StepWelcome />}
          {currentStep === 1 && (
            <StepLanguages
              nativeLanguage={state.nativeLanguage}
              targetLanguage={state.targetLanguage}
              onNativeChange={(language) => dispatch({ type: 'setNativeLanguage', language })}
              onTargetChange={(language) => dispatch({ type: 'setTargetLanguage', language })}
            />
          )}
          {currentStep === 2 && (
            <StepDemoWord
              nativeLanguage={state.nativeLanguage}
              targetLanguage={state.targetLanguage}
              aiProvider={aiProvider}
            />
          )}
          {currentStep === 3 && <StepGrouping aiProvider={aiProvider} />}
          {currentStep === 4 && <StepSmartFeed />}
        </div>
      </main>

      {currentStep === 2 ? (
        <Button
          size="lg"
          className="w-full"
          onClick={saveDemoAndContinue}
          loading={saveDemo.isPending}
        >
          {SCREEN_TEXT.saveAndContinue}
        </Button>
      ) : currentStep < ONBOARDING_LAST_STEP ? (
        <Button size="lg" className="w-full" onClick={next} disabled={!canContinue(state)}>
          {SCREEN_TEXT.continue}
        </Button>
      ) : (
        <Button size="lg" className="w-full" onClick={finish} loading={settingUp}>
          {settingUp ? SCREEN_TEXT.settingUp : SCREEN_TEXT.startLearning}
        </Button>
      )}
    </div>
  );
}
