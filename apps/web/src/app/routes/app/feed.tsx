import { SCREEN_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { FeedEmptyState } from '@/features/feed/components/feed-empty-state';
import { usePageMeta } from '@/lib/page-meta';
import { useProfile } from '@/lib/profile';

export function FeedRoute() {
  usePageMeta({
    title: SCREEN_TEXT.dailyPractice,
    description: "Today's spaced-repetition practice session.",
    noindex: true,
  });
  const { data: profile } = useProfile();
  return (
    <>
      <PageHeader title={SCREEN_TEXT.dailyPractice} />
      {profile?.totalWords === 0 && <FeedEmptyState />}
    </>
  );
}
