import { PageHeader } from '@/components/layouts/page-header';
import { usePageMeta } from '@/lib/page-meta';

export function FeedRoute() {
  usePageMeta({
    title: 'Daily Practice',
    description: "Today's spaced-repetition practice session.",
    noindex: true,
  });
  return <PageHeader title="Daily Practice" />;
}
