import { prefetchWords } from '@/features/words/api/get-words';
import { queryClient } from '@/lib/core/query-client';
import { queryKeys } from '@/lib/core/query-keys';

/**
 * Moving to the feed warms My Words with the first 20 words (spec §2 "App shell"), once the
 * signed-in user is known; a visitor who is not signed in asks for nothing.
 */
export function prefetchWordsForFeed(): void {
  if (!queryClient.getQueryData(queryKeys.session)) return;
  void prefetchWords(queryClient);
}
