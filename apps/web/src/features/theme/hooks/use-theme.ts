import { useSyncExternalStore } from 'react';
import { getResolvedTheme, getTheme, setTheme, subscribeTheme } from '../theme';

/** The chosen theme (light, dark or system) and the one actually shown. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribeTheme, getTheme);
  const resolvedTheme = useSyncExternalStore(subscribeTheme, getResolvedTheme);
  return { theme, resolvedTheme, setTheme };
}
