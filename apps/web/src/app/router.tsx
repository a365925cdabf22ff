import { createBrowserRouter, Outlet, redirect, ScrollRestoration } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { paths } from '@/config/paths';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

// The first screen waits for its route module; the inline theme already paints the background.
function InitialLoad() {
  return null;
}

/**
 * Every route module is loaded on demand. The landing and 404 pages sit outside the providers
 * layout, so their pages load neither the data layer (TanStack Query) nor toasts, forms or schemas.
 */
export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: InitialLoad,
    children: [
      {
        path: paths.home,
        lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })),
      },
      {
        path: paths.howWeMeasured,
        lazy: () =>
          import('./routes/how-we-measured').then((m) => ({ Component: m.HowWeMeasuredRoute })),
      },
      {
        lazy: () =>
          import('./routes/providers-layout').then((m) => ({ Component: m.ProvidersLayout })),
        children: [
          {
            path: 'auth',
            lazy: () =>
              import('./routes/auth/auth-layout').then((m) => ({ Component: m.AuthLayoutRoute })),
            children: [
              {
                path: 'login',
                lazy: () =>
                  import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
              },
              {
                path: 'signup',
                lazy: () =>
                  import('./routes/auth/signup').then((m) => ({ Component: m.SignupRoute })),
              },
            ],
          },
          {
            path: paths.onboarding,
            lazy: () =>
              import('./routes/onboarding').then((m) => ({ Component: m.OnboardingRoute })),
          },
          {
            path: paths.app.root,
            lazy: () =>
              import('./routes/app/app-layout').then((m) => ({ Component: m.AppLayoutRoute })),
            children: [
              { index: true, loader: () => redirect(paths.app.feed) },
              {
                path: 'feed',
                lazy: () => import('./routes/app/feed').then((m) => ({ Component: m.FeedRoute })),
              },
              {
                path: 'words',
                lazy: () => import('./routes/app/words').then((m) => ({ Component: m.WordsRoute })),
              },
              {
                path: 'words/:id',
                lazy: () =>
                  import('./routes/app/words-detail').then((m) => ({
                    Component: m.WordDetailRoute,
                  })),
              },
              {
                path: 'groups',
                lazy: () =>
                  import('./routes/app/groups').then((m) => ({ Component: m.GroupsRoute })),
              },
              {
                path: 'groups/:id',
                lazy: () =>
                  import('./routes/app/group-detail').then((m) => ({
                    Component: m.GroupDetailRoute,
                  })),
              },
              {
                path: 'practice/infinity',
                lazy: () =>
                  import('./routes/app/practice-infinity').then((m) => ({
                    Component: m.InfinityPracticeRoute,
                  })),
              },
              {
                path: 'profile',
                lazy: () =>
                  import('./routes/app/profile').then((m) => ({ Component: m.ProfileRoute })),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
]);
