import { SCREEN_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { usePageMeta } from '@/lib/page-meta';

export function WordsRoute() {
  usePageMeta({
    title: SCREEN_TEXT.myWords,
    description: 'Your word collection and AI word cards.',
    noindex: true,
  });
  return <PageHeader title={SCREEN_TEXT.myWords} />;
}
