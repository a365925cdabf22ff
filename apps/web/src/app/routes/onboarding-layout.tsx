import { Outlet } from 'react-router';
import { RouteGate } from '@/components/layouts/route-gate';
import { CheckEmailScreen } from '@/features/auth/components/check-email-screen';

/** Onboarding is for signed-in learners who have not finished it; others are sent on. */
export function OnboardingLayoutRoute() {
  return (
    <RouteGate area="onboarding" unconfirmedScreen={<CheckEmailScreen />}>
      <Outlet />
    </RouteGate>
  );
}
