import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MINUTE = 60_000;

/** Retries once, except for 4xx answers: repeating those gives the same answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 1;
}

// Global defaults from the spec (§9 "Caches"): fresh 10 min, kept 1 h, no refetch on focus, 1 retry.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10 * MINUTE,
      gcTime: 60 * MINUTE,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    },
    mutations: {
      retry: false,
      // A write made offline is tried at once and fails with a clear message (the answer was not
      // saved) rather than waiting unseen for a network the learner may never get back to.
      networkMode: 'always',
    },
  },
});
