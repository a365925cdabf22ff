import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  PRACTICE_ERROR_TEXT,
  type FeedState,
  type PracticeSession,
  type SessionMode,
  type GroupDetail,
  type Profile,
  type StartSessionInput,
  type WordOnDevice,
  type WordsOnDevice,
} from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { ApiError } from '@/lib/core/api-error';
import { newTimeOrderedId } from '@/lib/outbox/time-ordered-id';
import { isOnline } from '@/lib/core/online';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';
import { WORDS_ON_DEVICE_KEY } from '@/lib/outbox/words-on-device';
import { sessionOnDevice } from '../utils/session-on-device';
import { isNetworkFailure, learnerOf, queueOnDevice } from './queue-on-device';

interface TemporalNow {
  Temporal?: { Now?: { timeZoneId?: () => string } };
}

/**
 * The learner's time zone: their day ends at their own midnight (streaks, session expiry).
 *
 * Temporal answers from the zone the engine already knows. The first Intl.DateTimeFormat of a page
 * loads the locale's date patterns (about 100 ms on a slow phone, in the task that starts the
 * feed's session), so it is only the fallback for browsers without Temporal.
 */
export function browserTimeZone(): string {
  try {
    const fromTemporal = (globalThis as TemporalNow).Temporal?.Now?.timeZoneId?.();
    if (fromTemporal) return fromTemporal;
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Starts a session. A daily start resumes the open session if there is one; nothing due (daily)
 * or no words at all (infinity) is a 409. The id is made here, so a retried start is one session.
 */
export function startSession(input: StartSessionInput): Promise<PracticeSession> {
  return api.post<PracticeSession>('/api/practice/sessions', input);
}

export interface StartSessionVariables {
  mode: SessionMode;
  groupId?: string | null;
  /** The same id on a retry of the same start. */
  id?: string;
}

/**
 * A group's words as the device keeps them for its screen, ready for a round: an infinity round
 * counts every word as learning, so their repetitions do not matter. Words still waiting for
 * their translation are not practised, as on the server.
 */
function groupWordsOnDevice(queryClient: QueryClient, groupId: string): WordOnDevice[] | null {
  const group = queryClient.getQueryData<GroupDetail>(queryKeys.group(groupId));
  const profile = queryClient.getQueryData<Profile>(queryKeys.profile);
  if (!group || !profile) return null;
  return group.words
    .filter((w) => w.translation !== '')
    .map((w) => ({
      id: w.id,
      word: w.word,
      translation: w.translation,
      ipa: w.ipa,
      reading: w.reading,
      language: profile.targetLanguage,
      translationLanguage: profile.nativeLanguage,
      examples: w.examples.slice(0, 2),
      mastered: w.mastered,
      repetitions: 0,
      nextReviewDate: w.nextReviewDate,
    }));
}

/**
 * A session started on the device while the server cannot be reached, and queued for it
 * (decision 048): from the words it keeps, or for a group's round from the group it keeps. Null
 * when the device cannot start one (nothing kept, no one signed in): the start then fails as it
 * would have. Nothing to practise is the server's 409.
 */
async function startHere(
  queryClient: QueryClient,
  { mode, groupId, id }: Required<StartSessionVariables>,
): Promise<PracticeSession | null> {
  const learnerId = learnerOf(queryClient);
  const words =
    groupId === null
      ? queryClient.getQueryData<WordsOnDevice>(WORDS_ON_DEVICE_KEY)?.words
      : groupWordsOnDevice(queryClient, groupId);
  if (!learnerId || !words) return null;
  const started = sessionOnDevice(words, {
    id,
    mode,
    now: new Date(),
    timeZone: browserTimeZone(),
    random: Math.random,
  });
  if (!started) {
    const message = mode === 'daily' ? PRACTICE_ERROR_TEXT.nothingDue : PRACTICE_ERROR_TEXT.noWords;
    throw new ApiError({ status: 409, code: 'CONFLICT', message });
  }
  await queueOnDevice(learnerId, [started.entry]);
  return started.session;
}

/**
 * Starts a session on the server, or offline (decision 012) on the device from the words it
 * keeps. A start made offline is queued, and its answers follow it to the server in order.
 */
async function startAnywhere(
  queryClient: QueryClient,
  variables: Required<StartSessionVariables>,
): Promise<PracticeSession> {
  const { mode, groupId, id } = variables;
  if (!isOnline()) {
    const here = await startHere(queryClient, variables);
    if (here) return here;
  }
  try {
    return await startSession({ id, mode, groupId, timeZone: browserTimeZone() });
  } catch (error) {
    const here = isNetworkFailure(error) ? await startHere(queryClient, variables) : null;
    if (here) return here;
    throw error;
  }
}

export function useStartSession() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline a session starts on the device: it must never wait for the network.
    networkMode: 'always',
    mutationFn: ({ mode, groupId = null, id = newTimeOrderedId() }: StartSessionVariables) =>
      startAnywhere(queryClient, { mode, groupId, id }),
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.practiceSession(session.id), session);
      if (session.mode === 'daily') {
        const feed: FeedState = { kind: 'session', session };
        queryClient.setQueryData(queryKeys.practiceFeed, feed);
      }
      return markStale(queryClient, 'session.started');
    },
  });
}
