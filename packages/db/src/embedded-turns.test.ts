import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { takeTurns } from './embedded-turns.ts';

/** Runs `count` statements at once; answers how many had finished at each turn of the loop. */
async function turnsSeen(client: PGlite, count: number): Promise<number[]> {
  let done = 0;
  const seen: number[] = [];
  const watch = () => {
    seen.push(done);
    if (done < count) setImmediate(watch);
  };
  setImmediate(watch);
  await Promise.all(
    Array.from({ length: count }, () => client.query('select 1').then(() => done++)),
  );
  return seen;
}

// Each test starts a PGlite of its own, which takes seconds on a busy two-core machine.
describe('the embedded database takes turns with the event loop', () => {
  it('lets the loop turn between statements once a turn is used up', async () => {
    const client = await PGlite.create();
    takeTurns(client, 0);
    const seen = await turnsSeen(client, 12);
    await client.close();
    // Each count of finished statements up to the last was seen by a turn: one statement a turn.
    expect(seen).toEqual(expect.arrayContaining(Array.from({ length: 12 }, (_, n) => n)));
  });

  it('without turns, statements run back to back and the loop waits for all of them', async () => {
    const client = await PGlite.create();
    const seen = await turnsSeen(client, 12);
    await client.close();
    expect(seen.filter((n) => n > 0 && n < 12)).toEqual([]);
  });

  it('keeps a transaction whole; a statement queued behind it runs after it', async () => {
    const client = await PGlite.create();
    takeTurns(client, 0);
    await client.exec('create table t (n int)');
    const order: string[] = [];
    await Promise.all([
      client.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        order.push('first insert');
        await tx.query('insert into t values (2)');
        order.push('second insert');
      }),
      client.query<{ n: number }>('select count(*)::int as n from t').then(({ rows }) => {
        order.push(`read ${rows[0]?.n}`);
      }),
    ]);
    await client.close();
    expect(order).toEqual(['first insert', 'second insert', 'read 2']);
  });
});
