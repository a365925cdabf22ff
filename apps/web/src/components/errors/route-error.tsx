import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '@/lib/error-reporting';
import { usePageMeta } from '@/lib/page-meta';
import { MainErrorFallback } from './main-error-fallback';

/** The router's error element: any failure while loading or rendering a route lands here. */
export function RouteError() {
  const error = useRouteError();
  usePageMeta({
    title: 'Something went wrong',
    description: "We're sorry, but something unexpected happened",
    noindex: true,
  });
  useEffect(() => {
    console.error('Route error', error);
    reportError(error, {
      component: 'ErrorBoundary',
      action: 'component_error',
      metadata: { route: window.location.pathname },
    });
  }, [error]);
  return <MainErrorFallback />;
}
