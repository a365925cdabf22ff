import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { AppFrame, TabContent, tabClassName } from './app-frame';

/** The signed-in app's frame with the bottom navigation's links. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <AppFrame
      renderTab={(tab) => (
        <NavLink to={tab.to} className={({ isActive }) => tabClassName(isActive)}>
          {({ isActive }) => <TabContent tab={tab} isActive={isActive} />}
        </NavLink>
      )}
    >
      {children}
    </AppFrame>
  );
}
