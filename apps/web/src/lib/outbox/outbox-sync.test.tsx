import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

const warning = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { warning, error: vi.fn(), success: vi.fn() } }));

const { startOutboxSync } = await import('./outbox-sync');
const { outboxStatus } = await import('./outbox-status');

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
