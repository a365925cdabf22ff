import { Outlet } from 'react-router';
import { AppProvider } from '../provider';

/** Wraps the sign-in, onboarding and app routes in the data layer and toasts. */
export function ProvidersLayout() {
  return (
    <AppProvider>
      <Outlet />
    </AppProvider>
  );
}
