import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors.ts';

describe('isDatabaseUnavailable', () => {
  it('knows a database that is restarting or cut off, however the error is wrapped', () => {
    const cases: unknown[] = [
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      // A stopping process's database, closing or closed under a request cut at the deadline.
      new Error('Failed query: select 1', { cause: new Error('PGlite is closing') }),
      new Error('PGlite is closed'),
      new Error('Cannot use a pool after calling end on the pool'),
    ];
    for (const error of cases) expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('leaves real errors to be errors', () => {
    const cases: unknown[] = [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      new Error('Something else'),
      null,
      'text',
    ];
    for (const error of cases) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
