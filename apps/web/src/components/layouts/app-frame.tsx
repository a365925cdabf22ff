import type { ReactNode } from 'react';
import { BookOpen, Layers, User, Zap, type LucideIcon } from 'lucide-react';
import { SCREEN_TEXT } from '@verba/shared';
import { paths } from '@/config/paths';
import { BrandMark } from '@/components/ui/brand-mark';
import { cn } from '@/lib/cn';

export interface AppTab {
  to: string;
  label: string;
  icon: LucideIcon;
}

// The four tabs of the app shell (spec §2, "App shell").
const TABS: readonly AppTab[] = [
  { to: paths.app.feed, label: SCREEN_TEXT.navFeed, icon: Zap },
  { to: paths.app.words, label: SCREEN_TEXT.navWords, icon: BookOpen },
  { to: paths.app.groups, label: SCREEN_TEXT.navGroups, icon: Layers },
  { to: paths.app.profile, label: SCREEN_TEXT.navProfile, icon: User },
];

// A tab is an icon over its label in the bottom bar, and an icon beside it in the side navigation.
export function tabClassName(isActive: boolean): string {
  return cn(
    'flex flex-1 flex-col items-center justify-center gap-1 rounded-lg text-xs font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
    'lg:h-11 lg:flex-row lg:justify-start lg:gap-3 lg:px-3 lg:text-sm',
    isActive
      ? 'text-primary lg:bg-accent lg:text-accent-foreground'
      : 'text-muted-foreground hover:text-foreground lg:hover:bg-muted',
  );
}

export function TabContent({ tab, isActive }: { tab: AppTab; isActive: boolean }) {
  const Icon = tab.icon;
  return (
    <>
      <Icon aria-hidden="true" className="size-5" strokeWidth={isActive ? 2.5 : 2} />
      <span>{tab.label}</span>
    </>
  );
}

/**
 * The signed-in app's frame: on a phone, a column with the tabs in a bar at the bottom; from
 * 1024 px, the same navigation as a column at the side and wider content (a page that marks
 * itself `data-layout="wide"`, such as My Words with its card beside the list, gets more room).
 * The layout is CSS alone, so the frame paints the same before and after the app's code arrives.
 * Free of the router, so the frame can paint before the app's code has arrived
 * (route-skeleton.tsx); `renderTab` draws each tab's link.
 */
export function AppFrame({
  children,
  renderTab,
}: {
  children: ReactNode;
  renderTab: (tab: AppTab) => ReactNode;
}) {
  return (
    <div className="flex min-h-dvh w-full flex-col lg:ps-60">
      <main
        id="main"
        className="mx-auto w-full max-w-md flex-1 px-4 pt-6 pb-[calc(5rem+env(safe-area-inset-bottom))] lg:max-w-3xl lg:px-8 lg:pt-10 lg:pb-12 lg:has-[[data-layout=wide]]:max-w-6xl"
      >
        {children}
      </main>
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/80 lg:inset-y-0 lg:end-auto lg:w-60 lg:border-t-0 lg:border-e lg:bg-card lg:px-3 lg:pt-6 lg:pb-6 lg:backdrop-blur-none"
      >
        <div className="hidden items-center gap-2 px-3 pb-8 text-lg font-bold tracking-tight lg:flex">
          <BrandMark className="size-8" />
          <span>Verba</span>
        </div>
        <ul className="mx-auto grid h-16 max-w-md grid-cols-4 lg:h-auto lg:max-w-none lg:grid-cols-1 lg:gap-1">
          {TABS.map((tab) => (
            <li key={tab.to} className="flex">
              {renderTab(tab)}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
