import type { ComponentType } from 'react';
import { RouterProvider } from 'react-router/dom';
import { captureInstallPrompt } from '@/features/install/install-prompt';
import { track } from '@/lib/analytics';
import { createAppRouter } from './router';

// The browser may offer installation before the profile's install card is on screen.
captureInstallPrompt(() => track('pwa_installed'));

/**
 * Starts the app's router and returns the component that renders it. The router (which also starts
 * the first navigation) is created in a task of its own, after the browser has evaluated the app's
 * modules: on a slow phone, the two together would block the main thread in one long task.
 */
export async function startApp(): Promise<ComponentType> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createAppRouter();
  return function App() {
    return <RouterProvider router={router} />;
  };
}
