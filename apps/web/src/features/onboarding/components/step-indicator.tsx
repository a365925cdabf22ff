import { ONBOARDING_STEPS } from '@verba/shared';
import { cn } from '@/lib/cn';

export function StepIndicator({ currentStep }: { currentStep: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Onboarding progress"
      aria-valuemin={1}
      aria-valuemax={ONBOARDING_STEPS}
      aria-valuenow={currentStep + 1}
      aria-valuetext={`Step ${currentStep + 1} of ${ONBOARDING_STEPS}`}
      className="flex items-center justify-center gap-2"
    >
      {Array.from({ length: ONBOARDING_STEPS }, (_, step) => (
        <span
          key={step}
          className={cn(
            'h-2 rounded-full transition-all duration-300',
            step === currentStep
              ? 'w-6 bg-primary'
              : step < currentStep
                ? 'w-2 bg-primary/60'
                : 'w-2 bg-muted-foreground/40 dark:bg-muted-foreground/60',
          )}
        />
      ))}
    </div>
  );
}
