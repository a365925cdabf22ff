import type { ReactNode } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Toaster } from 'sonner';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { queryClient } from '@/lib/query-client';
import { PERSIST_MAX_AGE, persister, shouldPersistQuery } from '@/lib/query-persistence';

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
    >
      {children}
      <Toaster theme={resolvedTheme} position="top-center" richColors closeButton />
    </PersistQueryClientProvider>
  );
}
