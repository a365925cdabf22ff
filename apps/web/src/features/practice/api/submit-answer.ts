import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  applyAnswer,
  type AnswerResult,
  type FeedState,
  type PracticeSession,
  type Profile,
  type SubmitAnswerInput,
  type SyncEntry,
  type WordsOnDevice,
} from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { ApiError } from '@/lib/core/api-error';
import { isOnline } from '@/lib/core/online';
import { newTimeOrderedId } from '@/lib/outbox/time-ordered-id';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';
import { WORDS_ON_DEVICE_KEY } from '@/lib/outbox/words-on-device';
import { answerOnDevice } from '../utils/answer-on-device';
import { practisedOnDevice } from '../utils/session-on-device';
import { isNetworkFailure, learnerOf, queueOnDevice, waitsOnDevice } from './queue-on-device';
import { browserTimeZone } from './start-session';

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
  /**
   * Checked on the device and waiting in the outbox for the server: it cannot be undone, and
   * what only the server knows (a word mastered) comes when it is synced.
   */
  onDevice: boolean;
}

/** Response times measured on this device, by session and item, for a summary made here. */
const measured = new Map<string, Map<number, number>>();

function measure(sessionId: string, input: SubmitAnswerInput) {
  const times = measured.get(sessionId) ?? new Map<number, number>();
  times.set(input.itemIndex, input.responseTimeMs);
  measured.set(sessionId, times);
}

/**
 * Checks the answer on the device and queues it, with the session's completion when it was the
 * last item, for the server (decision 048). Refused as the server would refuse it (409, 404).
 */
async function answerHere(
  queryClient: QueryClient,
  learnerId: string,
  session: PracticeSession,
  input: SubmitAnswerInput,
): Promise<Answered> {
  const now = new Date();
  const checked = answerOnDevice(session, input, now, {
    responseTimesMs: [...(measured.get(session.id)?.values() ?? [])],
    currentStreak: queryClient.getQueryData<Profile>(queryKeys.profile)?.currentStreak ?? 0,
  });
  if (checked.refused) {
    const { code, message } = checked.refused;
    throw new ApiError({ status: code === 'NOT_FOUND' ? 404 : 409, code, message });
  }
  const base = { at: now.toISOString(), timeZone: browserTimeZone(), sessionId: session.id };
  const entries: SyncEntry[] = [{ kind: 'answer', id: input.id, ...base, ...answerFields(input) }];
  if (checked.session.completedAt) {
    entries.push({ kind: 'complete', id: newTimeOrderedId(now.getTime()), ...base });
  }
  await queueOnDevice(learnerId, entries);
  return { result: checked.result, session: checked.session, onDevice: true };
}

const answerFields = ({ itemIndex, answer, responseTimeMs }: SubmitAnswerInput) => ({
  itemIndex,
  answer,
  responseTimeMs,
});

/**
 * An answer goes to the server while it answers. Offline (decision 012: the browser says so, or
 * a request found no server), and for a session whose earlier answers still wait on the device,
 * it is checked here and queued: the learner goes on at once, and the server gets the answers in
 * the order they were given.
 */
async function sendAnswer(
  queryClient: QueryClient,
  session: PracticeSession,
  input: SubmitAnswerInput,
): Promise<Answered> {
  measure(session.id, input);
  const learnerId = learnerOf(queryClient);
  if (!learnerId) return { ...(await fromServer(session, input)), onDevice: false };
  if (!isOnline() || (await waitsOnDevice(learnerId, session.id))) {
    return answerHere(queryClient, learnerId, session, input);
  }
  try {
    return { ...(await fromServer(session, input)), onDevice: false };
  } catch (error) {
    if (isNetworkFailure(error)) return answerHere(queryClient, learnerId, session, input);
    throw error;
  }
}

async function fromServer(session: PracticeSession, input: SubmitAnswerInput) {
  const result = await submitAnswer(session.id, input);
  return { result, session: applyAnswer(session, result) };
}

export function useSubmitAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the answer is checked here and queued: it must never wait for the network.
    networkMode: 'always',
    mutationFn: ({ session, input }: { session: PracticeSession; input: SubmitAnswerInput }) =>
      sendAnswer(queryClient, session, input),
    onSuccess: ({ session, onDevice }) => {
      queryClient.setQueryData(queryKeys.practiceSession(session.id), session);
      // Leaving the feed and coming back mid-session finds the item the learner is on. A finished
      // session is no feed state: the feed asks the server what comes next once its screen has
      // shown the last result. Offline it cannot ask: the feed keeps the finished session, so a
      // reload shows its completion rather than its last item again.
      const feed = queryClient.getQueryData<FeedState>(queryKeys.practiceFeed);
      const kept = !session.summary || onDevice;
      if (kept && feed?.kind === 'session' && feed.session.id === session.id) {
        const next: FeedState = { kind: 'session', session };
        queryClient.setQueryData(queryKeys.practiceFeed, next);
      }
      if (session.summary) measured.delete(session.id);
      // A daily session finished offline: its words are not due again today on this device.
      if (onDevice && session.summary) {
        queryClient.setQueryData<WordsOnDevice>(
          WORDS_ON_DEVICE_KEY,
          (kept) => kept && { words: practisedOnDevice(kept.words, session) },
        );
      }
      void markStale(queryClient, session.summary ? 'session.completed' : 'answer.submitted');
    },
  });
}
