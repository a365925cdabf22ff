import { useParams } from 'react-router';
import { WordDetail } from '@/features/words/components/word-detail';
import { useProfile } from '@/lib/core/profile';

/**
 * /app/words/:id: one saved card, reachable by a link and after a reload, drawn inside My Words
 * (words.tsx), which also answers a link that cannot name a word with the not-found page.
 */
export function WordDetailRoute() {
  const { id = '' } = useParams();
  const targetLanguage = useProfile().data?.targetLanguage ?? 'es';
  return <WordDetail key={id} id={id} targetLanguage={targetLanguage} />;
}
