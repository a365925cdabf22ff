import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWordInput, LanguageCode, Word } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { ApiError } from '@/lib/core/api-error';
import { markStale } from '@/lib/core/query-invalidation';
import { demoCard } from '../data/demo-words';

/** What the sample card says beyond the word itself: the same for every language pair. */
export const DEMO_CARD_EXTRAS = {
  grammarType: 'noun',
  cefrLevel: 'A2',
  themes: ['Nature & Weather', 'Animals'],
} as const;

/** The onboarding sample word as a card the API accepts: the learner's first word. */
export function demoWordInput(
  id: string,
  native: LanguageCode,
  target: LanguageCode,
): CreateWordInput {
  const sample = demoCard(native, target);
  return {
    id,
    word: sample.word,
    translation: sample.translation,
    ipa: sample.ipa,
    mnemonic: sample.mnemonic ?? null,
    examples: [sample.example],
    grammarType: DEMO_CARD_EXTRAS.grammarType,
    cefrLevel: DEMO_CARD_EXTRAS.cefrLevel,
    themes: [...DEMO_CARD_EXTRAS.themes],
  };
}

/**
 * 'Save & Continue' saves the sample word with its card. Sent again (a retry, Back then Save &
 * Continue) it is stored once: the same id is a no-op, and the word already saved is no error.
 */
export async function saveDemoWord(input: CreateWordInput): Promise<void> {
  try {
    await api.post<Word>('/api/words', input);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'CONFLICT') return;
    throw error;
  }
}

export function useSaveDemoWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDemoWord,
    onSuccess: () => markStale(queryClient, 'word.saved'),
  });
}
