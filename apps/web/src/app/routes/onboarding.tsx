import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { OnboardingFlow } from '@/features/onboarding/components/onboarding-flow';
import { usePageMeta } from '@/lib/page-meta';

export function OnboardingRoute() {
  usePageMeta({
    title: 'Welcome',
    description: 'Set up Verba: choose the language you speak and the one you want to learn.',
    noindex: true,
  });
  return <OnboardingFlow headerAction={<SignOutButton compact />} />;
}
