import { useMutation } from '@tanstack/react-query';
import type { GeneratedCard, GenerateWordInput } from '@verba/shared';
import { api } from '@/lib/core/api-client';

export interface GenerateWordRequest extends GenerateWordInput {
  /** Aborts the request: the learner cancelled a slow generation. */
  signal?: AbortSignal;
}

/** Asks the server's AI provider for a card in the learner's languages; nothing is saved. */
export function generateWord({ signal, ...input }: GenerateWordRequest): Promise<GeneratedCard> {
  return api.post<GeneratedCard>('/api/words/generate', input, { signal });
}

export function useGenerateWord() {
  return useMutation({ mutationFn: generateWord });
}
