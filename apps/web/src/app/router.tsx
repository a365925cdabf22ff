import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Outlet,
  redirect,
  ScrollRestoration,
  type RouteObject,
} from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { hasRouteSkeleton, RouteSkeleton } from '@/components/layouts/route-skeleton';
import {
  APP_HOME,
  GATES,
  PAGE_LIST,
  type PageEntry,
  type PageGate,
  type PageId,
} from '@/config/routes';
import { AppLayoutRoute } from './routes/app/app-layout';
import { AuthLayoutRoute } from './routes/auth/auth-layout';
import { OnboardingLayoutRoute } from './routes/onboarding-layout';
import { ProvidersLayout } from './routes/providers-layout';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

// While the first page's modules load, a gated page keeps the skeleton the entry painted; other
// pages show the background the inline theme already painted.
function InitialLoad() {
  const { pathname } = window.location;
  return hasRouteSkeleton(pathname) ? <RouteSkeleton pathname={pathname} /> : null;
}

/** Every page's module, loaded on demand; the manifest names each (config/routes.ts). */
const pageModules = import.meta.glob<Record<string, ComponentType>>([
  './routes/**/*.tsx',
  '!./routes/**/*-layout.tsx',
]);

function pageRoute(page: PageEntry & { id: PageId }): RouteObject {
  const load = pageModules[`./routes/${page.module}.tsx`];
  if (!load) throw new Error(`${page.path}: no module src/app/routes/${page.module}.tsx`);
  const children = PAGE_LIST.filter((child) => child.parent === page.id).map(pageRoute);
  return {
    path: page.path,
    lazy: () => load().then((module) => ({ Component: module[page.component] })),
    ...(children.length > 0 && { children }),
  };
}

/** The manifest's pages behind `gate` that no other page draws inside its own. */
const pagesOf = (gate: PageGate, withData = false) =>
  PAGE_LIST.filter(
    (page) => page.gate === gate && !page.parent && Boolean(page.withData) === withData,
  ).map(pageRoute);

/**
 * The routes, made from the manifest (config/routes.ts): each gate's pages inside the layout
 * that applies it. The layouts every sign-in and signed-in page renders (data layer, toasts,
 * route gates, app frame) come with the router itself: a first visit then needs fewer files
 * before it can paint. A visit that starts on the landing page loads none of this (src/main.tsx).
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: InitialLoad,
    children: [
      ...pagesOf('public'),
      {
        Component: ProvidersLayout,
        children: [
          ...pagesOf('public', true),
          { Component: AuthLayoutRoute, children: pagesOf('guest') },
          { Component: OnboardingLayoutRoute, children: pagesOf('onboarding') },
          {
            path: GATES.app.prefix,
            Component: AppLayoutRoute,
            children: [{ index: true, loader: () => redirect(APP_HOME) }, ...pagesOf('app')],
          },
        ],
      },
    ],
  },
];

/**
 * The browser router, started: its first navigation begins at once. Called once, by
 * src/app/index.tsx, in a task after the app's modules were evaluated (decision 027).
 */
export const createAppRouter = () => createBrowserRouter(appRoutes);
