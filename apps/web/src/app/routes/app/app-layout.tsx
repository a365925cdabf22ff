import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { RouteGate } from '@/components/layouts/route-gate';

/** The signed-in app: gated, framed by the bottom navigation. */
export function AppLayoutRoute() {
  return (
    <RouteGate area="app">
      <AppShell>
        <Outlet />
      </AppShell>
    </RouteGate>
  );
}
