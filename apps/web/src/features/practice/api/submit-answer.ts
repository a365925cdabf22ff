import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applyAnswer,
  type AnswerResult,
  type FeedState,
  type PracticeSession,
  type SubmitAnswerInput,
} from '@verba/shared';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/query-invalidation';
import { queryKeys } from '@/lib/query-keys';

/**
 * Sends one answer; the server checks it and, asked for a minimal return, answers with what it
 * changed, without the session the app already holds.
 */
export function submitAnswer(sessionId: string, input: SubmitAnswerInput): Promise<AnswerResult> {
  return api.post<AnswerResult>(
    `/api/practice/sessions/${encodeURIComponent(sessionId)}/answers`,
    input,
    { prefer: 'return=minimal' },
  );
}

/** An answer's result and the session after it. */
export interface Answered {
  result: AnswerResult;
  session: PracticeSession;
}

export function useSubmitAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      session,
      input,
    }: {
      session: PracticeSession;
      input: SubmitAnswerInput;
    }): Promise<Answered> => {
      const result = await submitAnswer(session.id, input);
      return { result, session: applyAnswer(session, result) };
    },
    onSuccess: ({ session }) => {
      queryClient.setQueryData(queryKeys.practiceSession(session.id), session);
      // Leaving the feed and coming back mid-session finds the item the learner is on. A finished
      // session is no feed state: the feed asks the server what comes next once its screen has
      // shown the last result.
      const feed = queryClient.getQueryData<FeedState>(queryKeys.practiceFeed);
      if (!session.summary && feed?.kind === 'session' && feed.session.id === session.id) {
        const next: FeedState = { kind: 'session', session };
        queryClient.setQueryData(queryKeys.practiceFeed, next);
      }
      void markStale(queryClient, session.summary ? 'session.completed' : 'answer.submitted');
    },
  });
}
