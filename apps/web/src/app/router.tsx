import {
  Outlet,
  redirect,
  ScrollRestoration,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { hasRouteSkeleton, RouteSkeleton } from '@/components/layouts/route-skeleton';
import { paths } from '@/config/paths';
import { AppLayoutRoute } from './routes/app/app-layout';
import { AuthLayoutRoute } from './routes/auth/auth-layout';
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

/**
 * Every page's module is loaded on demand. The layouts that every sign-in and signed-in page
 * renders (data layer, toasts, route gates, app frame) come with the router itself: a first visit
 * then needs fewer files before it can paint. A visit that starts on the landing page loads none of
 * this (src/main.tsx).
 */
const routes: RouteObject[] = [
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
        Component: ProvidersLayout,
        children: [
          {
            path: 'auth',
            Component: AuthLayoutRoute,
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
            Component: AppLayoutRoute,
            children: [
              { index: true, loader: () => redirect(paths.app.feed) },
              {
                path: 'feed',
                lazy: () => import('./routes/app/feed').then((m) => ({ Component: m.FeedRoute })),
              },
              {
                // A word's card is drawn beside the list (on a phone, in its place).
                path: 'words',
                lazy: () => import('./routes/app/words').then((m) => ({ Component: m.WordsRoute })),
                children: [
                  {
                    path: ':id',
                    lazy: () =>
                      import('./routes/app/words-detail').then((m) => ({
                        Component: m.WordDetailRoute,
                      })),
                  },
                ],
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
];

/**
 * The browser router, as react-router's createBrowserRouter makes it, but not yet started: the
 * caller starts it (`initialize()`, which begins the first navigation) in a task of its own, as
 * building the route table and starting the navigation together would block a slow phone's main
 * thread in one long task. Called once, by src/app/index.tsx.
 */
export const createAppRouter = () =>
  createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
  });
