import { memo } from 'react';
import { PAGE_TEXT } from '@verba/shared';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { skeletonAt } from '@/config/routes';
import { cn } from '@/lib/cn';
import { AppFrame, TabContent, tabClassName } from './app-frame';
import { AUTH_HOME_CLASS, AuthCard, AuthFrame } from './auth-frame';
import { PageHeader } from './page-header';
import { LoadingScreen } from './loading-screen';

/** Whether `pathname` is behind a route gate, and so has a skeleton to paint first. */
export function hasRouteSkeleton(pathname: string): boolean {
  return skeletonAt(pathname) !== undefined;
}

function LoadingStatus({ className }: { className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-2 text-muted-foreground', className)}
    >
      <Spinner className="size-5" />
      <span>{PAGE_TEXT.loading}</span>
    </div>
  );
}

const isActiveTab = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`);

/**
 * What a gated page shows while its code downloads and while the route gate finds out who is
 * signed in: the page's own frame and heading with 'Loading...' where its content will be,
 * rather than a blank screen. Plain links stand in for the router's until the app has loaded.
 * Drawn again only for another path: the gate re-renders as each of its answers arrives.
 */
export const RouteSkeleton = memo(function RouteSkeleton({ pathname }: { pathname: string }) {
  const path = pathname.replace(/\/+$/, '');
  // Each page's skeleton and heading come from the route manifest (config/routes.ts).
  const skeleton = skeletonAt(path);
  if (skeleton?.kind === 'auth-card') {
    return (
      <AuthFrame
        homeLink={(content) => (
          <a href={paths.home} className={AUTH_HOME_CLASS}>
            {content}
          </a>
        )}
      >
        <AuthCard title={skeleton.heading ?? ''} description={skeleton.description ?? ''}>
          {/* As tall as the form it stands for, so the card does not jump when the form arrives. */}
          <LoadingStatus className="min-h-[16.75rem]" />
        </AuthCard>
      </AuthFrame>
    );
  }
  if (skeleton?.kind === 'app-frame') {
    return (
      <AppFrame
        renderTab={(tab) => {
          const active = isActiveTab(path, tab.to);
          return (
            <a
              href={tab.to}
              className={tabClassName(active)}
              aria-current={active ? 'page' : undefined}
            >
              <TabContent tab={tab} isActive={active} />
            </a>
          );
        }}
      >
        {skeleton.heading && <PageHeader title={skeleton.heading} />}
        <LoadingStatus className="py-16" />
      </AppFrame>
    );
  }
  return <LoadingScreen />;
});
