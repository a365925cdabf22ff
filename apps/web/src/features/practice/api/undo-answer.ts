import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedState, PracticeSession, UndoAnswerInput } from '@verba/shared';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/query-invalidation';
import { queryKeys } from '@/lib/query-keys';

/** Takes back the session's last answer; the server answers with the session after the undo. */
export function undoAnswer(sessionId: string, input: UndoAnswerInput): Promise<PracticeSession> {
  return api.post<PracticeSession>(
    `/api/practice/sessions/${encodeURIComponent(sessionId)}/undo`,
    input,
  );
}

export function useUndoAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, answerId }: { sessionId: string; answerId: string }) =>
      undoAnswer(sessionId, { answerId }),
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.practiceSession(session.id), session);
      // Coming back to the feed finds the undone item open again.
      const feed = queryClient.getQueryData<FeedState>(queryKeys.practiceFeed);
      if (feed?.kind === 'session' && feed.session.id === session.id) {
        const next: FeedState = { kind: 'session', session };
        queryClient.setQueryData(queryKeys.practiceFeed, next);
      }
      void markStale(queryClient, 'answer.undone');
    },
  });
}
