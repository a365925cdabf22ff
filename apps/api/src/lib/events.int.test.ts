import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '../testing/harness.ts';
import type { AppEvent } from './events.ts';

// Two API "processes" on one database: on PostgreSQL each has its own LISTEN connection.
let a: TestHarness;
let b: TestHarness;
beforeAll(async () => {
  a = await TestHarness.start();
  b = await TestHarness.onDatabase(a.database, {}, await a.database.connectAgain());
});
afterAll(() => a.close());

const WITHIN_SECONDS = { timeout: 5_000, interval: 20 };

describe('the events bus', () => {
  it('delivers an event published through one process to a subscriber in another', async () => {
    const heard: AppEvent[] = [];
    const stop = b.services.events.subscribe((event) => heard.push(event));
    try {
      await a.services.events.publish({ userId: 'user-a', kind: 'session.revoked', id: 'x1' });
      await expect
        .poll(() => heard, WITHIN_SECONDS)
        .toContainEqual({ userId: 'user-a', kind: 'session.revoked', id: 'x1' });
    } finally {
      stop();
    }
  });

  it('gives a subscriber for one user none of another user’s events', async () => {
    const forA: AppEvent[] = [];
    const forB: AppEvent[] = [];
    const stops = [
      b.services.events.subscribe((event) => forA.push(event), 'user-a'),
      b.services.events.subscribe((event) => forB.push(event), 'user-b'),
    ];
    try {
      await a.services.events.publish({ userId: 'user-a', kind: 'session.revoked', id: 'a1' });
      await a.services.events.publish({ userId: 'user-b', kind: 'session.revoked', id: 'b1' });
      await expect.poll(() => forB.length, WITHIN_SECONDS).toBe(1);
      await expect.poll(() => forA.length, WITHIN_SECONDS).toBe(1);
      expect(forA.every((event) => event.userId === 'user-a')).toBe(true);
      expect(forB).toEqual([{ userId: 'user-b', kind: 'session.revoked', id: 'b1' }]);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('stops delivering after unsubscribing', async () => {
    const heard: AppEvent[] = [];
    const stop = b.services.events.subscribe((event) => heard.push(event), 'user-c');
    stop();
    const marker: AppEvent[] = [];
    const stopMarker = b.services.events.subscribe((event) => marker.push(event), 'user-c');
    try {
      await a.services.events.publish({ userId: 'user-c', kind: 'session.revoked', id: 'c1' });
      await expect.poll(() => marker.length, WITHIN_SECONDS).toBe(1);
      expect(heard).toEqual([]);
    } finally {
      stopMarker();
    }
  });
});
