import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PracticeSession, WordOnDevice } from '@verba/shared';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteServerReached } from '@/lib/core/online';
import { queryKeys } from '@/lib/core/query-keys';
import { WORDS_ON_DEVICE_KEY } from '@/lib/outbox/words-on-device';
import { renderInApp } from '@/testing/render';
import { useInfinityRound } from './use-infinity-round';

const LEARNER = { id: '0190f0a0-0000-7000-8000-00000000aaaa', email: 'anna@example.com' };
const GONE_ROUND = '0190f0a0-0000-7000-8000-00000000dead';

const word = (n: number): WordOnDevice => ({
  id: `0190f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  word: `palabra ${n}`,
  translation: `word ${n}`,
  ipa: null,
  reading: null,
  language: 'es',
  translationLanguage: 'en',
  examples: [],
  mastered: false,
  repetitions: 0,
  nextReviewDate: new Date(Date.now() - 3_600_000).toISOString(),
});

function Round() {
  const { view } = useInfinityRound();
  const { search } = useLocation();
  const round = view.kind === 'round' ? (view.session as PracticeSession) : null;
  return (
    <>
      <p>view: {view.kind}</p>
      <p>round: {round?.id ?? 'none'}</p>
      <p>address: {search}</p>
    </>
  );
}

describe('an infinity round opened on its address while the server cannot be reached', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    // A request found no server: reads pause until it answers again.
    noteServerReached(false);
  });
  afterEach(() => {
    // Unmounted first: back online, a paused read would be sent to a real network.
    cleanup();
    noteServerReached(true);
    vi.unstubAllGlobals();
  });

  it('is replaced by a round from the words on the device when the device does not keep it', async () => {
    const { queryClient } = renderInApp(<Round />, {
      path: `/app/practice/infinity?session=${GONE_ROUND}`,
    });
    queryClient.setQueryData(queryKeys.session, LEARNER);
    queryClient.setQueryData(queryKeys.profile, { totalWords: 3 });
    queryClient.setQueryData(WORDS_ON_DEVICE_KEY, { words: [word(1), word(2), word(3)] });

    await waitFor(() => expect(screen.getByText('view: round')).toBeInTheDocument());
    const round = screen.getByText(/^round: /).textContent!.replace('round: ', '');
    expect(round).not.toBe(GONE_ROUND);
    expect(screen.getByText(/^address: /)).toHaveTextContent(`session=${round}`);
  });

  it('goes on from the copy the device keeps', async () => {
    const { queryClient } = renderInApp(<Round />, {
      path: `/app/practice/infinity?session=${GONE_ROUND}`,
    });
    queryClient.setQueryData(queryKeys.session, LEARNER);
    queryClient.setQueryData(queryKeys.profile, { totalWords: 3 });
    queryClient.setQueryData(queryKeys.practiceSession(GONE_ROUND), {
      id: GONE_ROUND,
      mode: 'infinity',
      items: [],
    });

    await waitFor(() => expect(screen.getByText('view: round')).toBeInTheDocument());
    expect(screen.getByText(`round: ${GONE_ROUND}`)).toBeInTheDocument();
  });
});
