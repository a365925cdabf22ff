import { RouterProvider } from 'react-router/dom';
import { captureInstallPrompt } from '@/features/install/install-prompt';
import { track } from '@/lib/analytics';
import { router } from './router';

// The browser may offer installation before the profile's install card is on screen.
captureInstallPrompt(() => track('pwa_installed'));

export function App() {
  return <RouterProvider router={router} />;
}
