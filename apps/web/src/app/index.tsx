import type { ComponentType } from 'react';
import { RouterProvider } from 'react-router/dom';
import { captureInstallPrompt } from '@/features/install/install-prompt';
import { track } from '@/lib/analytics';
import { createAppRouter } from './router';

// The browser may offer installation before the profile's install card is on screen.
captureInstallPrompt(() => track('pwa_installed'));

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app's router and returns the component that renders it. Evaluating the app's modules
 * and starting the router run in tasks of their own: on a slow phone, the two together would block
 * the main thread in one long task.
 */
export async function startApp(): Promise<ComponentType> {
  await nextTask();
  const router = createAppRouter();
  return function App() {
    return <RouterProvider router={router} />;
  };
}
