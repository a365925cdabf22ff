import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteServerReached } from '@/lib/core/online';
import { forgetOutboxStatus, noteOutboxWaiting, SYNCED_SHOWN_MS } from '@/lib/outbox/outbox-status';
import { OfflineMark } from './offline-mark';

describe('the offline mark of the app shell', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      noteServerReached(true);
      forgetOutboxStatus();
    });
    vi.useRealTimers();
  });

  it('says offline, then how many answers wait, in a polite live region', () => {
    render(
      <div role="status">
        <OfflineMark />
      </div>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('');

    act(() => noteServerReached(false));
    expect(region).toHaveTextContent(/^Offline$/);
    act(() => noteOutboxWaiting(1));
    expect(region).toHaveTextContent('Offline — 1 answer waiting');
    act(() => noteOutboxWaiting(3));
    expect(region).toHaveTextContent('Offline — 3 answers waiting');
  });

  it('says "Synced" for a moment once a send empties the outbox, then nothing', () => {
    render(
      <div role="status">
        <OfflineMark />
      </div>,
    );
    const region = screen.getByRole('status');
    act(() => noteOutboxWaiting(2));
    expect(region).toHaveTextContent('2 answers waiting to sync');

    act(() => noteOutboxWaiting(0, true));
    expect(region).toHaveTextContent('Synced');
    act(() => vi.advanceTimersByTime(SYNCED_SHOWN_MS));
    expect(region).toHaveTextContent('');
  });

  it('says nothing when an empty outbox is counted again', () => {
    render(
      <div role="status">
        <OfflineMark />
      </div>,
    );
    act(() => noteOutboxWaiting(0, true));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
