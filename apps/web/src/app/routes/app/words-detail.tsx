import { useParams } from 'react-router';
import { isUuid, SCREEN_TEXT } from '@verba/shared';
import { NOT_FOUND_META, NotFound } from '@/components/errors/not-found';
import { WordDetail } from '@/features/words/components/word-detail';
import { usePageMeta } from '@/lib/page-meta';
import { useProfile } from '@/lib/profile';

/** /app/words/:id: one saved card, reachable by a link and after a reload. */
export function WordDetailRoute() {
  const { id = '' } = useParams();
  // A link that cannot name a word is a page that does not exist, not a server error.
  const exists = isUuid(id);
  usePageMeta(
    exists
      ? {
          title: SCREEN_TEXT.myWords,
          description: 'A word card from your collection.',
          noindex: true,
        }
      : NOT_FOUND_META,
  );
  const targetLanguage = useProfile().data?.targetLanguage ?? 'es';
  if (!exists) return <NotFound className="py-12" />;
  return <WordDetail key={id} id={id} targetLanguage={targetLanguage} />;
}
