import { schema } from '@verba/db';
import { IMPORT_TEXT, type ImportJob, type LatestImport } from '@verba/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '../../testing/harness.ts';
import { importsSettled } from './imports.service.ts';

// PostgreSQL only (vitest.config.ts): two API processes on one database.
let a: TestHarness;
let b: TestHarness;
beforeAll(async () => {
  a = await TestHarness.start();
  b = await TestHarness.onDatabase(a.database, {}, await a.database.connectAgain());
});
afterAll(() => a.close());

const upload = (t: TestHarness, cookie: string, text: string) =>
  t.request('/api/imports', {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/octet-stream' },
    body: new TextEncoder().encode(text),
  });

describe('imports across processes', () => {
  it('refuses a second import in another process while the first runs, and leaves it running', async () => {
    const user = await a.signUp();
    const text = Array.from({ length: 5000 }, (_, i) => `palabra ${i}\tword ${i}`).join('\n');
    const first = await upload(a, user.cookie, text);
    expect(first.status).toBe(202);
    const job = (await first.json()) as ImportJob;
    const second = await upload(b, user.cookie, 'otra\tother');
    // Refused while the first runs, unless it had already finished.
    const [row] = await a.db
      .select({ status: schema.importJobs.status })
      .from(schema.importJobs)
      .where(eq(schema.importJobs.id, job.id));
    if (second.status === 409) {
      expect(((await second.json()) as { error: { message: string } }).error.message).toBe(
        IMPORT_TEXT.alreadyRunning,
      );
      // The other process does not take the running import for dead.
      const latest = (await (
        await b.request('/api/imports/latest', { cookie: user.cookie })
      ).json()) as LatestImport;
      expect(latest.job?.id).toBe(job.id);
      expect(latest.job?.status).not.toBe('failed');
    } else {
      expect(row?.status).toBe('done');
    }
    await importsSettled();
    const [words] = await a.db
      .select({ n: count() })
      .from(schema.words)
      .where(eq(schema.words.userId, user.id));
    expect(words?.n).toBe(second.status === 409 ? 5000 : 5001);
  });
});
