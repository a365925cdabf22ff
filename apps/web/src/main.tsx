import { startTransition, StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './components/errors/error-boundary';
import { hasRouteSkeleton, RouteSkeleton } from './components/layouts/route-skeleton';
import { PAGES } from './config/routes';
import { startThemeSync } from './features/theme/theme';
import './index.css';

// The Content-Security-Policy forbids eval. zod adopts this shared setting when it loads (in a
// later chunk) and so never probes `new Function`, which the browser reports as a violation.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

startThemeSync();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

/**
 * A visit that starts on the landing page renders it on its own (`standalone` in the route
 * manifest): its links are plain page loads, so it needs neither the router nor the data layer,
 * and loads far less JavaScript. Every other path starts the full app with the router.
 */
function loadPage(): Promise<ComponentType> {
  if (window.location.pathname === PAGES.landing.path) {
    return import('./app/routes/landing').then((m) => m.LandingRoute);
  }
  return import('./app').then((m) => m.startApp());
}

// A gated page paints its frame and heading at once, while its code downloads.
const skeleton = hasRouteSkeleton(window.location.pathname);
if (skeleton) {
  root.render(
    <StrictMode>
      <RouteSkeleton pathname={window.location.pathname} />
    </StrictMode>,
  );
}

loadPage()
  .then((Page) => {
    const render = () =>
      root.render(
        <StrictMode>
          <ErrorBoundary>
            <Page />
          </ErrorBoundary>
        </StrictMode>,
      );
    // With the skeleton on screen, the app is drawn in a background render React can pause, so
    // drawing it never blocks input in one long task; the skeleton stays until it is ready.
    if (skeleton) startTransition(render);
    else render();
  })
  .catch((error: unknown) => {
    console.error('The page could not load', error);
    root.render(
      <ErrorBoundary>
        <FailedToLoad error={error} />
      </ErrorBoundary>,
    );
  });

// Shows the global error screen when the page's code cannot be loaded (offline, new release).
function FailedToLoad({ error }: { error: unknown }): never {
  throw error instanceof Error ? error : new Error('The page could not load');
}
