import { describe, expect, it } from 'vitest';
import { createDraining } from './draining.ts';

describe('createDraining', () => {
  it('is settled at once with no request in flight, and when the last one leaves', async () => {
    const draining = createDraining();
    await expect(draining.settled()).resolves.toBeUndefined();

    draining.enter();
    draining.enter();
    let settled = false;
    const waiting = draining.settled().then(() => {
      settled = true;
    });
    draining.leave();
    await Promise.resolve();
    expect(settled).toBe(false);
    draining.leave();
    await waiting;
    expect(settled).toBe(true);
  });
});
