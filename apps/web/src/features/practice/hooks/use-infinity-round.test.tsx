import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PracticeSession, WordOnDevice } from '@verba/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** What the device keeps, in the cache before the screen first reads it (as restored). */
function Seeded({ seed }: { seed: (queryClient: QueryClient) => void }) {
  const queryClient = useQueryClient();
  useState(() => seed(queryClient));
  return <Round />;
}

const renderRound = (path: string, seed: (queryClient: QueryClient) => void) =>
  renderInApp(<Seeded seed={seed} />, { path });

function Round() {
  const { view } = useInfinityRound();
  const { search } = useLocation();
  const round = view.kind === 'round' ? (view.session as PracticeSession) : null;
  return (
    <>
      <p>view: {view.kind}</p>
      <p>round: {round?.id ?? 'none'}</p>
      <p>words: {round?.words.map((w) => w.word).join(', ')}</p>
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
    renderRound(`/app/practice/infinity?session=${GONE_ROUND}`, (queryClient) => {
      queryClient.setQueryData(queryKeys.session, LEARNER);
      queryClient.setQueryData(queryKeys.profile, { totalWords: 3 });
      queryClient.setQueryData(WORDS_ON_DEVICE_KEY, { words: [word(1), word(2), word(3)] });
    });

    await waitFor(() => expect(screen.getByText('view: round')).toBeInTheDocument());
    const round = screen.getByText(/^round: /).textContent!.replace('round: ', '');
    expect(round).not.toBe(GONE_ROUND);
    expect(screen.getByText(/^address: /)).toHaveTextContent(`session=${round}`);
  });

  it('goes on from the copy the device keeps', async () => {
    renderRound(`/app/practice/infinity?session=${GONE_ROUND}`, (queryClient) => {
      queryClient.setQueryData(queryKeys.session, LEARNER);
      queryClient.setQueryData(queryKeys.profile, { totalWords: 3 });
      queryClient.setQueryData(queryKeys.practiceSession(GONE_ROUND), {
        id: GONE_ROUND,
        mode: 'infinity',
        words: [],
        items: [],
      });
    });

    await waitFor(() => expect(screen.getByText('view: round')).toBeInTheDocument());
    expect(screen.getByText(`round: ${GONE_ROUND}`)).toBeInTheDocument();
  });

  it("starts a group's round from the group the device keeps, without its words still being written", async () => {
    const group = '0190f0a0-0000-7000-8000-0000000000cc';
    renderRound(`/app/practice/infinity?group=${group}`, (queryClient) => {
      queryClient.setQueryData(queryKeys.session, LEARNER);
      queryClient.setQueryData(queryKeys.profile, {
        totalWords: 4,
        nativeLanguage: 'en',
        targetLanguage: 'es',
      });
      const cardOf = (n: number, translation = `word ${n}`) => ({
        ...word(n),
        translation,
        mnemonic: null,
        synonyms: [],
        grammarType: null,
        cefrLevel: null,
        themes: [],
        isFavorite: false,
        createdAt: new Date().toISOString(),
      });
      queryClient.setQueryData(queryKeys.group(group), {
        id: group,
        name: 'Food & Dining',
        words: [cardOf(1), cardOf(2), cardOf(3), cardOf(4, '')],
      });
    });

    await waitFor(() => expect(screen.getByText('view: round')).toBeInTheDocument());
    const words = screen
      .getByText(/^words: /)
      .textContent!.replace('words: ', '')
      .split(', ');
    expect(words.sort()).toEqual(['palabra 1', 'palabra 2', 'palabra 3']);
    expect(screen.getByText(/^address: /)).toHaveTextContent(`group=${group}`);
  });
});
