import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedState, PracticeSession, UndoAnswerInput } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';

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
    onSuccess: async (session) => {
      queryClient.setQueryData(queryKeys.practiceSession(session.id), session);
      // Coming back to the feed finds the undone item open again. An undone last answer reopens
      // its daily session, which the feed shows again in place of what followed its completion.
      const feed = queryClient.getQueryData<FeedState>(queryKeys.practiceFeed);
      const reopened = session.mode === 'daily' && !session.completedAt && feed?.kind !== 'session';
      if (reopened || (feed?.kind === 'session' && feed.session.id === session.id)) {
        // A feed request still under way from before the undo would answer without it.
        await queryClient.cancelQueries({ queryKey: queryKeys.practiceFeed });
        const next: FeedState = { kind: 'session', session };
        queryClient.setQueryData(queryKeys.practiceFeed, next);
      }
      void markStale(queryClient, 'answer.undone');
    },
  });
}
