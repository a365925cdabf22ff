import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

const warning = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { warning, error: vi.fn(), success: vi.fn() } }));

const { queueEntries, startOutboxSync } = await import('./outbox-sync');
const { outboxStatus } = await import('./outbox-status');
const { noteServerReached } = await import('../core/online');
const { dispatchLiveUpdate } = await import('../live-update-events');

const LEARNER = '0190f0a0-0000-7000-8000-00000000c0de';

describe('the outbox when the app starts', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    localStorage.clear();
    warning.mockClear();
  });

  it('reports answers lost when the browser cleared the storage they were kept in', async () => {
    // Last time, this device's outbox (another database than the one there now) held 3 answers.
    localStorage.setItem('verba-outbox-instance', 'a-database-the-browser-cleared');
    localStorage.setItem(`verba-outbox-waiting:${LEARNER}`, '3');
    stop = startOutboxSync(LEARNER);
    await vi.waitFor(() =>
      expect(warning).toHaveBeenCalledWith(
        'The browser cleared 3 answers that were waiting to sync',
        expect.objectContaining({ description: expect.stringContaining('could not be counted') }),
      ),
    );
    expect(outboxStatus().waiting).toBe(0);
    // Reported once: the next start finds the database it knows.
    stop();
    warning.mockClear();
    stop = startOutboxSync(LEARNER);
    await vi.waitFor(() =>
      expect(localStorage.getItem(`verba-outbox-waiting:${LEARNER}`)).toBe('0'),
    );
    expect(warning).not.toHaveBeenCalled();
  });

  it('says nothing on a first start or when nothing was waiting', async () => {
    stop = startOutboxSync(LEARNER);
    await vi.waitFor(() => expect(localStorage.getItem('verba-outbox-instance')).not.toBeNull());
    expect(warning).not.toHaveBeenCalled();
  });
});

describe('the occasions the outbox is sent at', () => {
  it('sends when an entry is queued, when the page is shown again, when the stream reconnects and when the server is back', async () => {
    // The server is restarting: it answers, but takes nothing yet, so the entry stays queued.
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        if (path !== '/api/practice/sync') return Promise.resolve(new Response('{}'));
        sent.push(path);
        return Promise.resolve(new Response('{}', { status: 503 }));
      }),
    );
    const stop = startOutboxSync(LEARNER);
    try {
      await queueEntries(LEARNER, [
        {
          kind: 'complete',
          id: '0190f0a0-0000-7000-8000-000000000001',
          at: new Date().toISOString(),
          timeZone: 'UTC',
          sessionId: '0190f0a0-0000-7000-8000-000000000002',
        },
      ]);
      await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(1));
      const after = async (occasion: () => void) => {
        // Each send settles before the next occasion: one asked for meanwhile would be merged.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const before = sent.length;
        occasion();
        await vi.waitFor(() => expect(sent.length).toBe(before + 1));
      };
      await after(() => document.dispatchEvent(new Event('visibilitychange')));
      await after(() => dispatchLiveUpdate({ kind: 'reset' }));
      await after(() => {
        noteServerReached(false);
        noteServerReached(true);
      });
      expect(outboxStatus().waiting).toBe(1);
    } finally {
      stop();
      vi.unstubAllGlobals();
      noteServerReached(true);
    }
  });
});
