import type { ReactNode } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Toaster } from 'sonner';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { queryClient } from '@/lib/core/query-client';
import {
  askAgainForRestoredQueries,
  PERSIST_MAX_AGE,
  persister,
  shouldPersistQuery,
} from '@/lib/core/query-persistence';

// Toasts sit above the bottom navigation and onboarding's bottom button (both under 5 rem), so
// they never cover the controls a learner is reaching for: those, the Back button and the
// progress at the top, stay free.
const BOTTOM_CONTROLS = 'calc(5.5rem + env(safe-area-inset-bottom))';
const TOAST_OFFSET = { bottom: BOTTOM_CONTROLS, left: '1rem', right: '1rem' };

/**
 * Data layer and the one toast system, for every page that talks to the API. Who is signed in and
 * their profile are kept on the device, so the installed app opens without a network.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { resolvedTheme } = useTheme();
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: PERSIST_MAX_AGE,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
      }}
      onSuccess={() => void askAgainForRestoredQueries(queryClient)}
    >
      {children}
      <Toaster
        theme={resolvedTheme}
        position="bottom-center"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        richColors
        closeButton
      />
    </PersistQueryClientProvider>
  );
}
