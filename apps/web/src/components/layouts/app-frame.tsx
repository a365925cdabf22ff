import type { ReactNode } from 'react';
import { BookOpen, Layers, User, Zap, type LucideIcon } from 'lucide-react';
import { SCREEN_TEXT } from '@verba/shared';
import { paths } from '@/config/paths';
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

export function tabClassName(isActive: boolean): string {
  return cn(
    'flex flex-1 flex-col items-center justify-center gap-1 rounded-lg text-xs font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
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
 * The signed-in app's frame: a phone-width column with the bottom navigation. Free of the router,
 * so the frame can paint before the app's code has arrived (route-skeleton.tsx); `renderTab`
 * draws each tab's link.
 */
export function AppFrame({
  children,
  renderTab,
}: {
  children: ReactNode;
  renderTab: (tab: AppTab) => ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col">
      <main id="main" className="flex-1 px-4 pt-6 pb-[calc(5rem+env(safe-area-inset-bottom))]">
        {children}
      </main>
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/80"
      >
        <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
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
