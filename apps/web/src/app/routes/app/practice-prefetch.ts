import { prefetchFeed } from '@/features/practice/api/get-feed';
import { queryClient } from '@/lib/core/query-client';
import { queryKeys } from '@/lib/core/query-keys';

/**
 * Moving to My Words warms the current practice session, the feed's state (spec §2 "App shell"),
 * once the signed-in user is known; a visitor who is not signed in asks for nothing.
 */
export function prefetchPracticeForWords(): void {
  if (!queryClient.getQueryData(queryKeys.session)) return;
  void prefetchFeed(queryClient);
}
