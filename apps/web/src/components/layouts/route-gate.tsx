import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ApiError, NETWORK_ERROR } from '@/lib/api-error';
import { useSessionUser } from '@/lib/auth';
import { decideGate, type GateArea } from '@/lib/gating';
import { useProfile } from '@/lib/profile';
import { LoadingScreen, OfflineScreen } from './loading-screen';

/**
 * Applies the route gating rules (lib/gating.ts) with the session and profile queries: shows
 * 'Loading...' while they load, redirects (rendering nothing) or renders the page.
 */
export function RouteGate({ area, children }: { area: GateArea; children: ReactNode }) {
  const session = useSessionUser();
  const user = session.data;
  const profile = useProfile({ enabled: Boolean(user) });

  // Without a network the saved copy (if any) is used; otherwise the offline screen shows.
  const offline = [session, profile].some(
    (q) =>
      q.fetchStatus === 'paused' || (q.error instanceof ApiError && q.error.code === NETWORK_ERROR),
  );
  // Anything else but "signed out" is unexpected here; the route's error screen offers a reload.
  if (session.isError && session.data === undefined && !offline) throw session.error;
  const signedOut = profile.error instanceof ApiError && profile.error.status === 401;
  if (profile.isError && profile.data === undefined && !signedOut && !offline) throw profile.error;

  const decision = decideGate(area, {
    // undefined until known: still loading, or offline with nothing saved.
    user,
    onboardingCompleted: profile.data?.onboardingCompleted,
  });

  switch (decision.kind) {
    case 'loading':
      return offline ? <OfflineScreen /> : <LoadingScreen />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'render':
      return children;
  }
}
