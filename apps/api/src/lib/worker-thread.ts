import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// Run from the TypeScript sources (development, tests), a worker loads its entry through tsx.
const TS_WORKER = `const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.entry, workerData.entry));`;

/**
 * A worker thread running `entry`: a `.ts` file from the sources is loaded through tsx (found from
 * here, whatever the working folder); the production build bundles each worker as an `.mjs` entry
 * next to the server (apps/api/bundle.mjs).
 */
export function startWorker(entry: URL, workerData: Record<string, unknown> = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  // The ES module build of tsx's API: its CommonJS build registers its loader from a wrong path.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
    /\.cjs$/,
    '.mjs',
  );
  return new Worker(TS_WORKER, {
    eval: true,
    workerData: { ...workerData, entry: entry.href, tsx },
  });
}
