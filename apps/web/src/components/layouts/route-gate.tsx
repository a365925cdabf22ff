import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { useSessionUser } from '@/lib/auth';
import { decideGate, type GateArea } from '@/lib/gating';
import { useProfile } from '@/lib/profile';
import { LoadingScreen } from './loading-screen';

/**
 * Applies the route gating rules (lib/gating.ts) with the session and profile queries: shows
 * 'Loading...' while they load, redirects (rendering nothing) or renders the page.
 */
export function RouteGate({ area, children }: { area: GateArea; children: ReactNode }) {
  const session = useSessionUser();
  const user = session.data;
  const profile = useProfile({ enabled: Boolean(user) });

  // Anything but "signed out" is unexpected here; the route's error screen offers a reload.
  if (session.isError) throw session.error;
  if (profile.isError && !(profile.error instanceof ApiError && profile.error.status === 401)) {
    throw profile.error;
  }

  const decision = decideGate(area, {
    user: session.isPending ? undefined : (user ?? null),
    onboardingCompleted: profile.data?.onboardingCompleted,
  });

  switch (decision.kind) {
    case 'loading':
      return <LoadingScreen />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'render':
      return children;
  }
}
