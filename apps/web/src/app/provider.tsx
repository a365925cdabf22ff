import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { queryClient } from '@/lib/query-client';

/** Data layer and the one toast system, for every page that talks to the API. */
export function AppProvider({ children }: { children: ReactNode }) {
  const { resolvedTheme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme={resolvedTheme} position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
