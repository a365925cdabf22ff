import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyncEntry } from '@verba/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/core/query-keys';
import { queueEntries, waitingFor } from '@/lib/outbox/outbox-sync';
import { renderInApp } from '@/testing/render';
import { SignOutButton } from './sign-out-button';

const LEARNER = { id: '0190f0a0-0000-7000-8000-00000000abcd', email: 'anna@example.com' };

const answer = (n: number): SyncEntry => ({
  kind: 'answer',
  id: `0190f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  at: new Date().toISOString(),
  timeZone: 'UTC',
  sessionId: '0190f0a0-0000-7000-8000-00000000f00d',
  itemIndex: n,
  answer: { type: 'flashcard', knew: true },
  responseTimeMs: 1000,
});

describe('signing out with answers waiting to be synced', () => {
  let requests: string[];
  beforeEach(() => {
    requests = [];
    // The server is out of reach for the sync; signing out itself answers.
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        requests.push(url);
        if (url.includes('/api/auth/sign-out')) {
          return Promise.resolve(
            new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
          );
        }
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says how many would be lost, lets the learner wait, or sign out leaving none behind', async () => {
    await queueEntries(LEARNER.id, [answer(1), answer(2)]);
    const { queryClient } = renderInApp(<SignOutButton />);
    queryClient.setQueryData(queryKeys.session, LEARNER);

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('2 answers have not reached the server yet');
    await userEvent.click(screen.getByRole('button', { name: 'Wait for sync' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((url) => url.includes('sign-out'))).toBe(false);
    expect(await waitingFor(LEARNER.id)).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out and lose them' }));
    await waitFor(() => expect(requests.some((url) => url.includes('sign-out'))).toBe(true));
    expect(await waitingFor(LEARNER.id)).toBe(0);
  });

  it('signs out at once when nothing waits', async () => {
    const { queryClient } = renderInApp(<SignOutButton />);
    queryClient.setQueryData(queryKeys.session, { ...LEARNER, id: 'someone-else' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(requests.some((url) => url.includes('sign-out'))).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
