import type { Database } from '@verba/db';
import { describe, expect, it } from 'vitest';
import { createLiveness } from './liveness.ts';

function fakeDatabase(answers: boolean[]) {
  const db = {
    calls: 0,
    execute: async () => {
      const ok = answers[db.calls++] ?? true;
      if (!ok) throw new Error('connection refused');
      return [];
    },
  };
  return db;
}

describe('liveness', () => {
  it('asks the database at most once a second, sharing the answer', async () => {
    let now = 0;
    const db = fakeDatabase([true, false]);
    const liveness = createLiveness(db as unknown as Database, 1000, () => now);
    expect(await Promise.all([1, 2, 3].map(() => liveness.databaseReachable()))).toEqual([
      true,
      true,
      true,
    ]);
    now = 999;
    expect(await liveness.databaseReachable()).toBe(true);
    expect(db.calls).toBe(1);
    now = 1000;
    expect(await liveness.databaseReachable()).toBe(false);
    expect(db.calls).toBe(2);
  });
});
