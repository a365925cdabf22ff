import { useMutation } from '@tanstack/react-query';
import type { GeneratedCard, GenerateWordInput } from '@verba/shared';
import { api } from '@/lib/api-client';

/** Asks the server's AI provider for a card in the learner's languages; nothing is saved. */
export function generateWord(input: GenerateWordInput): Promise<GeneratedCard> {
  return api.post<GeneratedCard>('/api/words/generate', input);
}

export function useGenerateWord() {
  return useMutation({ mutationFn: generateWord });
}
