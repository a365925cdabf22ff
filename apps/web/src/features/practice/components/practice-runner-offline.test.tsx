import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PracticeSession, SyncEntry } from '@verba/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteServerReached } from '@/lib/core/online';
import { queryKeys } from '@/lib/core/query-keys';
import { openOutbox } from '@/lib/outbox/outbox-store';
import { practiceSession, practiceWord } from '@/testing/practice-data';
import { renderInApp } from '@/testing/render';
import { PracticeRunner } from './practice-runner';

const LEARNER = { id: '0190f0a0-0000-7000-8000-00000000aaaa', email: 'anna@example.com' };
const currentCard = () => screen.getByRole('group', { name: /^Item \d+ of \d+$/ });

async function waitingEntries(): Promise<SyncEntry[]> {
  const records = await openOutbox().oldest(LEARNER.id, 100);
  return records.map((r) => r.entry);
}

function renderSignedIn(session: PracticeSession) {
  const onComplete = vi.fn();
  const onSessionGone = vi.fn();
  const { queryClient } = renderInApp(
    <PracticeRunner
      initialSession={session}
      header={(s) => <p>{s.items.filter((i) => i.completed).length} answered</p>}
      onComplete={onComplete}
      onSessionGone={onSessionGone}
    />,
  );
  queryClient.setQueryData(queryKeys.session, LEARNER);
  queryClient.setQueryData(queryKeys.profile, { currentStreak: 4 });
  return { onComplete, onSessionGone };
}

describe('the practice runner without a server', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'navigator',
      Object.create(navigator, {
        vibrate: { value: () => true },
        // The device says it has a network: only the failed requests tell the app it is offline.
        onLine: { value: true },
      }),
    );
    // Every request fails before an answer, as with no connection.
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
  });
  afterEach(() => {
    noteServerReached(true);
    vi.unstubAllGlobals();
  });

  it('checks each answer on the device, moves on, queues it, and completes with the usual figures', async () => {
    const dog = practiceWord({ word: 'el perro', translation: 'the dog' });
    const cat = practiceWord({ word: 'el gato', translation: 'the cat' });
    const session = practiceSession(
      [
        {
          type: 'multiple-choice',
          word: dog,
          options: ['the cat', 'the dog', 'the bird', 'the fish'],
        },
        { type: 'spelling', word: cat },
        { type: 'flashcard', word: dog },
      ],
      { expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    );
    const { onComplete, onSessionGone } = renderSignedIn(session);

    // The right option, checked here: the server never answered.
    await userEvent.click(screen.getByRole('button', { name: /the dog/ }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Correct!'));
    await waitFor(() => expect(currentCard()).toHaveAccessibleName('Item 2 of 3'));

    // A wrong spelling shows the correction, as online.
    await userEvent.type(screen.getByLabelText('Type the word in Spanish'), 'el perro{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Not quite'));
    expect(screen.getByTestId('answer-feedback')).toHaveTextContent('el gato');
    const next = await screen.findByRole('button', { name: /Continue/ });
    await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(next);

    await waitFor(() => expect(currentCard()).toHaveAccessibleName('Item 3 of 3'));
    await userEvent.keyboard(' ');
    await userEvent.keyboard('1');

    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    const [completed, lastAnswerId] = onComplete.mock.calls[0] as [PracticeSession, null];
    expect(completed.summary).toMatchObject({
      wordsPracticed: 2,
      correctCount: 2,
      accuracy: 67,
      currentStreak: 4,
    });
    // Nothing on the device can be undone: the server has not seen it.
    expect(lastAnswerId).toBeNull();
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(onSessionGone).not.toHaveBeenCalled();

    const entries = await waitingEntries();
    expect(entries.map((e) => e.kind)).toEqual(['answer', 'answer', 'answer', 'complete']);
    expect(entries[0]).toMatchObject({
      sessionId: session.id,
      itemIndex: 0,
      answer: { type: 'multiple-choice', optionIndex: 1 },
      timeZone: expect.any(String),
    });
    expect(entries[1]).toMatchObject({
      itemIndex: 1,
      answer: { type: 'spelling', text: 'el perro' },
    });
    expect(entries.every((e) => e.kind !== 'start')).toBe(true);
  });
});
