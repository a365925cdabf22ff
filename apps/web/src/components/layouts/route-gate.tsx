import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, EMAIL_NOT_VERIFIED, NETWORK_ERROR } from '@/lib/core/api-error';
import { useSessionUser, wasSignedOutHere } from '@/lib/core/auth';
import { decideGate, NEXT_PARAM, type GateArea } from '@/lib/core/gating';
import { useProfile } from '@/lib/core/profile';
import { APP_STARTED_AT, isConfirmedThisStart } from '@/lib/core/query-persistence';
import { OfflineScreen } from './loading-screen';
import { RouteSkeleton } from './route-skeleton';

interface QueryLike {
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}

/** The server has answered this query since the app started (with data or an error). */
function answeredThisStart(query: QueryLike): boolean {
  return isConfirmedThisStart(query) || query.errorUpdatedAt >= APP_STARTED_AT;
}

/**
 * Applies the route gating rules (lib/core/gating.ts) with the session and profile queries: shows the
 * page's skeleton with 'Loading...' while they load, redirects (rendering nothing) or renders the page. The copy saved
 * on the device paints at once; the server is asked again on every app start, and only its
 * answer (or being offline) lets the gate send the user elsewhere.
 */
export function RouteGate({
  area,
  children,
  unconfirmedScreen = null,
}: {
  area: GateArea;
  children: ReactNode;
  /** Shown instead of the page to a learner whose email address is not confirmed yet. */
  unconfirmedScreen?: ReactNode;
}) {
  const location = useLocation();
  const session = useSessionUser();
  const user = session.data;
  const profile = useProfile({ enabled: Boolean(user) });
  // A copy saved for another account on this device says nothing about this one.
  const profileData = user && profile.data?.id === user.id ? profile.data : undefined;

  // Without a network the saved copy (if any) is used; otherwise the offline screen shows.
  const offline = [session, profile].some(
    (q) =>
      q.fetchStatus === 'paused' || (q.error instanceof ApiError && q.error.code === NETWORK_ERROR),
  );
  // Anything else but "signed out" is unexpected here; the route's error screen offers a reload.
  if (session.isError && session.data === undefined && !offline) throw session.error;
  const signedOut = profile.error instanceof ApiError && profile.error.status === 401;
  // Signed in, but the address is not confirmed yet (REQUIRE_EMAIL_VERIFICATION).
  const unconfirmed =
    Boolean(user) && profile.error instanceof ApiError && profile.error.code === EMAIL_NOT_VERIFIED;
  if (profile.isError && profileData === undefined && !signedOut && !offline && !unconfirmed) {
    throw profile.error;
  }

  const confirmed =
    offline || (answeredThisStart(session) && (!user || answeredThisStart(profile)));
  const decision = decideGate(
    area,
    {
      // undefined until known: still loading, or offline with nothing saved.
      user,
      onboardingCompleted: profileData?.onboardingCompleted,
      confirmed,
    },
    {
      requested: wasSignedOutHere()
        ? undefined
        : `${location.pathname}${location.search}${location.hash}`,
      next: new URLSearchParams(location.search).get(NEXT_PARAM),
    },
  );

  // The page behind the gate is rendered in the background once the answers are in: React can
  // then pause between components, so a large screen never blocks input in one long task.
  const rendering = useDeferredValue(decision.kind === 'render');

  if (unconfirmed) {
    return area === 'guest' ? <Navigate to={paths.onboarding} replace /> : unconfirmedScreen;
  }
  switch (decision.kind) {
    case 'loading':
      return offline ? <OfflineScreen /> : <RouteSkeleton pathname={location.pathname} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'render':
      return rendering ? children : <RouteSkeleton pathname={location.pathname} />;
  }
}
