import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { OfflineBadge } from '@/components/layouts/offline-badge';
import { RouteGate } from '@/components/layouts/route-gate';
import { CheckEmailScreen } from '@/features/auth/components/check-email-screen';
import { AnalyticsBridge } from '@/features/analytics/components/analytics-bridge';
import { UpdatePrompt } from '@/features/install/components/update-prompt';
import { LiveUpdates } from '@/features/live-updates/components/live-updates';

/** The signed-in app: gated, framed by the bottom navigation. */
export function AppLayoutRoute() {
  return (
    <RouteGate area="app" unconfirmedScreen={<CheckEmailScreen />}>
      <LiveUpdates />
      <AppShell>
        <AnalyticsBridge />
        <UpdatePrompt />
        <OfflineBadge />
        <Outlet />
      </AppShell>
    </RouteGate>
  );
}
