import { Outlet } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { RouteGate } from '@/components/layouts/route-gate';

/** Sign-in and sign-up are for signed-out visitors; signed-in users are sent where they belong. */
export function AuthLayoutRoute() {
  return (
    <RouteGate area="guest">
      <AuthLayout>
        <Outlet />
      </AuthLayout>
    </RouteGate>
  );
}
