import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_WEIGHTS } from '@verba/srs';
import { afterAll, expect, it } from 'vitest';
import { learnerPolicyText } from './learner-policy.ts';

// The production build runs the retention table's worker from `dist/policy-worker.mjs`, an entry
// of its own next to the server (bundle.mjs). Built here into a folder inside apps/api, so that the
// bundle's npm imports resolve as they do in dist/.
const apiDir = fileURLToPath(new URL('../../../', import.meta.url));
const outdir = mkdtempSync(join(apiDir, '.build-test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

it('the production build computes a learner’s table in its worker entry', async () => {
  const script = new URL('../../../bundle.mjs', import.meta.url).href;
  const { buildApi } = (await import(script)) as { buildApi: (dir: string) => Promise<unknown> };
  await buildApi(outdir);
  const weights = DEFAULT_WEIGHTS.map((w, i) => (i === 8 ? w * 0.5 : w));
  const worker = new Worker(join(outdir, 'policy-worker.mjs'), { workerData: { weights } });
  const text = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  expect(text).toBe(learnerPolicyText(weights));
  // …and the server starts it from beside itself.
  expect(readFileSync(join(outdir, 'server.mjs'), 'utf8')).toMatch(
    /["']\.\/policy-worker\.mjs["']/,
  );
});
