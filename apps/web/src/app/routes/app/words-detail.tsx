import { useParams } from 'react-router';
import { SCREEN_TEXT } from '@verba/shared';
import { WordDetail } from '@/features/words/components/word-detail';
import { usePageMeta } from '@/lib/page-meta';
import { useProfile } from '@/lib/profile';

/** /app/words/:id: one saved card, reachable by a link and after a reload. */
export function WordDetailRoute() {
  usePageMeta({
    title: SCREEN_TEXT.myWords,
    description: 'A word card from your collection.',
    noindex: true,
  });
  const { id = '' } = useParams();
  const targetLanguage = useProfile().data?.targetLanguage ?? 'es';
  return <WordDetail key={id} id={id} targetLanguage={targetLanguage} />;
}
